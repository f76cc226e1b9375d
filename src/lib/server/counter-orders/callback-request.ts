/**
 * The order callback endpoint (spec 2, Events: `POST {callback_url}?orderId=<id>`, no body),
 * checked at the boundary: the token names a device, the order id is one plausible id. An
 * unknown token is a 404 (nothing tells a prober whether a device exists); a missing, repeated
 * or malformed `orderId` at a known address is a 400. Nothing is recorded for a bad callback.
 *
 * A good one is answered from its durable write alone: its address is looked up in the same
 * transaction that records it (CounterOrders.received), and an id checked here costs no query.
 * Only a bad id asks the store on its own, whether the address is known.
 */
import type { CallbackTokens } from './callback-tokens.ts';
import type { CallbackOutcome } from './counter-orders.ts';
import { isOrderId } from './order-id.ts';
import { log, messageOf } from '../logging/logger.ts';

export interface CallbackAnswer {
	status: 200 | 400 | 404 | 429 | 503;
	body:
		| { received: string }
		| {
				error:
					| 'unknown-callback'
					| 'bad-order-id'
					| 'too-many-unknown-orders'
					| 'not-recorded-try-again';
		  };
}

/**
 * The whole endpoint (the route only turns this into a response): a good callback is recorded
 * by `received` (durably, before it resolves) and answered 200; the fetch runs after. When the
 * store cannot take it (a full disk), nothing was recorded and the answer is 503; when the
 * device's callbacks named too many orders the platform does not know, a new id is refused with
 * 429 (order-inbox.ts). Either way the platform retries a failed callback with exponential
 * backoff (spec 2, Events: Failure).
 */
export async function answerCallback(
	counterOrders: {
		tokens: Pick<CallbackTokens, 'deviceOf'>;
		received(token: string, orderId: string): Promise<CallbackOutcome>;
	},
	token: string,
	query: URLSearchParams
): Promise<CallbackAnswer> {
	const ids = query.getAll('orderId');
	const orderId = ids.length === 1 && isOrderId(ids[0]!) ? ids[0]! : undefined;
	if (orderId === undefined) {
		return (await counterOrders.tokens.deviceOf(token))
			? { status: 400, body: { error: 'bad-order-id' } }
			: UNKNOWN_CALLBACK;
	}
	let outcome: CallbackOutcome;
	try {
		outcome = await counterOrders.received(token, orderId);
	} catch (error) {
		log.error(`order callback not recorded: ${messageOf(error)}`);
		return { status: 503, body: { error: 'not-recorded-try-again' } };
	}
	if (outcome === 'unknown-callback') return UNKNOWN_CALLBACK;
	if (outcome === 'refused') return { status: 429, body: { error: 'too-many-unknown-orders' } };
	return { status: 200, body: { received: orderId } };
}

const UNKNOWN_CALLBACK: CallbackAnswer = { status: 404, body: { error: 'unknown-callback' } };
