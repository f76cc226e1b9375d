import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
	PlatformApiError,
	PlatformMalformedResponseError,
	PlatformNetworkError,
	PlatformTimeoutError
} from './errors.ts';
import { envelope, fakeFetch, json, networkFailure, type Step } from './testing/fake-fetch.ts';
import { failure } from './testing/fake-client.ts';
import { NOT_APPLIED_ONLY, REPEATABLE, type OperationId } from './retry-policies.ts';
import { backoffDelay, PlatformTransport } from './transport.ts';

const API_KEY = 'eyJhbGciOiJIUzI1NiJ9.test-key.signature';

function setup(steps: Step[], options: { timeoutMs?: number; random?: () => number } = {}) {
	const fake = fakeFetch(...steps);
	const sleeps: number[] = [];
	const observed: [OperationId, string | null][] = [];
	const transport = new PlatformTransport({
		baseUrl: 'https://platform.test/',
		apiKey: API_KEY,
		fetch: fake.fetch,
		sleep: async (ms) => void sleeps.push(ms),
		random: options.random ?? (() => 0.5),
		timeoutMs: options.timeoutMs,
		observe: (operation, error) => void observed.push([operation, error && error.kind])
	});
	return { transport, calls: fake.calls, sleeps, observed };
}

/** The policy comes from the retry table: one operation of each kind (retry-policies.ts). */
const REPEATABLE_OPERATION: OperationId = 'getExternalDeviceByIntegration';
const NOT_APPLIED_ONLY_OPERATION: OperationId = 'updateCreditTransaction';

const schema = z.object({ ok: z.boolean() });
const get = (operation: OperationId = NOT_APPLIED_ONLY_OPERATION) => ({
	operation,
	method: 'GET' as const,
	path: '/v1/thing',
	schema
});

