import { serverContext } from '#lib/server/context.ts';
import { eventStream } from '#lib/server/http/event-stream.ts';
import { pairedDevice } from '#lib/server/setup/screen-session.ts';
import type { RequestHandler } from './$types';

/** The order board's live feed: an `orders` event (id: the change's number) on every change. */
export const GET: RequestHandler = async ({ locals, request }) => {
	const context = serverContext();
	if (!(await pairedDevice(context, locals.screenDeviceId, 'board'))) {
		return new Response(null, { status: 401 });
	}
	return eventStream('orders', context.orderFeed, request.headers.get('last-event-id'));
};
