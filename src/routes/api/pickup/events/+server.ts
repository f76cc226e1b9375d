import { serverContext } from '#lib/server/context.ts';
import { eventStream } from '#lib/server/http/event-stream.ts';
import { pairedDevice } from '#lib/server/setup/screen-session.ts';
import type { RequestHandler } from './$types';

/** The pickup screen's live feed: the board's change events. */
export const GET: RequestHandler = async ({ locals, request }) => {
	const context = serverContext();
	if (!(await pairedDevice(context, locals.screenDeviceId, 'pickup'))) {
		return new Response(null, { status: 401 });
	}
	return eventStream('orders', context.orderFeed, request.headers.get('last-event-id'));
};