describe('PlatformTransport: one attempt', () => {
	it('sends the key, accept and JSON body, and validates the answer', async () => {
		const { transport, calls } = setup([json({ ok: true, extra: 'tolerated' })]);
		const result = await transport.call({ ...get(), method: 'POST', body: { a: 1 } });
		expect(result).toEqual({ ok: true });
		expect(calls).toEqual([
			{
				url: 'https://platform.test/v1/thing',
				method: 'POST',
				headers: {
					accept: 'application/json',
					'content-type': 'application/json',
					'x-api-key': API_KEY
				},
				body: { a: 1 }
			}
		]);
	});

	it('a call without body sends no content-type', async () => {
		const { transport, calls } = setup([json({ ok: true })]);
		await transport.call(get());
		expect(calls[0]?.headers['content-type']).toBeUndefined();
	});

	it('no answer within the timeout → PlatformTimeoutError, outcome uncertain', async () => {
		const { transport } = setup(['hang'], { timeoutMs: 20 });
		const error = await failure(transport.call(get()));
		expect(error).toBeInstanceOf(PlatformTimeoutError);
		expect(error).toMatchObject({ kind: 'timeout', outcome: 'uncertain', timeoutMs: 20 });
	});

	it('ECONNREFUSED (never sent) → network error, outcome known', async () => {
		const { transport } = setup([networkFailure('ECONNREFUSED')]);
		const error = await failure(transport.call(get()));
		expect(error).toBeInstanceOf(PlatformNetworkError);
		expect(error).toMatchObject({ kind: 'network', outcome: 'known' });
		expect(error.message).toContain('ECONNREFUSED');
	});

	it.each(['ECONNRESET', 'UND_ERR_SOCKET', 'EPIPE', ''])(
		'connection lost after sending (%s) → network error, outcome uncertain',
		async (code) => {
			const { transport } = setup([code ? networkFailure(code) : new TypeError('fetch failed')]);
			const error = await failure(transport.call(get()));
			expect(error).toBeInstanceOf(PlatformNetworkError);
			expect(error.outcome).toBe('uncertain');
		}
	);

	it('a success that is not JSON → malformed response, outcome uncertain', async () => {
		const { transport } = setup([new Response('<html>proxy</html>', { status: 200 })]);
		const error = await failure(transport.call(get()));
		expect(error).toBeInstanceOf(PlatformMalformedResponseError);
		expect(error).toMatchObject({
			outcome: 'uncertain',
			status: 200,
			problems: ['body is not JSON']
		});
	});

	it('a success that breaks the schema → malformed, with the problem paths', async () => {
		const { transport } = setup([json({ ok: 'yes' })]);
		const error = await failure(transport.call(get()));
		expect(error).toBeInstanceOf(PlatformMalformedResponseError);
		expect(error.problems).toEqual([expect.stringMatching(/^ok: /)]);
	});

	it('lenientBody: a non-JSON success reaches the schema as undefined', async () => {
		const { transport } = setup([new Response('OK', { status: 200 })]);
		const result = await transport.call({ ...get(), schema: z.unknown(), lenientBody: true });
		expect(result).toBeUndefined();
	});

	it('the error envelope → PlatformApiError with its fields, outcome known', async () => {
		const { transport } = setup([envelope(400, 'INSUFFICIENT_CREDIT', ['wallet_1'])]);
		const error = await failure(transport.call(get()));
		expect(error).toBeInstanceOf(PlatformApiError);
		expect(error).toMatchObject({
			kind: 'api',
			operation: NOT_APPLIED_ONLY_OPERATION,
			status: 400,
			errorCode: 'INSUFFICIENT_CREDIT',
			platformMessage: 'INSUFFICIENT_CREDIT happened',
			descriptors: ['wallet_1'],
			outcome: 'known'
		});
	});

	it('an envelope-less 502 → errorCode HTTP_502, outcome uncertain (a gateway lost the answer)', async () => {
		const { transport } = setup([new Response('Bad Gateway', { status: 502 })]);
		const error = await failure(transport.call(get()));
		expect(error).toMatchObject({ errorCode: 'HTTP_502', status: 502, descriptors: [] });
		expect(error.outcome).toBe('uncertain');
	});

	it('503 is known (not processed); 500 and 504 are uncertain', async () => {
		for (const [status, outcome] of [
			[503, 'known'],
			[500, 'uncertain'],
			[504, 'uncertain'],
			[404, 'known']
		] as const) {
			const { transport } = setup([new Response('', { status })]);
			const error = await failure(transport.call(get()));
			expect(error).toMatchObject({ errorCode: `HTTP_${status}`, outcome });
		}
	});

	it('keeps only string descriptors of a sloppy envelope', async () => {
		const { transport } = setup([
			json({ errorModel: { errorCode: 'X', message: 1, descriptors: ['a', 2, null] } }, 400)
		]);
		const error = await failure(transport.call(get()));
		expect(error).toMatchObject({ errorCode: 'X', descriptors: ['a'] });
	});

	it('refuses an unusable base URL or API key at construction, without echoing the key', () => {
		expect(() => new PlatformTransport({ baseUrl: 'not a url', apiKey: API_KEY })).toThrow(
			/baseUrl/
		);
		const bad = 'secret key\n';
		let thrown: unknown;
		try {
			new PlatformTransport({ baseUrl: 'https://platform.test', apiKey: bad });
		} catch (error) {
			thrown = error;
		}
		expect(String(thrown)).toMatch(/apiKey/);
		expect(String(thrown)).not.toContain('secret');
	});
});

describe('PlatformTransport: real sockets', () => {
	async function listen(onConnection: (socket: import('node:net').Socket) => void) {
		const server: Server = createServer(onConnection);
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		return { server, port: (server.address() as AddressInfo).port };
	}

	it('a refused connection is known', async () => {
		const { server, port } = await listen(() => {});
		await new Promise((resolve) => server.close(resolve));
		const transport = new PlatformTransport({
			baseUrl: `http://127.0.0.1:${port}`,
			apiKey: API_KEY,
			sleep: async () => {}
		});
		const error = await failure(transport.call(get()));
		expect(error).toBeInstanceOf(PlatformNetworkError);
		expect(error.outcome).toBe('known');
	});

	it('a connection closed after the request was read is uncertain', async () => {
		const { server, port } = await listen((socket) => socket.once('data', () => socket.destroy()));
		try {
			const transport = new PlatformTransport({
				baseUrl: `http://127.0.0.1:${port}`,
				apiKey: API_KEY,
				sleep: async () => {}
			});
			const error = await failure(transport.call(get()));
			expect(error).toBeInstanceOf(PlatformNetworkError);
			expect(error.outcome).toBe('uncertain');
		} finally {
			server.close();
		}
	});
});

