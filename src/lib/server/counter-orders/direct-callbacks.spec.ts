import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { log } from '../logging/logger.ts';
import type { CallbackOutcome } from './counter-orders.ts';
import { directCallbacks, type DirectCallbackDeps } from './direct-callbacks.ts';

const TOKEN = 'a'.repeat(43);
const ORIGIN = 'https://kiosk.example';

/** What a request came back with. */
interface Answer {
	status: number;
	headers: Record<string, string | string[] | undefined>;
	body: string;
}

/** TOKEN is the only address a device has; `received` as given. */
function counterOrders(received: (token: string) => Promise<CallbackOutcome>) {
	return {
		tokens: { deviceOf: async (token: string) => (token === TOKEN ? 'dev-1' : undefined) },
		received: vi.fn(received)
	};
}

let server: Server | undefined;
afterEach(() => {
	server?.close();
	server = undefined;
	vi.restoreAllMocks();
});

/** A server that asks the route first and answers what it leaves with 299 "SvelteKit". */
async function serving(deps: DirectCallbackDeps): Promise<number> {
	const route = directCallbacks(deps);
	server = createServer((req, res) => {
		if (route(req, res)) return;
		req.resume();
		res.writeHead(299).end('SvelteKit');
	});
	await new Promise<void>((listening) => server!.listen(0, '127.0.0.1', listening));
	return (server.address() as AddressInfo).port;
}

function send(
	port: number,
	path: string,
	{
		method = 'POST',
		headers = {},
		body
	}: { method?: string; headers?: Record<string, string>; body?: string } = {}
): Promise<Answer> {
	return new Promise((answered, failed) => {
		const request = httpRequest({ port, path, method, headers }, (response) => {
			let text = '';
			response.setEncoding('utf8');
			response.on('data', (chunk: string) => (text += chunk));
			response.on('end', () =>
				answered({ status: response.statusCode!, headers: response.headers, body: text })
			);
		});
		request.on('error', failed);
		request.end(body);
	});
}

const recording = () =>
	counterOrders(async (token) => (token === TOKEN ? 'recorded' : 'unknown-callback'));

