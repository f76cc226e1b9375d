import { serverContext } from '#lib/server/context.ts';
import { eventStream } from '#lib/server/http/event-stream.ts';
import { pairedDevice } from '#lib/server/setup/screen-session.ts';
import type { RequestHandler } from './$types';

/** The ordering kiosk's live feed: a `menu` event whenever the menu changed (a product sold out). */
export const GET: RequestHandler = async ({ locals, request }) => {
	const context = serverContext();
	if (!(await pairedDevice(context, locals.screenDeviceId, 'kiosk'))) {
		return new Response(null, { status: 401 });
	}
	return eventStream('menu', context.menuFeed, request.headers.get('last-event-id'));
};
