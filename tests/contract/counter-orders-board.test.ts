/**
 * The order board's side of spec 2 against the real simulator over HTTP: the platform calls a
 * real callback endpoint (the route's own function, answerCallback) with the device's secret in
 * the address; orders are fetched, stored, driven through their statuses and paid at the
 * counter; faults are injected with /_sim/faults and what reached the platform is read back from
 * /_sim/requests. Work runs deterministically with the fetcher's and sender's drain(); retries
 * come due by moving the parts' clock, never by sleeping.
 */
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CounterOrderAction } from '#lib/shared/order-board.ts';
import { loadServerConfig } from '#lib/server/config.ts';
import { createServerContext } from '#lib/server/context.ts';
import { answerCallback } from '#lib/server/counter-orders/callback-request.ts';
import { callbackUrl } from '#lib/server/counter-orders/callback-tokens.ts';
import { CounterOrders } from '#lib/server/counter-orders/counter-orders.ts';
import { FETCH_BATCH } from '#lib/server/counter-orders/order-fetcher.ts';
import { UNKNOWN_ORDERS } from '#lib/server/counter-orders/order-inbox.ts';
import { DeviceRepository } from '#lib/server/devices/device-repository.ts';
import { PlatformViewStore } from '#lib/server/devices/platform-view.ts';
import { KnownPlaces } from '#lib/server/devices/known-places.ts';
import { DEFAULT_JOURNAL_LEASE_MS, Journal } from '#lib/server/journal/journal.ts';
import { OrderFeed } from '#lib/server/orders/order-feed.ts';
import { createPlatformClient } from '#lib/server/platform/client.ts';
import { openSqliteStore, type SqliteStore } from '#lib/server/store/sqlite-store.ts';
import { loadKeyring } from '#lib/server/store/keyring.ts';
import { useSimulator } from './harness.ts';

const sim = useSimulator();

const PLACE = 'place_main_stage';
const BOARD = 'dev_board_main';
const STATUS_PATH = '/v1/integrations/counter-orders/*/status';

interface Rig {
	dataDir: string;
	store: SqliteStore;
	deviceId: string;
	counterOrders: CounterOrders;
	journal: Journal;
	/** The callback address the simulator calls. */
	callbackAddress: string;
	/** Resolves when the endpoint has answered a callback for the order. */
	answered(orderId: string): Promise<{ status: number; storedAtAnswer: boolean }>;
	/** Moves the clock of the parts (retries come due). */
	advance(ms: number): void;
	close(): Promise<void>;
}

const rigs: Rig[] = [];
afterEach(async () => {
	for (const rig of rigs.splice(0)) await rig.close();
});

let clockAt = Date.UTC(2026, 10, 22, 10, 0, 0);

/**
 * The board's server side wired as context.ts wires it, on a store in `dataDir` (a fresh one, or
 * that of a rig that was closed: a restarted server), with the callback endpoint on a real port.
 */
