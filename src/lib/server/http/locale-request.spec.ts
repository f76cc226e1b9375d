import { describe, expect, it } from 'vitest';
import { extractLocaleFromRequest } from '#lib/paraglide/runtime.js';
import { isGuestScreenPath, localeRequest, pageLocale } from './locale-request.ts';

const request = (headers: Record<string, string>) =>
	new Request('http://kiosk.local/setup', { headers });
const house = (locale: 'fr' | 'de') => () => Promise.resolve(locale);

describe('the language a page is rendered in', () => {
	it('is the house language on a guest screen, whatever the browser asks for', async () => {
		const asks = request({ cookie: 'PARAGLIDE_LOCALE=de', 'accept-language': 'de-DE' });
		for (const path of ['/kiosk', '/return', '/pickup', '/kiosk/anything']) {
			expect(await pageLocale(asks, path, house('fr'))).toBe('fr');
		}
	});

	it('is the asked-for staff language on a staff page, English for a guest-only one', async () => {
		const never = () => Promise.reject(new Error('a staff page does not read the house language'));
		expect(await pageLocale(request({ cookie: 'PARAGLIDE_LOCALE=de' }), '/setup', never)).toBe(
			'de'
		);
		expect(await pageLocale(request({ cookie: 'PARAGLIDE_LOCALE=fr' }), '/setup', never)).toBe(
			'en'
		);
		expect(await pageLocale(request({ 'accept-language': 'nl-NL' }), '/board', never)).toBe('en');
		expect(await pageLocale(request({ 'accept-language': 'it, de' }), '/', never)).toBe('en');
		expect(await pageLocale(request({ 'accept-language': 'de-AT' }), '/', never)).toBe('de');
	});

	it('knows the guest screens by their routed path, not their API or look-alikes', () => {
		expect(['/kiosk', '/return/', '/pickup'].every(isGuestScreenPath)).toBe(true);
		expect(
			['/setup/returns', '/returns', '/api/kiosk/sales', '/kiosks', '/'].some(isGuestScreenPath)
		).toBe(false);
	});
});

describe('the request the language middleware is given', () => {
	it('names the page’s language and nothing else, and leaves the body unread', async () => {
		const post = new Request('http://kiosk.local/api/kiosk/sales', {
			method: 'POST',
			headers: { cookie: 'PARAGLIDE_LOCALE=de; session=secret', 'accept-language': 'de-DE' },
			body: '{"basket":[]}'
		});
		const given = localeRequest(post, 'it');
		expect(given.url).toBe(post.url);
		expect(extractLocaleFromRequest(given)).toBe('it');
		expect(given.headers.get('cookie')).toBe('PARAGLIDE_LOCALE=it');
		expect(given.body).toBeNull();
		expect(post.bodyUsed).toBe(false);
		expect(await post.json()).toEqual({ basket: [] });
	});
});
