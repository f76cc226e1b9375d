/**
 * Bad requests get the spec's envelope and a 4xx, never a crash or a 500: malformed JSON,
 * unknown paths and methods, oversized bodies, and a deterministic random-input (fuzz) run over
 * every operation with the key of a device that has the needed authority.
 */
import { describe, expect, it } from 'vitest';
import { platformRoutes } from '@venue-kiosk/platform-sim/routes.ts';
import { request, useSimulator, type HttpResult } from './harness.ts';

const sim = useSimulator();

function expectEnvelope(result: HttpResult) {
	expect(result.body).toEqual({
		errorModel: {
			errorCode: expect.stringMatching(/^[A-Z][A-Z0-9_]+$/),
			message: expect.any(String),
			descriptors: expect.any(Array)
		}
	});
}

/** mulberry32: a small seeded PRNG, so a failing input can be replayed. */
function random(seed: number) {
	return () => {
		seed = (seed + 0x6d2b79f5) | 0;
		let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
		t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

function randomValue(next: () => number, depth = 0): unknown {
	const pick = <T>(items: T[]) => items[Math.floor(next() * items.length)]!;
	const kind = pick(['null', 'bool', 'int', 'float', 'string', 'array', 'object', 'huge']);
	switch (kind) {
		case 'null':
			return null;
		case 'bool':
			return next() < 0.5;
		case 'int':
			return pick([0, -1, 1, 2, 2 ** 31, -(2 ** 53), Number.MAX_SAFE_INTEGER]);
		case 'float':
			return pick([0.1, 5.5, 7.7, 1e-9, 1e308, -3.14159]);
		case 'string':
			return pick([
				'',
				'x',
				'APPROVED',
				'EUR',
				'eur',
				'ünïcödé 🍺',
				'0'.repeat(32),
				'a'.repeat(300)
			]);
		case 'huge':
			return 'z'.repeat(5000);
		case 'array':
			return depth > 2
				? []
				: Array.from({ length: Math.floor(next() * 4) }, () => randomValue(next, depth + 1));
		default: {
			if (depth > 2) return {};
			const keys = [
				'productId',
				'quantity',
				'status',
				'deskIds',
				'enabled',
				'items',
				'newItems',
				'currencyCode',
				'paymentType',
				'hybridRevoTokenCategoryId',
				'rejectionMessage',
				'comment',
				'vat',
				'unitPrice',
				'name'
			];
			return Object.fromEntries(
				keys.filter(() => next() < 0.4).map((key) => [key, randomValue(next, depth + 1)])
			);
		}
	}
}

const deviceFor = (authority: string | undefined) =>
	({ REVO: 'dev_kiosk_main', CREDIT: 'dev_kiosk_main', ORDER: 'dev_board_main' })[
		authority ?? 'REVO'
	] ?? 'dev_kiosk_main';

describe('bad requests', () => {
	it('unknown path → 404 NOT_FOUND envelope', async () => {
		const result = await sim.call('dev_kiosk_main', 'GET', '/v1/integrations/nothing-here');
		expect(result.status).toBe(404);
		expectEnvelope(result);
	});

	it('known path, wrong method → 405 envelope naming the allowed method', async () => {
		const result = await sim.call('dev_kiosk_main', 'DELETE', '/v1/integrations/me');
		expect(result.status).toBe(405);
		expect(result.body.errorModel.descriptors).toEqual(['GET']);
	});

	it.each(platformRoutes.filter((route) => route.method !== 'GET'))(
		'malformed JSON to $method $path → 400 MALFORMED_JSON, nothing changed',
		async (route) => {
			const result = await sim.call(
				deviceFor(route.authority),
				route.method,
				route.path.replace(/:\w+/g, 'x'),
				{
					rawBody: '{"items": [1, 2',
					headers: { 'content-type': 'application/json' }
				}
			);
			expect(result.status).toBe(400);
			expect(result.body.errorModel.errorCode).toBe('MALFORMED_JSON');
		}
	);

	it('a body over 1 MiB → 413 envelope', async () => {
		const result = await sim.call(
			'dev_kiosk_main',
			'POST',
			'/v1/integrations/hybrid-revo-token-transactions',
			{
				rawBody: JSON.stringify([{ productId: 'x'.repeat(1024 * 1024), quantity: 1 }])
			}
		);
		expect(result.status).toBe(413);
		expectEnvelope(result);
	});

	it('a malformed percent-encoding in a path parameter → 4xx envelope', async () => {
		const result = await sim.call(
			'dev_board_main',
			'GET',
			'/v1/integrations/counter-orders/%E0%A4%A'
		);
		expect(result.status).toBeGreaterThanOrEqual(400);
		expect(result.status).toBeLessThan(500);
		expectEnvelope(result);
	});

	it('bad control-API input → 400 envelope, never a 500', async () => {
		for (const [method, path, body] of [
			['POST', '/_sim/clock', { advanceMinutes: -5 }],
			['POST', '/_sim/clock', 'soon'],
			['POST', '/_sim/faults', { path: 'no-slash', mode: 'status' }],
			['PUT', '/_sim/callback-url', { url: 'ftp://example.invalid' }],
			['PUT', '/_sim/settings', { previewTtlMinutes: 0 }],
			['GET', '/_sim/qr.svg', undefined]
		] as const) {
			const result = await sim.control(method, path, body);
			expect(result.status, `${method} ${path}`).toBe(400);
			expectEnvelope(result);
		}
	});
});

describe('random input (fuzz)', () => {
	it('600 random requests over every operation: always a response below 500, errors enveloped', async () => {
		const next = random(20261122);
		const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
		const params = ['x', '0', 'a'.repeat(300), '%F0%9F%8D%BA', 'ctx_000001', 'A'.repeat(40)];
		for (let i = 0; i < 600; i += 1) {
			const route = pick(platformRoutes);
			const path = route.path.replace(/:\w+/g, () => pick(params));
			const headers: Record<string, string> = {
				'X-API-Key': sim.device(deviceFor(route.authority)).apiKey,
				'X-Transaction-Key': pick(['', '0'.repeat(32), 'g'.repeat(32), 'abc', 'F'.repeat(32)]),
				'X-Idempotency-Key': pick(['', 'k', 'k'.repeat(256), `run-${i}`])
			};
			const body = route.method === 'GET' || next() < 0.1 ? undefined : randomValue(next);
			const result = await request(sim.url + path, route.method, { body, headers });
			expect(result.status, `${route.method} ${path} ${JSON.stringify(body)}`).toBeLessThan(500);
			if (result.status >= 400) expectEnvelope(result);
		}
	});
});
