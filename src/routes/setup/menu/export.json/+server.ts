import { exportJson } from '#lib/server/catalog/exchange.ts';
import { requireManager } from '#lib/server/auth/roles.ts';
import { serverContext } from '#lib/server/context.ts';
import { venueNames } from '#lib/server/catalog/menu-names.ts';
import { venueAdditives } from '#lib/server/catalog/additives.ts';
import type { RequestHandler } from './$types';

export const GET: RequestHandler = async ({ locals }) => {
	requireManager(locals);
	const context = serverContext();
	const menu = exportJson(
		await context.catalog.list(),
		await venueNames(context.settings),
		await venueAdditives(context.settings)
	);
	return new Response(menu, {
		headers: {
			'content-type': 'application/json; charset=utf-8',
			'content-disposition': 'attachment; filename="menu.json"'
		}
	});
};
