import type { RequestEvent } from '@sveltejs/kit';
import { describe, expect, it } from 'vitest';
import { allowedHost, isAllowedHost } from './allowed-host.ts';

describe('the allowed host (ORIGIN)', () => {
	it('is the origin’s host, in any case, with or without its default port', () => {
		expect(isAllowedHost('kiosk.venue.example', 'https://kiosk.venue.example')).toBe(true);
		expect(isAllowedHost('Kiosk.Venue.Example:443', 'https://kiosk.venue.example')).toBe(true);
		expect(isAllowedHost('192.168.1.20:3000', 'http://192.168.1.20:3000')).toBe(true);
		expect(isAllowedHost('192.168.1.20', 'http://192.168.1.20:3000')).toBe(false);
		expect(isAllowedHost('evil.example', 'https://kiosk.venue.example')).toBe(false);
		expect(isAllowedHost('kiosk.venue.example.evil.example', 'https://kiosk.venue.example')).toBe(
			false
		);
		expect(isAllowedHost('kiosk.venue.example/x', 'https://kiosk.venue.example')).toBe(false);
		expect(isAllowedHost('evil@kiosk.venue.example', 'https://kiosk.venue.example')).toBe(false);
		expect(isAllowedHost(null, 'https://kiosk.venue.example')).toBe(false);
	});

	const answer = async (origin: string | undefined, host: string | null, path = '/setup') => {
		const headers = new Headers(host === null ? {} : { host });
		const event = {
			request: new Request(`http://placeholder${path}`, { headers }),
			url: new URL(`${origin ?? 'http://placeholder'}${path}`)
		} as RequestEvent;
		return allowedHost(() => origin)({ event, resolve: async () => new Response('page') });
	};

	it('with ORIGIN, a request naming another host is refused with 421 before anything runs', async () => {
		const refused = await answer('https://kiosk.venue.example', 'rebound.evil.example');
		expect(refused.status).toBe(421);
		expect(await refused.text()).toMatch(/does not answer for this host name/);
		expect((await answer('https://kiosk.venue.example', null)).status).toBe(421);
		const served = await answer('https://kiosk.venue.example', 'kiosk.venue.example');
		expect([served.status, await served.text()]).toEqual([200, 'page']);
		// A probe by the machine's address: only "up".
		expect(
			(await answer('https://kiosk.venue.example', '10.0.0.5:3000', '/api/health')).status
		).toBe(200);
	});

	it('without ORIGIN, any host is answered', async () => {
		expect((await answer(undefined, 'rebound.evil.example')).status).toBe(200);
	});
});
