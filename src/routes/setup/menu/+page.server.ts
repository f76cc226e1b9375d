import { readForm, textField } from '#lib/server/http/forms.ts';
import { fail } from '@sveltejs/kit';
import { serverContext } from '#lib/server/context.ts';
import { readMenuUpload } from '#lib/server/setup/menu-upload.ts';
import {
	announcesTooLarge,
	MAX_PICTURE_BYTES,
	MAX_PICTURE_MEGAPIXELS,
	readPictureUpload
} from '#lib/server/setup/picture-upload.ts';
import type { Actions, PageServerLoad } from './$types';

export const load: PageServerLoad = async () => ({
	products: await serverContext().catalog.list(),
	pictureLimits: {
		megabytes: MAX_PICTURE_BYTES / (1024 * 1024),
		megapixels: MAX_PICTURE_MEGAPIXELS
	}
});

export const actions: Actions = {
	import: async ({ request }) => {
		const result = await readMenuUpload((await readForm(request)).get('file'));
		if (!result) return fail(400, { missing: true });
		if (!result.ok) return fail(400, { problems: result.problems.slice(0, 50) });
		const { catalog, pictures } = serverContext();
		await catalog.replaceAll(result.products);
		await pictures.pruneOrphans();
		return { imported: result.products.length };
	},
	availability: async ({ request }) => {
		const form = await readForm(request);
		const id = form.get('id');
		if (
			typeof id !== 'string' ||
			!(await serverContext().catalog.setAvailable(id, form.get('available') === 'true'))
		) {
			return fail(400);
		}
	},
	picture: async ({ request }) => {
		// Refused unread: past the server's body limit the form would only look empty.
		if (announcesTooLarge(request)) return fail(413, { pictureProblem: 'too-large' as const });
		const form = await readForm(request);
		const id = textField(form, 'id');
		const { catalog, pictures } = serverContext();
		// The product first: no picture is decoded for one that is gone.
		if (!(await catalog.get(id))) return fail(400, { pictureProblem: 'unknown-product' as const });
		const upload = await readPictureUpload(form.get('picture'));
		if (!upload.ok) return fail(400, { pictureProblem: upload.problem });
		if (!(await pictures.attach(id, upload.picture))) {
			return fail(400, { pictureProblem: 'unknown-product' as const });
		}
		return { pictureSaved: id };
	},
	removePicture: async ({ request }) => {
		const id = textField(await readForm(request), 'id');
		if (!(await serverContext().pictures.detach(id))) {
			return fail(400, { pictureProblem: 'unknown-product' as const });
		}
		return { pictureRemoved: id };
	}
};
