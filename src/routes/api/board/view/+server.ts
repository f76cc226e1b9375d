import { json } from '@sveltejs/kit';
import { serverContext } from '#lib/server/context.ts';
import { notPairedResponse, pairedDevice } from '#lib/server/setup/screen-session.ts';
import type { RequestHandler } from './$types';

/**
 * The order board's view as JSON, which the board reads again after each change of its feed:
 * the page's data path (devalue) walks every value of it, and took 7 times as long for a board
 * of 1,000 orders, holding up every other request meanwhile. 401 `not-paired` for any browser
 * not paired as a board.
 */
export const GET: RequestHandler = async ({ locals }) => {
	const context = serverContext();
	const device = await pairedDevice(context, locals.screenDeviceId, 'board');
	if (!device) return notPairedResponse();
	return json(await context.orderBoard.view(device.id));
};
