import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keyringOf } from '../store/keyring.ts';
import { ENGINES } from '../store/testing/test-stores.ts';
import { answerCallback } from './callback-request.ts';
import { CallbackTokens, callbackUrl } from './callback-tokens.ts';
import type { CallbackOutcome } from './counter-orders.ts';
import { closeOrderStores, orderStore, testClock } from './testing/order-store.ts';
import { log } from '../logging/logger.ts';

const TOKEN = 'a'.repeat(43);
const tokens = { deviceOf: async (token: string) => (token === TOKEN ? 'dev-1' : undefined) };
const query = (search: string) => new URLSearchParams(search);

/** The endpoint's counter orders: TOKEN is the only address a device has. */
function endpoint() {
	const received = vi.fn(async (token: string): Promise<CallbackOutcome> =>
		token === TOKEN ? 'recorded' : 'unknown-callback'
	);
	return { tokens, received };
}

describe('answerCallback: the boundary', () => {
	it('records the order of a good callback at its address', async () => {
		const orders = endpoint();
		expect(await answerCallback(orders, TOKEN, query('orderId=ord_000001'))).toEqual({
			status: 200,
			body: { received: 'ord_000001' }
		});
		expect(orders.received).toHaveBeenCalledExactlyOnceWith(TOKEN, 'ord_000001');
	});

	it('answers an unknown token with 404, whatever the order id', async () => {
		for (const token of ['b'.repeat(43), '', 'x', TOKEN.slice(1)]) {
			const orders = endpoint();
			expect(await answerCallback(orders, token, query('orderId=ord_1'))).toEqual({
				status: 404,
				body: { error: 'unknown-callback' }
			});
			expect((await answerCallback(orders, token, query(''))).status).toBe(404);
		}
	});

	it.each([
		['missing', ''],
		['empty', 'orderId='],
		['repeated (same id)', 'orderId=ord_1&orderId=ord_1'],
		['repeated (two ids)', 'orderId=ord_1&orderId=ord_2'],
		['with a space', 'orderId=ord%201'],
		['with a slash', 'orderId=ord%2F1'],
		['a path step', 'orderId=..'],
		['a dot', 'orderId=.'],
		['dots first', 'orderId=..%2F..'],
		['not ASCII', 'orderId=%C3%BCber'],
		['too long', `orderId=${'x'.repeat(129)}`],
		['under another name', 'order_id=ord_1']
	])('answers an order id %s with 400, recording nothing', async (_, search) => {
		const orders = endpoint();
		expect(await answerCallback(orders, TOKEN, query(search))).toEqual({
			status: 400,
			body: { error: 'bad-order-id' }
		});
		expect(orders.received).not.toHaveBeenCalled();
	});

	it('accepts ids up to 128 characters of letters, digits and . _ : -', async () => {
		for (const id of ['x'.repeat(128), 'ord_000001', 'A1.b-2:c_3', '7']) {
			const orders = endpoint();
			expect(await answerCallback(orders, TOKEN, query(`orderId=${id}`))).toMatchObject({
				status: 200
			});
			expect(orders.received).toHaveBeenCalledWith(TOKEN, id);
		}
	});
});

describe('answerCallback', () => {
	it('answers 200 only once the callback is recorded', async () => {
		let record = () => {};
		const received = vi.fn(
			() => new Promise<CallbackOutcome>((done) => (record = () => done('recorded')))
		);
		let answered = false;
		const answer = answerCallback({ tokens, received }, TOKEN, query('orderId=ord_1')).then(
			(result) => ((answered = true), result)
		);
		await expect.poll(() => received).toHaveBeenCalled();
		expect(received).toHaveBeenCalledExactlyOnceWith(TOKEN, 'ord_1');
		expect(answered).toBe(false);
		record();
		expect(await answer).toEqual({ status: 200, body: { received: 'ord_1' } });
	});

	it('answers 429 when the callback was refused for its device’s unknown orders, so the platform retries', async () => {
		const received = vi.fn(() => Promise.resolve<CallbackOutcome>('refused'));
		const answer = await answerCallback({ tokens, received }, TOKEN, query('orderId=ord_1'));
		expect(answer).toEqual({ status: 429, body: { error: 'too-many-unknown-orders' } });
	});

	it('answers 503 when the store cannot take the callback, so the platform retries', async () => {
		const received = vi.fn(() => Promise.reject(new Error('database or disk is full')));
		const logged = vi.spyOn(log, 'error').mockImplementation(() => {});
		const answer = await answerCallback({ tokens, received }, TOKEN, query('orderId=ord_1'));
		expect(answer).toEqual({ status: 503, body: { error: 'not-recorded-try-again' } });
		expect(logged).toHaveBeenCalledWith('order callback not recorded: database or disk is full');
		expect(JSON.stringify(logged.mock.calls)).not.toContain(TOKEN);
		logged.mockRestore();
	});
});

