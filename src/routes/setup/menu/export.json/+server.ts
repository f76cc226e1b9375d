import { exportJson } from '#lib/server/catalog/exchange.ts';
import { serverContext } from '#lib/server/context.ts';
import type { RequestHandler } from './$types';

export const GET: RequestHandler = async () =>
	new Response(exportJson(await serverContext().catalog.list()), {
		headers: {
			'content-type': 'application/json; charset=utf-8',
			'content-disposition': 'attachment; filename="menu.json"'
		}
	});
