import { json } from '@sveltejs/kit';
import { productQuerySchema, queryProducts } from '#lib/server/catalog/product-query.ts';
import { serverContext } from '#lib/server/context.ts';
import type { RequestHandler } from './$types';

export const GET: RequestHandler = async ({ url }) => {
	const query = productQuerySchema.safeParse(Object.fromEntries(url.searchParams));
	if (!query.success) {
		const problems = query.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
		return json({ error: { code: 'INVALID_QUERY', problems } }, { status: 400 });
	}
	return json(await queryProducts(serverContext().catalog, query.data));
};
