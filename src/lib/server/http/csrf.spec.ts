import { describe, expect, it } from 'vitest';
import { isCrossSiteForm } from './csrf.ts';

const url = new URL('https://kiosk.example/board?/step');
const request = (method: string, headers: Record<string, string> = {}) =>
	new Request(url, { method, headers });

describe('cross-site form posts', () => {
	it('refuses a form post, a text post or a body-less post from elsewhere or from nowhere', () => {
		for (const type of [
			'application/x-www-form-urlencoded',
			'multipart/form-data; boundary=x',
			'text/plain;charset=utf-8'
		]) {
			expect(isCrossSiteForm(request('POST', { 'content-type': type }), url)).toBe(true);
			expect(
				isCrossSiteForm(
					request('POST', { 'content-type': type, origin: 'https://evil.example' }),
					url
				)
			).toBe(true);
		}
		expect(isCrossSiteForm(request('POST'), url)).toBe(true);
		expect(isCrossSiteForm(request('DELETE', { origin: 'null' }), url)).toBe(true);
	});

	it('lets through the same origin, reads, and JSON (which a cross-site form cannot send)', () => {
		expect(
			isCrossSiteForm(
				request('POST', {
					'content-type': 'application/x-www-form-urlencoded',
					origin: 'https://kiosk.example'
				}),
				url
			)
		).toBe(false);
		expect(isCrossSiteForm(request('GET'), url)).toBe(false);
		expect(isCrossSiteForm(request('POST', { 'content-type': 'application/json' }), url)).toBe(
			false
		);
	});

	it('lets the platform’s body-less order callback through (its token is the credential)', () => {
		const callback = new URL('https://kiosk.example/api/orders/callback/abc?orderId=ord_1');
		expect(isCrossSiteForm(new Request(callback, { method: 'POST' }), callback)).toBe(false);
		const other = new URL('https://kiosk.example/api/orders/callbackx?orderId=ord_1');
		expect(isCrossSiteForm(new Request(other, { method: 'POST' }), other)).toBe(true);
	});
});
