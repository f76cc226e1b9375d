/**
 * Contract tests of the one event of spec 2 ("Events"): when an order reaches APPROVABLE the
 * service POSTs {callback_url}?orderId=<id> with no order payload and retries with exponential
 * backoff until it gets 200. Tiny HTTP receivers run inside the test.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSimulator } from './harness.ts';

const sim = useSimulator();

interface Hit {
	method: string;
	path: string;
	query: URLSearchParams;
	body: string;
	at: number;
}

interface Receiver {
	url: string;
	hits: Hit[];
	close(): Promise<void>;
}

const receivers: Receiver[] = [];

/** A callback receiver answering the n-th request (1-based) with `statusFor(n)`. */
async function startReceiver(
	statusFor: (n: number) => number = () => 200,
	onHit?: (hit: Hit) => Promise<void>
): Promise<Receiver> {
	const hits: Hit[] = [];
	const server: Server = createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', async () => {
			const url = new URL(req.url ?? '/', 'http://receiver.invalid');
			const hit = {
				method: req.method ?? '',
				path: url.pathname,
				query: url.searchParams,
				body: Buffer.concat(chunks).toString('utf8'),
				at: Date.now()
			};
			hits.push(hit);
			await onHit?.(hit);
			res.writeHead(statusFor(hits.length)).end();
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	const receiver = {
		url: `http://127.0.0.1:${port}`,
		hits,
		close: () =>
			new Promise<void>((resolve) => {
				server.closeAllConnections();
				server.close(() => resolve());
			})
	};
	receivers.push(receiver);
	return receiver;
}

/** Reads `probe` until `done`; the limit detects a hang, it is no time the platform is held to. */
async function until<T>(
	probe: () => Promise<T> | T,
	done: (value: T) => boolean,
	ms = 30_000
): Promise<T> {
	const deadline = Date.now() + ms;
	for (;;) {
		const value = await probe();
		if (done(value)) return value;
		if (Date.now() > deadline) throw new Error(`condition not met within ${ms} ms`);
		await sleep(10);
	}
}

function sleep(ms: number): Promise<void> {
	return new Promise((resolve) => setTimeout(resolve, ms));
}

async function setCallbackUrl(url: string | null, deviceId?: string): Promise<void> {
	const result = await sim.control('PUT', '/_sim/callback-url', {
		url,
		...(deviceId && { deviceId })
	});
	expect(result.status).toBe(200);
}

async function settings(body: Record<string, number>): Promise<void> {
	expect((await sim.control('PUT', '/_sim/settings', body)).status).toBe(200);
}

async function approvableOrder(placeId = 'place_main_stage'): Promise<string> {
	const placed = await sim.control('POST', '/_sim/counter-orders', { placeId });
	expect(placed.status).toBe(201);
	const confirmed = await sim.control(
		'POST',
		`/_sim/counter-orders/${placed.body.id}/confirm-payment`
	);
	expect(confirmed.status).toBe(200);
	expect(confirmed.body.status).toBe('APPROVABLE');
	return placed.body.id;
}

async function attempts(): Promise<any[]> {
	return (await sim.control('GET', '/_sim/callbacks')).body;
}

beforeEach(async () => {
	await settings({ callbackBaseDelayMs: 20, callbackMaxAttempts: 8 });
});

afterEach(async () => {
	// A reset drops console changes (callback URLs, settings) and stops pending retries.
	await sim.control('POST', '/_sim/reset');
	await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
});

