import { exportCsv } from '#lib/server/catalog/exchange.ts';
import { requireManager } from '#lib/server/auth/roles.ts';
import { serverContext } from '#lib/server/context.ts';
import type { RequestHandler } from './$types';

export const GET: RequestHandler = async ({ locals }) => {
	requireManager(locals);
	return new Response(exportCsv(await serverContext().catalog.list()), {
		headers: {
			'content-type': 'text/csv; charset=utf-8',
			'content-disposition': 'attachment; filename="menu.csv"'
		}
	});
};
