import { readForm, textField } from '#lib/server/http/forms.ts';
import { fail } from '@sveltejs/kit';
import { requireManager } from '#lib/server/auth/roles.ts';
import { serverContext } from '#lib/server/context.ts';
import { readMenuUpload } from '#lib/server/setup/menu-upload.ts';
import {
	announcesTooLarge,
	MAX_PICTURE_BYTES,
	MAX_PICTURE_MEGAPIXELS,
	readPictureUpload
} from '#lib/server/setup/picture-upload.ts';
import type { Actions, PageServerLoad } from './$types';

/** The menu, its import and every edit are a manager's (issue 14: roles); each edit is audited. */
export const load: PageServerLoad = async ({ locals }) => {
	requireManager(locals);
	return {
		products: await serverContext().catalog.list(),
		pictureLimits: {
			megabytes: MAX_PICTURE_BYTES / (1024 * 1024),
			megapixels: MAX_PICTURE_MEGAPIXELS
		}
	};
};

export const actions: Actions = {
	import: async ({ request, locals }) => {
		const actor = requireManager(locals);
		const result = await readMenuUpload((await readForm(request)).get('file'));
		if (!result) return fail(400, { missing: true });
		if (!result.ok) return fail(400, { problems: result.problems.slice(0, 50) });
		const { catalog, pictures, audit } = serverContext();
		const before = await catalog.list();
		await catalog.replaceAll(result.products);
		await pictures.pruneOrphans();
		const ids = (products: { id: string }[]) => products.map((product) => product.id);
		await audit.write(actor, 'menu.import', null, {
			before: { products: before.length, ids: ids(before) },
			after: { products: result.products.length, ids: ids(result.products) }
		});
		return { imported: result.products.length };
	},
	availability: async ({ request, locals }) => {
		const actor = requireManager(locals);
		const form = await readForm(request);
		const id = form.get('id');
		const available = form.get('available') === 'true';
		const { catalog, audit } = serverContext();
		const product = typeof id === 'string' ? await catalog.get(id) : undefined;
		if (typeof id !== 'string' || !product || !(await catalog.setAvailable(id, available))) {
			return fail(400);
		}
		await audit.write(actor, 'menu.availability', id, {
			before: { available: product.available },
			after: { available }
		});
	},
	picture: async ({ request, locals }) => {
		const actor = requireManager(locals);
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
		await serverContext().audit.write(actor, 'menu.picture', id, {
			after: { image: (await catalog.get(id))?.image ?? null }
		});
		return { pictureSaved: id };
	},
	removePicture: async ({ request, locals }) => {
		const actor = requireManager(locals);
		const id = textField(await readForm(request), 'id');
		const { catalog, pictures, audit } = serverContext();
		const before = (await catalog.get(id))?.image ?? null;
		if (!(await pictures.detach(id))) {
			return fail(400, { pictureProblem: 'unknown-product' as const });
		}
		await audit.write(actor, 'menu.picture-remove', id, { before: { image: before } });
		return { pictureRemoved: id };
	}
};