describe.each(ENGINES)('CallbackTokens on %s', (engine) => {
	afterEach(closeOrderStores);

	it('gives each device its own long random token, the same on every ask', async () => {
		const store = await orderStore(engine, testClock());
		const other = await store.addBoard('Second board', 'second-key');
		const tokens = new CallbackTokens(store.store, store.keyring);
		const first = await tokens.tokenOf(store.deviceId);
		expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
		expect(await tokens.tokenOf(store.deviceId)).toBe(first);
		expect(await tokens.tokenOf(other)).not.toBe(first);
		expect(await tokens.deviceOf(first)).toBe(store.deviceId);
		expect(await tokens.deviceOf(await tokens.tokenOf(other))).toBe(other);
	});

	it('survives a restart, stops the old address on rotation, and goes with the device', async () => {
		let store = await orderStore(engine, testClock());
		const token = await new CallbackTokens(store.store, store.keyring).tokenOf(store.deviceId);
		store = await store.reopen();
		const tokens = new CallbackTokens(store.store, store.keyring);
		expect(await tokens.deviceOf(token)).toBe(store.deviceId);
		const rotated = await tokens.rotate(store.deviceId);
		expect(rotated).not.toBe(token);
		expect(await tokens.deviceOf(token)).toBeUndefined();
		expect(await tokens.deviceOf(rotated)).toBe(store.deviceId);
		await store.removeDevice(store.deviceId);
		expect(await tokens.deviceOf(rotated)).toBeUndefined();
	});

	it('stores no token in clear: the table holds its keyed hash and its sealed form only', async () => {
		const store = await orderStore(engine, testClock());
		const tokens = new CallbackTokens(store.store, store.keyring);
		const token = await tokens.tokenOf(store.deviceId);
		const rows = await store.store.db.selectFrom('order_callback_tokens').selectAll().execute();
		expect(rows).toHaveLength(1);
		for (const value of Object.values(rows[0]!)) expect(String(value)).not.toContain(token);
		const unkeyed = createHash('sha256').update(token).digest('base64url');
		expect(rows[0]!.token_hash).not.toBe(unkeyed);
		// Another secret finds nothing by it and opens nothing of it.
		const stranger = new CallbackTokens(store.store, keyringOf('ab'.repeat(32)));
		expect(await stranger.deviceOf(token)).toBeUndefined();
		await expect(stranger.tokenOf(store.deviceId)).rejects.toThrow();
	});

	it('seals at start a token stored in clear before, so its address keeps working; once, on every server', async () => {
		const store = await orderStore(engine, testClock());
		const token = 'L'.repeat(43);
		await store.store.db
			.insertInto('unsealed_callback_tokens')
			.values({ device_id: store.deviceId, token, created_at: '2026-11-01T10:00:00.000Z' })
			.execute();
		const tokens = new CallbackTokens(store.store, store.keyring);
		await Promise.all([tokens.sealUnsealed(), tokens.sealUnsealed()]);
		expect(
			await store.store.db.selectFrom('unsealed_callback_tokens').selectAll().execute()
		).toEqual([]);
		expect(await tokens.deviceOf(token)).toBe(store.deviceId);
		expect(await tokens.tokenOf(store.deviceId)).toBe(token);
		expect(
			await store.store.db
				.selectFrom('order_callback_tokens')
				.select(['device_id', 'created_at'])
				.execute()
		).toEqual([{ device_id: store.deviceId, created_at: '2026-11-01T10:00:00.000Z' }]);
	});

	it('refuses malformed tokens without asking the store', async () => {
		const store = await orderStore(engine, testClock());
		const tokens = new CallbackTokens(store.store, store.keyring);
		const token = await tokens.tokenOf(store.deviceId);
		for (const bad of [token.slice(0, 42), `${token}x`, `${token.slice(0, 42)}'`, "' OR 1=1 --"]) {
			expect(await tokens.deviceOf(bad)).toBeUndefined();
		}
	});
});

describe('callbackUrl', () => {
	it('builds the address the platform calls', async () => {
		expect(callbackUrl('https://kiosk.example/', TOKEN)).toBe(
			`https://kiosk.example/api/orders/callback/${TOKEN}`
		);
	});
});
