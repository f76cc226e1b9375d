import { describe, expect, it } from 'vitest';
import { isImageAddress } from './image-address.ts';

describe('a menu picture address', () => {
	it('is a path on this kiosk or an https address', () => {
		for (const value of [
			'/media/products/0123456789abcdef01234567.webp',
			'/pictures/pretzel.png',
			'/pictures/pretzel%20large.png',
			'https://cdn.example/menu/pretzel.webp',
			'https://cdn.example:8443/p.png?v=2'
		]) {
			expect(isImageAddress(value), value).toBe(true);
		}
	});

	it('is nothing that leads elsewhere or is not a picture', () => {
		for (const value of [
			'//evil.example/pretzel.png',
			'/\\evil.example/pretzel.png',
			'\\/evil.example/pretzel.png',
			'/\t/evil.example/pretzel.png',
			'/pictures\\pretzel.png',
			'http://cdn.example/pretzel.png',
			'HTTPS://cdn.example/pretzel.png',
			'https://',
			'https:///',
			'https://user:secret@cdn.example/pretzel.png',
			'https://cdn.example\\@evil.example/pretzel.png',
			'https://cdn.example/\n/pretzel.png',
			'javascript:alert(1)',
			'data:image/png;base64,AAAA',
			'blob:https://cdn.example/0',
			'pretzel.png',
			' /pictures/pretzel.png',
			''
		]) {
			expect(isImageAddress(value), JSON.stringify(value)).toBe(false);
		}
	});
});
