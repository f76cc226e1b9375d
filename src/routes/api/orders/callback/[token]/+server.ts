import { json } from '@sveltejs/kit';
import { serverContext } from '#lib/server/context.ts';
import { answerCallback } from '#lib/server/counter-orders/callback-request.ts';
import type { RequestHandler } from './$types';

/**
 * The platform's order callback (spec 2, Events): `POST {callback_url}?orderId=<id>`. Answers
 * 200 once the id is recorded; the order is fetched after the answer.
 */
export const POST: RequestHandler = async ({ params, url }) => {
	const answer = await answerCallback(
		serverContext().counterOrders,
		params.token,
		url.searchParams
	);
	return json(answer.body, { status: answer.status });
};
