import { describe, expect, it } from 'vitest';
import { DIRECT_ROUTE as APP_DIRECT_ROUTE } from '#lib/server/http/direct-route.ts';
import { DIRECT_ROUTE, listeningUrls } from './serve.ts';

describe('the addresses the server prints', () => {
	it('is the address it listens on, when that is one address', () => {
		expect(listeningUrls({ address: '127.0.0.1', family: 'IPv4', port: 3000 })).toEqual([
			'http://127.0.0.1:3000/'
		]);
		expect(listeningUrls({ address: '::1', family: 'IPv6', port: 3001 })).toEqual([
			'http://[::1]:3001/'
		]);
	});

	it('is localhost and this machine’s addresses, when it listens on all of them', () => {
		for (const address of ['0.0.0.0', '::']) {
			const [first, ...rest] = listeningUrls({ address, family: 'IPv4', port: 3000 });
			expect(first).toBe('http://localhost:3000/');
			for (const url of rest) expect(url).toMatch(/^http:\/\/\d+\.\d+\.\d+\.\d+:3000\/$/);
			expect(rest).not.toContain('http://127.0.0.1:3000/');
		}
	});
});

describe('the route the app answers before SvelteKit', () => {
	it('is looked for where the app offers it', () => {
		expect(DIRECT_ROUTE).toBe(APP_DIRECT_ROUTE);
	});
});
