import { describe, expect, it } from 'vitest';
import { cachePolicy, rootPath } from './cache-policy.ts';

const ORIGIN = 'http://kiosk.local:3000';
const PRECACHED = new Set(['/_app/immutable/entry/start.abc.js', '/icons/icon-192.png']);
const policy = (path: string, init: { method?: string; mode?: string; origin?: string } = {}) =>
	cachePolicy(
		{
			method: init.method ?? 'GET',
			url: `${init.origin ?? ORIGIN}${path}`,
			mode: init.mode ?? 'navigate'
		},
		ORIGIN,
		PRECACHED
	);

describe('cachePolicy', () => {
	it('answers this version’s files from the cache', () => {
		expect(policy('/_app/immutable/entry/start.abc.js', { mode: 'no-cors' })).toEqual({
			kind: 'asset',
			path: '/_app/immutable/entry/start.abc.js'
		});
		expect(policy('/icons/icon-192.png', { mode: 'no-cors' })).toMatchObject({ kind: 'asset' });
	});

	it('opens the screens from the network first, and /screen to the last one', () => {
		for (const path of ['/kiosk', '/return', '/board', '/pickup'])
			expect(policy(path)).toEqual({ kind: 'screen', path });
		expect(policy('/kiosk?lang=de')).toEqual({ kind: 'screen', path: '/kiosk' });
		expect(policy('/screen')).toEqual({ kind: 'start' });
	});

	it('never answers money calls, live feeds, page data, forms, setup or other sites from a cache', () => {
		for (const [path, init] of [
			['/api/kiosk/pay', { method: 'POST', mode: 'cors' }],
			['/api/board/events', { mode: 'cors' }],
			['/api/products', { mode: 'cors' }],
			['/api', {}],
			['/kiosk/__data.json', { mode: 'cors' }],
			['/kiosk?/order', { method: 'POST' }],
			['/return', { method: 'POST' }],
			['/setup', {}],
			['/setup/devices/x', {}],
			['/', {}],
			['/_app/immutable/entry/start.abc.js?v=2', { mode: 'no-cors' }],
			['/_app/immutable/chunks/unknown.js', { mode: 'no-cors' }],
			['/kiosk', { origin: 'http://elsewhere.example' }],
			['/kiosk', { mode: 'cors' }]
		] as const)
			expect(policy(path, init), path).toEqual({ kind: 'network' });
	});

	it('leaves the menu’s pictures to the browser’s own cache (their addresses never change)', () => {
		expect(policy('/media/products/0123456789abcdef01234567.webp', { mode: 'no-cors' })).toEqual({
			kind: 'network'
		});
	});

	it('roots the build manifest’s paths', () => {
		expect(rootPath('_app/immutable/x.js')).toBe('/_app/immutable/x.js');
		expect(rootPath('/favicon.svg')).toBe('/favicon.svg');
	});
});
