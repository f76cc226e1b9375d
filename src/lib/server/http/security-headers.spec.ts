import { describe, expect, it } from 'vitest';
import { isNeverStored, setSecurityHeaders } from './security-headers.ts';

const url = (path: string) => new URL(path, 'http://kiosk.example');

describe('security headers', () => {
	it('keep the setup pages and the API out of every cache, however the path is written', () => {
		for (const path of [
			'/setup',
			'/setup/login?next=%2Fsetup',
			'/setup/menu/export.csv',
			'/set%75p/audit',
			'/api/health',
			'/api/board/events',
			'/api/orders/callback/token?orderId=1',
			'/%61pi/kiosk/snapshot',
			'/api/no-such-endpoint'
		])
			expect(isNeverStored(url(path)), path).toBe(true);
	});

	it('leave pictures, build files and the screens’ pages to their own caching', () => {
		for (const path of [
			'/media/products/0123456789abcdef01234567.webp',
			'/media/place/avatar',
			'/_app/immutable/entry/start.js',
			'/kiosk',
			'/board',
			'/',
			'/setupx',
			'/apis'
		])
			expect(isNeverStored(url(path)), path).toBe(false);
	});

	it('set no-store over whatever the answer had, besides nosniff, referrer and framing', () => {
		const headers = new Headers({ 'cache-control': 'public, max-age=60' });
		setSecurityHeaders(url('/api/health'), headers);
		expect(Object.fromEntries(headers)).toEqual({
			'cache-control': 'no-store',
			'x-content-type-options': 'nosniff',
			'referrer-policy': 'same-origin',
			'x-frame-options': 'DENY'
		});
		const media = new Headers({ 'cache-control': 'public, max-age=31536000, immutable' });
		setSecurityHeaders(url('/media/products/0123456789abcdef01234567.webp'), media);
		expect(media.get('cache-control')).toBe('public, max-age=31536000, immutable');
	});
});
