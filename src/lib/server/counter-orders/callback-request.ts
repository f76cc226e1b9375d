/**
 * Checks an order callback at the boundary (spec 2, Events: `POST {callback_url}?orderId=<id>`,
 * no body): the token names a device, the order id is one plausible id. An unknown token is a
 * 404 (nothing tells a prober whether a device exists); a missing, repeated or malformed
 * `orderId` is a 400. Nothing is recorded for a bad callback.
 */
import type { CallbackTokens } from './callback-tokens.ts';

/** Ids are opaque strings (spec 2); this bounds them to what an id can look like. */
const ORDER_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export type CallbackCheck =
	| { ok: true; deviceId: string; orderId: string }
	| { ok: false; status: 400 | 404; error: 'unknown-callback' | 'bad-order-id' };

export function readCallback(
	tokens: Pick<CallbackTokens, 'deviceOf'>,
	token: string,
	query: URLSearchParams
): CallbackCheck {
	const deviceId = tokens.deviceOf(token);
	if (!deviceId) return { ok: false, status: 404, error: 'unknown-callback' };
	const ids = query.getAll('orderId');
	if (ids.length !== 1 || !ORDER_ID.test(ids[0]!)) {
		return { ok: false, status: 400, error: 'bad-order-id' };
	}
	return { ok: true, deviceId, orderId: ids[0]! };
}
