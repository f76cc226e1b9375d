import { serverContext } from '#lib/server/context.ts';
import { eventStream } from '#lib/server/http/event-stream.ts';
import type { RequestHandler } from './$types';

/** The order board's live feed: an `orders` event whenever its orders change. */
export const GET: RequestHandler = ({ locals }) => {
	const context = serverContext();
	const device = locals.screenDeviceId ? context.devices.get(locals.screenDeviceId) : undefined;
	if (device?.mode !== 'board') return new Response(null, { status: 401 });
	return eventStream('orders', (notify) => context.orderFeed.subscribe(notify));
};
