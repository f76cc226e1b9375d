import { readForm } from '#lib/server/http/forms.ts';
import { fail } from '@sveltejs/kit';
import { serverContext } from '#lib/server/context.ts';
import { readMenuUpload } from '#lib/server/setup/menu-upload.ts';
import type { Actions, PageServerLoad } from './$types';

export const load: PageServerLoad = async () => ({
	products: await serverContext().catalog.list()
});

export const actions: Actions = {
	import: async ({ request }) => {
		const result = await readMenuUpload((await readForm(request)).get('file'));
		if (!result) return fail(400, { missing: true });
		if (!result.ok) return fail(400, { problems: result.problems.slice(0, 50) });
		await serverContext().catalog.replaceAll(result.products);
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
	}
};
