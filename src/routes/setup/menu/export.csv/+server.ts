import { exportCsv } from '#lib/server/catalog/exchange.ts';
import { serverContext } from '#lib/server/context.ts';
import type { RequestHandler } from './$types';

export const GET: RequestHandler = async () =>
	new Response(exportCsv(await serverContext().catalog.list()), {
		headers: {
			'content-type': 'text/csv; charset=utf-8',
			'content-disposition': 'attachment; filename="menu.csv"'
		}
	});
