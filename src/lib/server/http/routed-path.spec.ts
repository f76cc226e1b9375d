import { describe, expect, it } from 'vitest';
import { isSetupPath, routedPath } from './routed-path.ts';

const routed = (path: string) => routedPath(new URL(path, 'http://kiosk.example'));

describe('the path SvelteKit routes by', () => {
	it('is decoded, so an encoded letter is the letter the router sees', () => {
		expect(routed('/set%75p')).toBe('/setup');
		expect(routed('/%73etup/audit')).toBe('/setup/audit');
		expect(isSetupPath(routed('/set%75p'))).toBe(true);
		expect(isSetupPath(routed('/setup%2Faudit'))).toBe(false);
		expect(routed('/setup%2Faudit')).toBe('/setup%2Faudit');
		expect(routed('/a%25b')).toBe('/a%25b');
	});

	it('names the back office and nothing else', () => {
		for (const path of ['/setup', '/setup/', '/setup/menu', '/setup/menu/export.csv'])
			expect(isSetupPath(path), path).toBe(true);
		for (const path of ['/', '/setupx', '/kiosk', '/api/setup', '/screen'])
			expect(isSetupPath(path), path).toBe(false);
	});
});
