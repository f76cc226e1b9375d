import { json } from '@sveltejs/kit';
import { serverContext } from '#lib/server/context.ts';
import { readCallback } from '#lib/server/counter-orders/callback-request.ts';
import type { RequestHandler } from './$types';

/**
 * The platform's order callback (spec 2, Events): `POST {callback_url}?orderId=<id>`. Answers
 * 200 once the id is recorded; the order is fetched after the answer.
 */
export const POST: RequestHandler = ({ params, url }) => {
	const context = serverContext();
	const callback = readCallback(context.counterOrders.tokens, params.token, url.searchParams);
	if (!callback.ok) return json({ error: callback.error }, { status: callback.status });
	context.counterOrders.received(callback.deviceId, callback.orderId);
	return json({ received: callback.orderId });
};
