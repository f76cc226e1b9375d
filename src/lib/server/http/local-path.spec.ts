import { describe, expect, it } from 'vitest';
import { localPath } from './local-path.ts';

describe('a path on this site', () => {
	it('takes a path with its query and fragment, percent-encoded as a header carries it', () => {
		expect(localPath('/')).toBe('/');
		expect(localPath('/kiosk?idle=10')).toBe('/kiosk?idle=10');
		expect(localPath('/setup/sales#top')).toBe('/setup/sales#top');
		expect(localPath('/menü')).toBe('/men%C3%BC');
		expect(localPath('/🍺?x=ü')).toBe('/%F0%9F%8D%BA?x=%C3%BC');
		// Encoded slashes stay in the path: the browser goes to this site's `/%2F%2Fhost`.
		expect(localPath('/%2F%2Fevil.example')).toBe('/%2F%2Fevil.example');
		expect(localPath('/%5Cevil.example')).toBe('/%5Cevil.example');
	});

	it('refuses another site, however it is written', () => {
		for (const value of [
			'//evil.example',
			'/\\evil.example',
			'\\/evil.example',
			'\\\\evil.example',
			'/\t/evil.example',
			'/\n/evil.example',
			'/\r\n/evil.example',
			'/x\\..\\..\\/evil.example',
			'/\u0000',
			'/\u007f',
			'/\u0085',
			'https://evil.example/',
			'http://127.0.0.1:3000/',
			'HTTPS://evil.example',
			'javascript:alert(1)',
			'data:text/html,x',
			' /kiosk',
			'kiosk',
			''
		]) {
			expect(localPath(value), JSON.stringify(value)).toBeNull();
		}
	});
});
