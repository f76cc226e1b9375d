import { describe, expect, it } from 'vitest';
import { addressRanges } from './address-ranges.ts';
import { metricsGuard } from './metrics-access.ts';

const TOKEN = 'a-metrics-token-of-thirty-two-chars!';
const ranges = (list: string) => addressRanges(list) ?? [];

describe('who may read /metrics', () => {
	it('nobody when neither a token nor addresses are configured: it does not exist', () => {
		const guard = metricsGuard({ allow: [] });
		expect(guard({ authorization: `Bearer ${TOKEN}`, address: '127.0.0.1' })).toBe('not-found');
		expect(guard({ authorization: null, address: '127.0.0.1' })).toBe('not-found');
	});

	it('with a token: only its bearer, whatever the address', () => {
		const guard = metricsGuard({ token: TOKEN, allow: [] });
		expect(guard({ authorization: `Bearer ${TOKEN}`, address: '203.0.113.9' })).toBe('allowed');
		expect(guard({ authorization: `bearer ${TOKEN}`, address: '::1' })).toBe('allowed');
		for (const authorization of [
			null,
			'',
			'Bearer',
			`Bearer ${TOKEN}x`,
			`Bearer ${TOKEN.slice(1)}`,
			`Basic ${TOKEN}`,
			TOKEN
		])
			expect(guard({ authorization, address: '127.0.0.1' }), String(authorization)).toBe(
				'unauthorized'
			);
	});

	it('with addresses: only from them, IPv4 as well when it reaches a dual-stack socket', () => {
		const guard = metricsGuard({ allow: ranges('10.1.0.0/16, 192.0.2.7, fd00::/8') });
		for (const address of ['10.1.2.3', '::ffff:10.1.255.255', '192.0.2.7', 'fd00::1'])
			expect(guard({ authorization: null, address }), address).toBe('allowed');
		for (const address of ['10.2.0.1', '192.0.2.8', '::1', 'fe80::1', 'no-address-header', ''])
			expect(guard({ authorization: null, address }), address).toBe('forbidden');
	});

	it('with both: both must hold', () => {
		const guard = metricsGuard({ token: TOKEN, allow: ranges('127.0.0.1') });
		expect(guard({ authorization: `Bearer ${TOKEN}`, address: '127.0.0.1' })).toBe('allowed');
		expect(guard({ authorization: null, address: '127.0.0.1' })).toBe('unauthorized');
		expect(guard({ authorization: `Bearer ${TOKEN}`, address: '10.0.0.1' })).toBe('forbidden');
	});
});