describe("PlatformTransport: retries (the operation's policy from the retry table)", () => {
	it("retries up to the policy's attempts with full-jitter backoff", async () => {
		const { transport, calls, sleeps } = setup(
			[
				networkFailure('ECONNRESET'),
				envelope(503, 'SERVICE_UNAVAILABLE'),
				'hang',
				json({ ok: true })
			],
			{ timeoutMs: 20 }
		);
		expect(await transport.call(get(REPEATABLE_OPERATION))).toEqual({ ok: true });
		expect(calls).toHaveLength(4);
		// random 0.5 × ceilings 250, 500, 1000
		expect(sleeps).toEqual([125, 250, 500]);
	});

	it('gives up after the last attempt and throws the last error', async () => {
		const { transport, calls, sleeps } = setup([envelope(503, 'SERVICE_UNAVAILABLE')]);
		const error = await failure(transport.call(get(REPEATABLE_OPERATION)));
		expect(error).toMatchObject({ status: 503, outcome: 'known' });
		expect(calls).toHaveLength(REPEATABLE.attempts);
		expect(sleeps).toHaveLength(REPEATABLE.attempts - 1);
	});

	it('tells the observer how each call ended, once, after its retries', async () => {
		const answered = setup([envelope(503, 'SERVICE_UNAVAILABLE'), json({ ok: true })]);
		await answered.transport.call(get(REPEATABLE_OPERATION));
		expect(answered.observed).toEqual([[REPEATABLE_OPERATION, null]]);

		const failed = setup([envelope(503, 'SERVICE_UNAVAILABLE')]);
		await failure(failed.transport.call(get(REPEATABLE_OPERATION)));
		expect(failed.observed).toEqual([[REPEATABLE_OPERATION, 'api']]);
	});

	it('the backoff ceiling doubles up to maxDelayMs; the delay is random × ceiling', () => {
		const ceilings = [1, 2, 3, 4, 5, 6, 7].map((attempt) =>
			backoffDelay(REPEATABLE, attempt, () => 0.999_999)
		);
		expect(ceilings).toEqual([250, 500, 1000, 2000, 4000, 4000, 4000]);
		expect(backoffDelay(REPEATABLE, 3, () => 0)).toBe(0);
		expect(backoffDelay(NOT_APPLIED_ONLY, 1, () => 0.999_999)).toBe(500);
		expect(backoffDelay(NOT_APPLIED_ONLY, 10, () => 0.999_999)).toBe(8000);
	});

	it('after an uncertain attempt, a later 503 or refused connection stays uncertain', async () => {
		const withStatus = setup(['hang', envelope(503, 'SERVICE_UNAVAILABLE')], { timeoutMs: 20 });
		const apiError = await failure(withStatus.transport.call(get(REPEATABLE_OPERATION)));
		expect(apiError).toMatchObject({ kind: 'api', status: 503, outcome: 'uncertain' });

		const refused = setup([networkFailure('ECONNRESET'), networkFailure('ECONNREFUSED')]);
		const networkError = await failure(refused.transport.call(get(REPEATABLE_OPERATION)));
		expect(networkError).toMatchObject({ kind: 'network', outcome: 'uncertain' });
	});

	it('after an uncertain attempt, a definitive 4xx answer stays known', async () => {
		const { transport } = setup([networkFailure('ECONNRESET'), envelope(404, 'NOT_FOUND')]);
		const error = await failure(transport.call(get(REPEATABLE_OPERATION)));
		expect(error).toMatchObject({ status: 404, outcome: 'known' });
	});

	it('an operation missing from the retry table is refused before anything is sent', async () => {
		const { transport, calls } = setup([json({ ok: true })]);
		const error = await failure(transport.call(get('noSuchOperation' as OperationId)));
		expect(error).toBeInstanceOf(TypeError);
		expect(error.message).toContain('noSuchOperation');
		expect(calls).toHaveLength(0);
	});
});