async function boardRig(
	dataDir = mkdtempSync(join(tmpdir(), 'board-')),
	{ timeoutMs = 2_000 } = {}
): Promise<Rig> {
	const now = () => new Date(clockAt);
	const store = openSqliteStore(dataDir);
	const keyring = loadKeyring({ dataDir, demo: true });
	const devices = new DeviceRepository(store, keyring);
	const deviceId =
		(await devices.list())[0]?.id ??
		(
			await devices.add({
				name: 'Main board',
				mode: 'board',
				environment: 'simulator',
				baseUrl: sim.url,
				apiKey: sim.device(BOARD).apiKey
			})
		).id;
	const platformFor = async (id: string) =>
		createPlatformClient({
			baseUrl: (await devices.get(id))!.baseUrl,
			apiKey: await devices.apiKeyOf(id),
			timeoutMs,
			sleep: async () => {},
			random: () => 0
		});
	const views = new PlatformViewStore(store, now);
	await views.refresh(deviceId, await platformFor(deviceId));
	// As the server: held under its own name, the same after a restart.
	const journal = new Journal(store, now, { server: 'board-server', ms: DEFAULT_JOURNAL_LEASE_MS });
	const counterOrders = new CounterOrders({
		store,
		keyring,
		journal,
		views,
		places: new KnownPlaces(devices, views),
		feed: new OrderFeed(store),
		platformFor,
		reconcileMs: 60_000,
		now,
		random: () => 0
	});
	const waiting = new Map<string, (answer: { status: number; storedAtAnswer: boolean }) => void>();
	const answers = new Map<string, { status: number; storedAtAnswer: boolean }>();
	const server: Server = createServer(async (req, res) => {
		const url = new URL(req.url ?? '/', 'http://board.invalid');
		const token = url.pathname.match(/^\/api\/orders\/callback\/([^/]*)$/)?.[1];
		const answer =
			req.method === 'POST' && token !== undefined
				? await answerCallback(counterOrders, decodeURIComponent(token), url.searchParams)
				: { status: 404, body: {} };
		const orderId = url.searchParams.get('orderId') ?? '';
		const result = {
			status: answer.status,
			storedAtAnswer: (await counterOrders.orders.get(orderId)) !== undefined
		};
		res.writeHead(answer.status, { 'content-type': 'application/json' });
		res.end(JSON.stringify(answer.body));
		answers.set(orderId, result);
		waiting.get(orderId)?.(result);
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	const callbackAddress = callbackUrl(origin, await counterOrders.tokens.tokenOf(deviceId));
	expect(
		(await sim.control('PUT', '/_sim/callback-url', { url: callbackAddress, deviceId: BOARD }))
			.status
	).toBeLessThan(300);
	let closed = false;
	const rig: Rig = {
		dataDir,
		store,
		deviceId,
		counterOrders,
		journal,
		callbackAddress,
		answered: (orderId) =>
			answers.has(orderId)
				? Promise.resolve(answers.get(orderId)!)
				: new Promise((resolve) => waiting.set(orderId, resolve)),
		advance: (ms) => void (clockAt += ms),
		async close() {
			if (closed) return;
			closed = true;
			await counterOrders.fetcher.drain();
			await counterOrders.sender.drain();
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
			await store.close();
		}
	};
	rigs.push(rig);
	return rig;
}

/** A customer places an order in the app (NEW). */
async function placeOrder(body: Record<string, unknown> = {}): Promise<string> {
	const placed = await sim.control('POST', '/_sim/counter-orders', { placeId: PLACE, ...body });
	expect(placed.status).toBe(201);
	return placed.body.id as string;
}

/** Places an order, confirms its payment (the callback goes out) and fetches it. */
async function arrive(rig: Rig, body: Record<string, unknown> = {}): Promise<string> {
	const orderId = await placeOrder(body);
	const answered = rig.answered(orderId);
	expect(
		(await sim.control('POST', `/_sim/counter-orders/${orderId}/confirm-payment`)).status
	).toBe(200);
	expect(await answered).toEqual({ status: 200, storedAtAnswer: false });
	await rig.counterOrders.fetcher.drain();
	expect(await rig.counterOrders.orders.get(orderId)).toBeDefined();
	return orderId;
}

/** Staff take a step on the board; the sender runs it. */
async function step(rig: Rig, orderId: string, action: CounterOrderAction, message?: string) {
	expect(await rig.counterOrders.steps.request(rig.deviceId, orderId, action, message)).toEqual({
		ok: true
	});
	await rig.counterOrders.sender.drain();
}

async function simOrder(orderId: string): Promise<any> {
	const orders = (await sim.control('GET', '/_sim/counter-orders')).body as any[];
	return orders.find((order) => order.id === orderId);
}

/** Platform calls since the reset, as `METHOD path status[ dropped]`. */
async function calls(filter: (path: string) => boolean = () => true): Promise<string[]> {
	const log = (await sim.control('GET', '/_sim/requests')).body as any[];
	return log
		.filter((entry) => filter(entry.path))
		.map(
			(entry) => `${entry.method} ${entry.path} ${entry.status}${entry.dropped ? ' dropped' : ''}`
		);
}

const ofOrder = (orderId: string) => (path: string) =>
	path.startsWith(`/v1/integrations/counter-orders/${orderId}`);

const stored = async (rig: Rig, orderId: string) =>
	(await rig.counterOrders.orders.get(orderId))!.order;

/** The platform's order and the board's copy of it both show `fields`. */
async function bothShow(rig: Rig, orderId: string, fields: Record<string, unknown>) {
	expect(await simOrder(orderId)).toMatchObject(fields);
	expect(await stored(rig, orderId)).toMatchObject(fields);
}
const history = (rig: Rig, orderId: string) => rig.counterOrders.outbox.history(orderId);

async function fault(body: Record<string, unknown>) {
	expect((await sim.control('POST', '/_sim/faults', body)).status).toBeLessThan(300);
}

describe('the callback endpoint', () => {
	it('answers 200 once the id is recorded, fetches after the answer, stores the order', async () => {
		const rig = await boardRig();
		const orderId = await arrive(rig);
		const callbacks = (await sim.control('GET', '/_sim/callbacks')).body as any[];
		expect(callbacks).toMatchObject([{ orderId, status: 200, attempt: 1 }]);
		expect(callbacks[0].url).toBe(rig.callbackAddress);
		expect(await rig.counterOrders.orders.get(orderId)).toMatchObject({
			deviceId: rig.deviceId,
			placeId: PLACE,
			order: { id: orderId, status: 'APPROVABLE', paymentProcessor: 'EXTERNAL_MANUAL' }
		});
		expect(await calls(ofOrder(orderId))).toEqual([
			`GET /v1/integrations/counter-orders/${orderId} 200`
		]);
	});

	it('answers an unknown token 404 and a missing, repeated or malformed orderId 400, never 500', async () => {
		const rig = await boardRig();
		const post = async (url: string) => (await fetch(url, { method: 'POST' })).status;
		const base = rig.callbackAddress;
		const unknown = base.replace(/[^/]{43}$/, 'A'.repeat(43));
		expect(await post(`${unknown}?orderId=ord_000001`)).toBe(404);
		expect(await post(`${base.slice(0, -1)}?orderId=ord_000001`)).toBe(404);
		expect(await post(base)).toBe(400);
		expect(await post(`${base}?orderId=`)).toBe(400);
		expect(await post(`${base}?orderId=ord_1&orderId=ord_1`)).toBe(400);
		expect(await post(`${base}?orderId=ord_1&orderId=ord_2`)).toBe(400);
		expect(await post(`${base}?orderId=..`)).toBe(400);
		expect(await post(`${base}?orderId=${'x'.repeat(129)}`)).toBe(400);
		expect(await post(`${base}?orderId=%00`)).toBe(400);
		expect((await rig.counterOrders.inbox.health([rig.deviceId])).lastCallbackAt).toBeNull();
	});

	it('makes one order of repeated callbacks', async () => {
		const rig = await boardRig();
		const orderId = await arrive(rig);
		for (let i = 0; i < 3; i += 1) {
			const repeat = await fetch(`${rig.callbackAddress}?orderId=${orderId}`, { method: 'POST' });
			expect(repeat.status).toBe(200);
		}
		await rig.counterOrders.fetcher.drain();
		expect(await rig.counterOrders.orders.atPlace(PLACE, 10)).toHaveLength(1);
		expect(await calls(ofOrder(orderId))).toHaveLength(1);
		const row = await rig.store.db
			.selectFrom('order_inbox')
			.select(['callbacks', 'state'])
			.where('order_id', '=', orderId)
			.executeTakeFirst();
		expect(row).toEqual({ callbacks: 4, state: 'fetched' });
	});

	it('fetches after a restart an order recorded but not fetched (the platform unreachable, then the server killed)', async () => {
		const first = await boardRig();
		await fault({
			method: 'GET',
			path: '/v1/integrations/counter-orders/*',
			mode: 'status',
			status: 503,
			count: 4
		});
		const orderId = await placeOrder();
		const answered = first.answered(orderId);
		await sim.control('POST', `/_sim/counter-orders/${orderId}/confirm-payment`);
		expect(await answered).toEqual({ status: 200, storedAtAnswer: false });
		await first.counterOrders.fetcher.drain();
		expect(await first.counterOrders.orders.get(orderId)).toBeUndefined();
		await first.close();

		const second = await boardRig(first.dataDir);
		expect(await second.counterOrders.orders.get(orderId)).toBeUndefined();
		second.advance(60_000);
		await second.counterOrders.fetcher.drain();
		expect(await stored(second, orderId)).toMatchObject({ id: orderId, status: 'APPROVABLE' });
		expect(await calls(ofOrder(orderId))).toEqual([
			...Array(4).fill(`GET /v1/integrations/counter-orders/${orderId} 503`),
			`GET /v1/integrations/counter-orders/${orderId} 200`
		]);
	});
});

describe('forged callbacks (someone who learnt the callback address)', () => {
	it('a flood for orders the platform does not know: a bounded number of reads and rows, the rest refused for the platform to send again; a genuine order lands once', async () => {
		// Reads are counted: none may time out and be read again because the machine is busy.
		const rig = await boardRig(undefined, { timeoutMs: 60_000 });
		const post = async (orderId: string) =>
			(await fetch(`${rig.callbackAddress}?orderId=${orderId}`, { method: 'POST' })).status;
		const reads = async () =>
			(await calls((path) => path.startsWith('/v1/integrations/counter-orders/'))).length;
		const rows = async () =>
			(await rig.store.db.selectFrom('order_inbox').select('order_id').execute()).length;
		const WAVE = 100;
		// Made-up ids before the platform's in the fetcher's order: the genuine order waits behind them.
		const forged = (wave: number) =>
			Array.from({ length: WAVE }, (_, i) => `aa_forged_${wave}_${String(i).padStart(3, '0')}`);

		const genuine = await placeOrder();
		const genuineAnswered = rig.answered(genuine);
		await sim.control('POST', `/_sim/counter-orders/${genuine}/confirm-payment`);
		expect((await genuineAnswered).status).toBe(200);
		// The first wave is recorded until the platform has not known the budget's worth of them…
		const firstWave = forged(0);
		const firstAnswers = await Promise.all(firstWave.map(post));
		expect(firstAnswers.filter((status) => status !== 200 && status !== 429)).toEqual([]);
		await rig.counterOrders.fetcher.drain();
		const readsAfterFirstWave = await reads();
		expect(readsAfterFirstWave).toBeLessThanOrEqual(UNKNOWN_ORDERS.budget + FETCH_BATCH + 1);
		// …and the rest of the flood is refused: nothing recorded, nothing read.
		for (let wave = 1; wave < 20; wave += 1) {
			const statuses = await Promise.all(forged(wave).map(post));
			expect(new Set(statuses)).toEqual(new Set([429]));
			await rig.counterOrders.fetcher.drain();
		}
		expect(await reads()).toBe(readsAfterFirstWave);
		expect(await rows()).toBeLessThanOrEqual(WAVE + 1);
		// A recorded id named again and again makes no read now either.
		const recorded = firstWave[firstAnswers.indexOf(200)]!;
		for (let i = 0; i < 20; i += 1) expect(await post(recorded)).toBe(200);
		await rig.counterOrders.fetcher.drain();
		expect(await reads()).toBe(readsAfterFirstWave);

		// As the windows move on, every recorded callback is read, the genuine order once.
		for (let window = 0; (await rig.counterOrders.inbox.health([rig.deviceId])).waiting > 0;) {
			expect((window += 1)).toBeLessThan(WAVE);
			rig.advance(UNKNOWN_ORDERS.windowMs);
			await rig.counterOrders.fetcher.drain();
		}
		expect(await reads()).toBeLessThanOrEqual((await rows()) + 1);
		expect(await calls(ofOrder(genuine))).toEqual([
			`GET /v1/integrations/counter-orders/${genuine} 200`
		]);
		// The platform repeats the genuine callback: still one card.
		expect(await post(genuine)).toBe(200);
		await rig.counterOrders.fetcher.drain();
		expect(await rig.counterOrders.orders.atPlace(PLACE, 10)).toHaveLength(1);
	}, 60_000);
});

describe('driving an order', () => {
	it('EXTERNAL_MANUAL to COMPLETED: collect, approve, ready, picked up; each call once', async () => {
		const rig = await boardRig();
		const orderId = await arrive(rig);
		expect(await rig.counterOrders.orders.get(orderId)).toBeDefined();
		expect(await rig.counterOrders.steps.request(rig.deviceId, orderId, 'approve')).toEqual({
			ok: false,
			refusal: 'not-offered'
		});
		for (const action of ['collect', 'approve', 'ready', 'picked-up'] as const) {
			await step(rig, orderId, action);
		}
		await bothShow(rig, orderId, { status: 'COMPLETED', transactionStatus: 'PAID_EXTERNALLY' });
		const path = `/v1/integrations/counter-orders/${orderId}`;
		expect(await calls(ofOrder(orderId))).toEqual([
			`GET ${path} 200`,
			`PUT ${path}/finalize-external-payment 200`,
			`PUT ${path}/status 200`,
			`PUT ${path}/status 200`,
			`PUT ${path}/status 200`
		]);
		expect(
			(await history(rig, orderId)).map((entry) => [entry.action, entry.state, entry.settledBy])
		).toEqual([
			['collect', 'sent', 'answer'],
			['approve', 'sent', 'answer'],
			['ready', 'sent', 'answer'],
			['picked-up', 'sent', 'answer']
		]);
		expect(await rig.journal.list({ reference: `order:${orderId}` })).toMatchObject([
			{ operation: 'finalizeExternalCounterOrderPayment', status: 'succeeded', attempts: 1 }
		]);
	});

	it('in-app paid to LEFT', async () => {
		const rig = await boardRig();
		const orderId = await arrive(rig, { paymentProcessor: 'PROVIDER_A' });
		await step(rig, orderId, 'approve');
		await step(rig, orderId, 'ready');
		await step(rig, orderId, 'left');
		await bothShow(rig, orderId, { status: 'LEFT' });
		expect(await rig.journal.list({ reference: `order:${orderId}` })).toEqual([]);
	});

	it('to REJECTED with a reason', async () => {
		const rig = await boardRig();
		const orderId = await arrive(rig, { paymentProcessor: 'PROVIDER_B' });
		await step(rig, orderId, 'reject', 'Kitchen closed early');
		await bothShow(rig, orderId, { status: 'REJECTED', rejectionMessage: 'Kitchen closed early' });
	});

	it('an invalid transition (the order moved elsewhere): read again, reported, not repeated', async () => {
		const rig = await boardRig();
		const orderId = await arrive(rig, { paymentProcessor: 'PROVIDER_A' });
		// Another system rejects it; no callback tells this board.
		const elsewhere = await sim.call(
			BOARD,
			'PUT',
			`/v1/integrations/counter-orders/${orderId}/status`,
			{
				body: { status: 'REJECTED' }
			}
		);
		expect(elsewhere.status).toBe(200);
		await step(rig, orderId, 'approve');
		expect(await history(rig, orderId)).toMatchObject([
			{ action: 'approve', state: 'failed', problem: 'invalid-transition' }
		]);
		expect((await stored(rig, orderId)).status).toBe('REJECTED');
		rig.advance(600_000);
		await rig.counterOrders.sender.drain();
		const puts = await calls((path) => ofOrder(orderId)(path) && path.endsWith('/status'));
		expect(puts).toEqual([
			`PUT /v1/integrations/counter-orders/${orderId}/status 200`,
			`PUT /v1/integrations/counter-orders/${orderId}/status 400`
		]);
	});
});

describe('faults on the way', () => {
	it('a 503 storm longer than the client’s 5 attempts: kept, retried later, the status lands once', async () => {
		const rig = await boardRig();
		const orderId = await arrive(rig, { paymentProcessor: 'PROVIDER_A' });
		await fault({ method: 'PUT', path: STATUS_PATH, mode: 'status', status: 503, count: 7 });
		await step(rig, orderId, 'approve');
		const statusCalls = () => calls((path) => ofOrder(orderId)(path) && path.endsWith('/status'));
		expect(await statusCalls()).toHaveLength(5);
		expect(await rig.counterOrders.outbox.pending([orderId])).toEqual(
			new Map([[orderId, 'approve']])
		);
		expect((await simOrder(orderId)).status).toBe('APPROVABLE');
		rig.advance(60_000);
		await rig.counterOrders.sender.drain();
		const all = await statusCalls();
		expect(all).toHaveLength(8); // 5, then 2 more 503s and the one that lands
		expect(all.filter((line) => line.endsWith(' 200'))).toHaveLength(1);
		expect(all.at(-1)).toBe(`PUT /v1/integrations/counter-orders/${orderId}/status 200`);
		expect(await simOrder(orderId)).toMatchObject({ status: 'APPROVED' });
		expect(await history(rig, orderId)).toMatchObject([
			{ action: 'approve', state: 'sent', settledBy: 'answer', attempts: 2 }
		]);
		// Nothing more goes out.
		rig.advance(600_000);
		await rig.counterOrders.sender.drain();
		expect(await statusCalls()).toHaveLength(8);
	});

	it('a 503 storm, then a restart: the step waits in the store and lands once', async () => {
		const first = await boardRig();
		const orderId = await arrive(first, { paymentProcessor: 'PROVIDER_A' });
		await fault({ method: 'PUT', path: STATUS_PATH, mode: 'status', status: 503, count: 5 });
		await step(first, orderId, 'approve');
		await first.close();
		const second = await boardRig(first.dataDir);
		expect(await second.counterOrders.outbox.pending([orderId])).toEqual(
			new Map([[orderId, 'approve']])
		);
		second.advance(60_000);
		await second.counterOrders.sender.drain();
		const path = `/v1/integrations/counter-orders/${orderId}`;
		expect((await calls(ofOrder(orderId))).slice(-2)).toEqual([
			`GET ${path} 200`,
			`PUT ${path}/status 200`
		]);
		expect(await simOrder(orderId)).toMatchObject({ status: 'APPROVED' });
		expect(await history(second, orderId)).toMatchObject([{ state: 'sent', attempts: 2 }]);
	});

	it('a status update past the time limit that lands later: settled by a read, not sent again', async () => {
		const rig = await boardRig(undefined, { timeoutMs: 300 });
		const orderId = await arrive(rig, { paymentProcessor: 'PROVIDER_A' });
		await fault({ method: 'PUT', path: STATUS_PATH, mode: 'delay', delayMs: 900 });
		await step(rig, orderId, 'approve');
		// Timed out; the read right after still shows APPROVABLE (the update is in flight).
		expect(await rig.counterOrders.outbox.pending([orderId])).toEqual(
			new Map([[orderId, 'approve']])
		);
		const statusCalls = () => calls((path) => ofOrder(orderId)(path) && path.endsWith('/status'));
		// Wait for the held update to land on the platform (its request log), not a fixed time.
		const deadline = Date.now() + 5_000;
		while ((await statusCalls()).length === 0) {
			expect(Date.now()).toBeLessThan(deadline);
			await new Promise((resolve) => setImmediate(resolve));
		}
		rig.advance(60_000);
		await rig.counterOrders.sender.drain();
		expect(await statusCalls()).toEqual([
			`PUT /v1/integrations/counter-orders/${orderId}/status 200`
		]);
		expect(await history(rig, orderId)).toMatchObject([{ state: 'sent', settledBy: 'read' }]);
		expect((await stored(rig, orderId)).status).toBe('APPROVED');
	});

	it('a status update whose answer is dropped: settled by a read, sent once', async () => {
		const rig = await boardRig();
		const orderId = await arrive(rig, { paymentProcessor: 'PROVIDER_A' });
		await fault({ method: 'PUT', path: STATUS_PATH, mode: 'drop' });
		await step(rig, orderId, 'approve');
		const path = `/v1/integrations/counter-orders/${orderId}`;
		expect(await calls(ofOrder(orderId))).toEqual([
			`GET ${path} 200`,
			`PUT ${path}/status 200 dropped`,
			`GET ${path} 200`
		]);
		expect(await history(rig, orderId)).toMatchObject([{ state: 'sent', settledBy: 'read' }]);
		expect((await stored(rig, orderId)).status).toBe('APPROVED');
		rig.advance(600_000);
		await rig.counterOrders.sender.drain();
		expect(await calls((p) => p.endsWith('/status'))).toHaveLength(1);
	});

	it('a finalize-external-payment whose answer is dropped: settled by a read, journaled, sent once', async () => {
		const rig = await boardRig();
		const orderId = await arrive(rig);
		await fault({
			method: 'PUT',
			path: '/v1/integrations/counter-orders/*/finalize-external-payment',
			mode: 'drop'
		});
		await step(rig, orderId, 'collect');
		const path = `/v1/integrations/counter-orders/${orderId}`;
		expect(await calls(ofOrder(orderId))).toEqual([
			`GET ${path} 200`,
			`PUT ${path}/finalize-external-payment 200 dropped`,
			`GET ${path} 200`
		]);
		expect(await simOrder(orderId)).toMatchObject({ transactionStatus: 'PAID_EXTERNALLY' });
		expect(await rig.journal.list({ reference: `order:${orderId}` })).toMatchObject([
			{
				operation: 'finalizeExternalCounterOrderPayment',
				status: 'resolved',
				attempts: 1,
				result: { resolvedBy: 'read' }
			}
		]);
		expect((await stored(rig, orderId)).transactionStatus).toBe('PAID_EXTERNALLY');
	});
});

describe('counter payment (EXTERNAL_MANUAL)', () => {
	it('payment failed: reported, journaled; then only rejecting is offered', async () => {
		const rig = await boardRig();
		const orderId = await arrive(rig);
		await step(rig, orderId, 'payment-failed');
		await bothShow(rig, orderId, { transactionStatus: 'FAILED' });
		expect(await rig.journal.list({ reference: `order:${orderId}` })).toMatchObject([
			{ operation: 'cancelExternalCounterOrderPayment', status: 'succeeded' }
		]);
		const board = await rig.counterOrders.orders.atPlace(PLACE, 10);
		expect(board).toHaveLength(1);
		for (const action of ['collect', 'approve'] as const) {
			expect(await rig.counterOrders.steps.request(rig.deviceId, orderId, action)).toEqual({
				ok: false,
				refusal: 'not-offered'
			});
		}
		await step(rig, orderId, 'reject', 'Card declined at the counter');
		expect(await simOrder(orderId)).toMatchObject({
			status: 'REJECTED',
			transactionStatus: 'FAILED'
		});
	});
});

describe('desks', () => {
	it('lists the desks, closes one and all, opens them again, and shows what it read back', async () => {
		const rig = await boardRig();
		const { desks } = rig.counterOrders;
		const listed = await desks.refresh(rig.deviceId);
		const ids = sim.seed.desks.filter((desk) => desk.placeId === PLACE).map((desk) => desk.id);
		expect(listed!.map((desk) => desk.id)).toEqual(ids);
		expect(listed!.map((desk) => desk.enabled)).toEqual([true, true, false]); // the seed

		const one = await desks.change(rig.deviceId, [ids[1]!], false);
		expect(one.ok && one.desks.map((desk) => desk.enabled)).toEqual([true, false, false]);
		const platform = await sim.call(BOARD, 'GET', '/v1/integrations/me/desks');
		expect(platform.body.map((desk: any) => desk.enabled)).toEqual([true, false, false]);

		const all = await desks.change(rig.deviceId, ids, false);
		expect(all.ok && all.desks.map((desk) => desk.enabled)).toEqual([false, false, false]);
		expect(desks.known(rig.deviceId)!.map((desk) => desk.enabled)).toEqual([false, false, false]);
		const refused = await sim.control('POST', '/_sim/counter-orders', { placeId: PLACE });
		expect(refused.body.errorModel.errorCode).toBe('DESK_DISABLED');

		const reopened = await desks.change(rig.deviceId, ids, true);
		expect(reopened.ok && reopened.desks.every((desk) => desk.enabled)).toBe(true);
		const puts = await calls((path) => path === '/v1/integrations/desks/status');
		expect(puts).toHaveLength(3);
	});
});

describe('the server context (context.ts)', () => {
	it('fetches after a restart what a killed server recorded, and leaves a pending money step’s journal entry to the outbox', async () => {
		const dataDir = mkdtempSync(join(tmpdir(), 'board-context-'));
		const config = loadServerConfig({ DATA_DIR: dataDir, DEMO: 'true', SIMULATOR_URL: sim.url });
		const first = await createServerContext(config);
		const deviceId = (
			await first.devices.add({
				name: 'Main board',
				mode: 'board',
				environment: 'simulator',
				baseUrl: sim.url,
				apiKey: sim.device(BOARD).apiKey
			})
		).id;
		await first.refreshAll();
		const orderId = await placeOrder();
		await sim.control('POST', `/_sim/counter-orders/${orderId}/confirm-payment`);
		// The endpoint recorded the callback and answered; the server died before fetching.
		await first.counterOrders.inbox.record([{ deviceId, orderId }]);
		await first.close();

		const second = await createServerContext(config);
		try {
			expect(await second.counterOrders.orders.get(orderId)).toBeUndefined();
			await second.counterOrders.fetcher.drain();
			expect((await second.counterOrders.orders.get(orderId))!.order).toMatchObject({
				id: orderId,
				status: 'APPROVABLE'
			});

			// A collect step a worker claimed and journaled, then died with its lease running.
			expect(await second.counterOrders.steps.request(deviceId, orderId, 'collect')).toEqual({
				ok: true
			});
			const dead = await second.counterOrders.outbox.claim('dead-worker', 600_000, 1);
			expect(dead).toHaveLength(1);
			// Journaled by the run that died: its hold does not keep this run's resolver off the
			// entry (a restart takes up its own), so only the outbox owning the step does.
			const deadRun = new Journal(second.store, undefined, {
				server: second.serverId,
				ms: config.leaseMs
			});
			const journalId = await deadRun.begin({
				deviceId,
				operation: 'finalizeExternalCounterOrderPayment',
				reference: `order:${orderId}`,
				request: { orderId }
			});
			const summary = await second.resolveJournal();
			expect(summary.stillOpen).toBeGreaterThanOrEqual(1);
			expect(await second.journal.get(journalId)).toMatchObject({ status: 'pending', attempts: 1 });
			expect(await calls((path) => path.endsWith('/finalize-external-payment'))).toEqual([]);
		} finally {
			await second.counterOrders.sender.drain();
			await second.close();
		}
	});
});