describe('spec 2 · Events: the APPROVABLE callback', () => {
	it('"POST to {callback_url} with query parameter orderId=<order_id>; the body carries no order payload"', async () => {
		const receiver = await startReceiver();
		await setCallbackUrl(`${receiver.url}/hooks/board`);
		const orderId = await approvableOrder();
		await until(
			() => receiver.hits.length,
			(n) => n >= 1
		);
		const [hit] = receiver.hits;
		expect(hit?.method).toBe('POST');
		expect(hit?.path).toBe('/hooks/board');
		expect([...(hit?.query ?? [])]).toEqual([['orderId', orderId]]);
		expect(hit?.body).toBe('');
		const log = await until(attempts, (list) => list.length >= 1);
		expect(log).toEqual([
			{
				orderId,
				url: `${receiver.url}/hooks/board`,
				status: 200,
				attempt: 1,
				at: expect.any(String)
			}
		]);
	});

	it('a secret token in the callback URL is kept; orderId is added beside it', async () => {
		const receiver = await startReceiver();
		await setCallbackUrl(`${receiver.url}/cb/dev?token=s3cret`);
		const orderId = await approvableOrder();
		await until(
			() => receiver.hits.length,
			(n) => n >= 1
		);
		expect(receiver.hits[0]?.query.get('token')).toBe('s3cret');
		expect(receiver.hits[0]?.query.get('orderId')).toBe(orderId);
	});

	it('"Trigger: the order reaches status APPROVABLE" — placing, cancelling and later status updates send nothing', async () => {
		const receiver = await startReceiver();
		await setCallbackUrl(receiver.url);
		const cancelled = await sim.control('POST', '/_sim/counter-orders', {
			placeId: 'place_main_stage'
		});
		await sim.control('POST', `/_sim/counter-orders/${cancelled.body.id}/cancel`);
		const orderId = await approvableOrder();
		await until(
			() => receiver.hits.length,
			(n) => n >= 1
		);
		for (const status of ['APPROVED', 'DONE', 'COMPLETED']) {
			const result = await sim.call(
				'dev_board_main',
				'PUT',
				`/v1/integrations/counter-orders/${orderId}/status`,
				{
					body: { status }
				}
			);
			expect(result.status).toBe(200);
		}
		await sleep(150);
		expect(receiver.hits.map((hit) => hit.query.get('orderId'))).toEqual([orderId]);
	});

	it('"Expected reply … the integrator then fetches the order with GET" — the order is APPROVABLE when the callback arrives', async () => {
		const seen: string[] = [];
		const receiver = await startReceiver(
			() => 200,
			async (hit) => {
				const order = await sim.call(
					'dev_board_main',
					'GET',
					`/v1/integrations/counter-orders/${hit.query.get('orderId')}`
				);
				seen.push(`${order.status} ${order.body.status}`);
			}
		);
		await setCallbackUrl(receiver.url);
		await approvableOrder();
		await until(
			() => seen.length,
			(n) => n >= 1
		);
		expect(seen).toEqual(['200 APPROVABLE']);
	});

	it('"The service retries with exponential backoff": 500, 500, 200 → attempts 1, 2, 3 with doubling delays', async () => {
		const receiver = await startReceiver((n) => (n <= 2 ? 500 : 200));
		await setCallbackUrl(receiver.url);
		const orderId = await approvableOrder();
		const log = await until(attempts, (list) => list.length >= 3);
		expect(log.map(({ attempt, status, orderId: id }) => [attempt, status, id])).toEqual([
			[1, 500, orderId],
			[2, 500, orderId],
			[3, 200, orderId]
		]);
		const at = log.map((entry) => Date.parse(entry.at));
		// Base delay 20 ms, doubling: ≥ 20 ms before attempt 2, ≥ 40 ms before attempt 3 (1 ms timer slack).
		expect(at[1]! - at[0]!).toBeGreaterThanOrEqual(19);
		expect(at[2]! - at[1]!).toBeGreaterThanOrEqual(39);
		const arrivals = receiver.hits.map((hit) => hit.at);
		expect(arrivals[2]! - arrivals[1]!).toBeGreaterThanOrEqual(39);
		await sleep(200);
		expect(receiver.hits).toHaveLength(3);
		expect(await attempts()).toHaveLength(3);
	});

	it('a receiver that never answers 200 gets exactly callbackMaxAttempts attempts, then no more', async () => {
		await settings({ callbackBaseDelayMs: 10, callbackMaxAttempts: 3 });
		const receiver = await startReceiver(() => 503);
		await setCallbackUrl(receiver.url);
		await approvableOrder();
		await until(
			() => receiver.hits.length,
			(n) => n >= 3
		);
		await sleep(250); // a 4th attempt would have come after 40 ms
		expect(receiver.hits).toHaveLength(3);
		expect((await attempts()).map(({ attempt, status }) => [attempt, status])).toEqual([
			[1, 503],
			[2, 503],
			[3, 503]
		]);
	});

	it('a 2xx other than 200 is not the expected reply: 204 is retried', async () => {
		const receiver = await startReceiver((n) => (n === 1 ? 204 : 200));
		await setCallbackUrl(receiver.url);
		await approvableOrder();
		const log = await until(attempts, (list) => list.length >= 2);
		expect(log.map(({ status }) => status)).toEqual([204, 200]);
	});

	it('an unreachable receiver is recorded with status 0 and retried up to the limit', async () => {
		await settings({ callbackBaseDelayMs: 10, callbackMaxAttempts: 2 });
		const gone = await startReceiver();
		await gone.close();
		await setCallbackUrl(gone.url);
		await approvableOrder();
		const log = await until(attempts, (list) => list.length >= 2);
		expect(log.map(({ attempt, status }) => [attempt, status])).toEqual([
			[1, 0],
			[2, 0]
		]);
	});

	it('a per-device URL overrides the default; a garden order does not call the main-stage board URL', async () => {
		const fallback = await startReceiver();
		const mainBoard = await startReceiver();
		await setCallbackUrl(fallback.url);
		await setCallbackUrl(mainBoard.url, 'dev_board_main');
		const mainOrder = await approvableOrder('place_main_stage');
		const gardenOrder = await approvableOrder('place_garden');
		await until(
			() => mainBoard.hits.length + fallback.hits.length,
			(n) => n >= 2
		);
		await sleep(150);
		expect(mainBoard.hits.map((hit) => hit.query.get('orderId'))).toEqual([mainOrder]);
		expect(fallback.hits.map((hit) => hit.query.get('orderId'))).toEqual([gardenOrder]);
	});

	it('without any callback URL nothing is sent and nothing is logged', async () => {
		await approvableOrder();
		await sleep(100);
		expect(await attempts()).toEqual([]);
	});

	it('a reset stops pending retries', async () => {
		await settings({ callbackBaseDelayMs: 100, callbackMaxAttempts: 5 });
		const receiver = await startReceiver(() => 500);
		await setCallbackUrl(receiver.url);
		await approvableOrder();
		await until(
			() => receiver.hits.length,
			(n) => n >= 1
		);
		await sim.control('POST', '/_sim/reset');
		await sleep(300);
		expect(receiver.hits).toHaveLength(1);
		expect(await attempts()).toEqual([]);
	});
});
