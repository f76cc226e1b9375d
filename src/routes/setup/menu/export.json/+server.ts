import { exportJson } from '#lib/server/catalog/exchange.ts';
import { requireManager } from '#lib/server/auth/roles.ts';
import { serverContext } from '#lib/server/context.ts';
import type { RequestHandler } from './$types';

export const GET: RequestHandler = async ({ locals }) => {
	requireManager(locals);
	return new Response(exportJson(await serverContext().catalog.list()), {
		headers: {
			'content-type': 'application/json; charset=utf-8',
			'content-disposition': 'attachment; filename="menu.json"'
		}
	});
};