describe('the order callbacks answered before SvelteKit', () => {
	it('records a good callback and answers it as its SvelteKit route does', async () => {
		const orders = recording();
		const info = vi.spyOn(log, 'info').mockImplementation(() => undefined);
		const port = await serving({ counterOrders: orders, originOf: () => undefined });
		const answer = await send(port, `/api/orders/callback/${TOKEN}?orderId=ord_000001`, {
			headers: { 'x-request-id': 'trace:42' }
		});
		expect(answer.status).toBe(200);
		expect(JSON.parse(answer.body)).toEqual({ received: 'ord_000001' });
		expect(orders.received).toHaveBeenCalledExactlyOnceWith(TOKEN, 'ord_000001');
		expect(answer.headers).toMatchObject({
			'content-type': 'application/json',
			'content-length': String(Buffer.byteLength(answer.body)),
			'cache-control': 'no-store',
			'x-content-type-options': 'nosniff',
			'referrer-policy': 'same-origin',
			'x-frame-options': 'DENY',
			'x-request-id': 'trace:42'
		});
		expect(info).toHaveBeenCalledExactlyOnceWith(
			expect.objectContaining({
				method: 'POST',
				route: '/api/orders/callback/[token]',
				status: 200,
				durationMs: expect.any(Number)
			}),
			'request'
		);
	});

	it('gives a request without a well-formed id a new one', async () => {
		const port = await serving({ counterOrders: recording(), originOf: () => undefined });
		const answer = await send(port, `/api/orders/callback/${TOKEN}?orderId=ord_1`, {
			headers: { 'x-request-id': 'no spaces allowed' }
		});
		expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
	});

	it('answers an unknown address with 404 and a bad order id with 400, recording nothing', async () => {
		const orders = recording();
		const port = await serving({ counterOrders: orders, originOf: () => undefined });
		const unknown = await send(port, `/api/orders/callback/${'b'.repeat(43)}?orderId=ord_1`);
		expect([unknown.status, JSON.parse(unknown.body)]).toEqual([
			404,
			{ error: 'unknown-callback' }
		]);
		const bad = await send(port, `/api/orders/callback/${TOKEN}?orderId=ord_1&orderId=ord_2`);
		expect([bad.status, JSON.parse(bad.body)]).toEqual([400, { error: 'bad-order-id' }]);
		expect(unknown.headers['cache-control']).toBe('no-store');
		expect(orders.received).toHaveBeenCalledOnce();
		expect(orders.received).toHaveBeenCalledWith('b'.repeat(43), 'ord_1');
	});

	it('answers 503 when the store cannot take the callback', async () => {
		vi.spyOn(log, 'error').mockImplementation(() => undefined);
		const orders = counterOrders(async () => {
			throw new Error('disk full');
		});
		const port = await serving({ counterOrders: orders, originOf: () => undefined });
		const answer = await send(port, `/api/orders/callback/${TOKEN}?orderId=ord_1`);
		expect([answer.status, JSON.parse(answer.body)]).toEqual([
			503,
			{ error: 'not-recorded-try-again' }
		]);
	});

	it('answers an unexpected error with 500 and no detail, and logs it', async () => {
		const logged = vi.spyOn(log, 'error').mockImplementation(() => undefined);
		const orders = {
			tokens: {
				deviceOf: async () => {
					throw new Error('store closed at /data/kiosk.db');
				}
			},
			received: vi.fn(async (): Promise<CallbackOutcome> => 'recorded')
		};
		const port = await serving({ counterOrders: orders, originOf: () => undefined });
		const answer = await send(port, `/api/orders/callback/${TOKEN}`);
		expect([answer.status, JSON.parse(answer.body)]).toEqual([500, { message: 'Internal Error' }]);
		expect(answer.body).not.toContain('/data');
		expect(logged).toHaveBeenCalledWith('Unexpected error: store closed at /data/kiosk.db');
	});

	it.each([
		['another method', 'GET', `/api/orders/callback/${TOKEN}?orderId=ord_1`, {}],
		['a body', 'POST', `/api/orders/callback/${TOKEN}?orderId=ord_1`, { body: '{}' }],
		['a chunked body', 'POST', `/api/orders/callback/${TOKEN}`, { chunked: true }],
		['a trailing slash', 'POST', `/api/orders/callback/${TOKEN}/?orderId=ord_1`, {}],
		['a percent-escape', 'POST', `/api/orders/callback/a%61${TOKEN.slice(2)}?orderId=o`, {}],
		['no token', 'POST', '/api/orders/callback/?orderId=ord_1', {}],
		['another path', 'POST', `/api/orders/callbacks/${TOKEN}?orderId=ord_1`, {}],
		['a path under it', 'POST', `/api/orders/callback/${TOKEN}/x?orderId=ord_1`, {}]
	])(
		'leaves a request with %s to SvelteKit',
		async (_, method, path, { body, chunked }: { body?: string; chunked?: boolean }) => {
			const orders = recording();
			const port = await serving({ counterOrders: orders, originOf: () => undefined });
			const headers: Record<string, string> = chunked ? { 'transfer-encoding': 'chunked' } : {};
			const answer = await send(port, path, { method, headers, body: chunked ? 'x' : body });
			expect([answer.status, answer.body]).toEqual([299, 'SvelteKit']);
			expect(orders.received).not.toHaveBeenCalled();
		}
	);

	it('with ORIGIN set, takes only callbacks naming its host (SvelteKit refuses the rest)', async () => {
		const orders = recording();
		const port = await serving({ counterOrders: orders, originOf: () => ORIGIN });
		const path = `/api/orders/callback/${TOKEN}?orderId=ord_1`;
		const elsewhere = await send(port, path, { headers: { host: 'attacker.example' } });
		expect(elsewhere.status).toBe(299);
		expect(orders.received).not.toHaveBeenCalled();
		const here = await send(port, path, { headers: { host: 'KIOSK.example:443' } });
		expect(here.status).toBe(200);
		expect(orders.received).toHaveBeenCalledOnce();
	});
});
