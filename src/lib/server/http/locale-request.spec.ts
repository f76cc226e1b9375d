import { describe, expect, it } from 'vitest';
import { localeRequest } from './locale-request.ts';

describe('the request the language middleware is given', () => {
	const post = () =>
		new Request('http://kiosk.local/api/kiosk/sales', {
			method: 'POST',
			headers: { cookie: 'PARAGLIDE_LOCALE=de', 'accept-language': 'de-DE' },
			body: '{"basket":[]}'
		});

	it('has the address and headers of a post, without its body, which stays unread', async () => {
		const request = post();
		const given = localeRequest(request);
		expect(given.url).toBe(request.url);
		expect(Object.fromEntries(given.headers)).toEqual(Object.fromEntries(request.headers));
		expect(given.body).toBeNull();
		expect(request.bodyUsed).toBe(false);
		expect(await request.json()).toEqual({ basket: [] });
	});

	it('is the request itself when it has no body', () => {
		const request = new Request('http://kiosk.local/kiosk', { headers: { cookie: 'a=b' } });
		expect(localeRequest(request)).toBe(request);
	});
});
