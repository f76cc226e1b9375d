/**
 * Checks an order callback at the boundary (spec 2, Events: `POST {callback_url}?orderId=<id>`,
 * no body): the token names a device, the order id is one plausible id. An unknown token is a
 * 404 (nothing tells a prober whether a device exists); a missing, repeated or malformed
 * `orderId` is a 400. Nothing is recorded for a bad callback.
 */
import type { CallbackTokens } from './callback-tokens.ts';
import type { RecordOutcome } from './order-inbox.ts';
import { isOrderId } from './order-id.ts';

export type CallbackCheck =
	| { ok: true; deviceId: string; orderId: string }
	| { ok: false; status: 400 | 404; error: 'unknown-callback' | 'bad-order-id' };

export async function readCallback(
	tokens: Pick<CallbackTokens, 'deviceOf'>,
	token: string,
	query: URLSearchParams
): Promise<CallbackCheck> {
	const deviceId = await tokens.deviceOf(token);
	if (!deviceId) return { ok: false, status: 404, error: 'unknown-callback' };
	const ids = query.getAll('orderId');
	if (ids.length !== 1 || !isOrderId(ids[0]!)) {
		return { ok: false, status: 400, error: 'bad-order-id' };
	}
	return { ok: true, deviceId, orderId: ids[0]! };
}

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
		received(deviceId: string, orderId: string): Promise<RecordOutcome>;
	},
	token: string,
	query: URLSearchParams
): Promise<CallbackAnswer> {
	const callback = await readCallback(counterOrders.tokens, token, query);
	if (!callback.ok) return { status: callback.status, body: { error: callback.error } };
	let outcome: RecordOutcome;
	try {
		outcome = await counterOrders.received(callback.deviceId, callback.orderId);
	} catch (error) {
		console.error(
			`order callback not recorded: ${error instanceof Error ? error.message : String(error)}`
		);
		return { status: 503, body: { error: 'not-recorded-try-again' } };
	}
	if (outcome === 'refused') return { status: 429, body: { error: 'too-many-unknown-orders' } };
	return { status: 200, body: { received: callback.orderId } };
}
