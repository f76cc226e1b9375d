import { describe, expect, it } from 'vitest';
import type { ReturnSnapshot } from '#lib/shared/screen-snapshot.ts';
import { returnView } from './station-view.ts';

const cup = { id: 'cat_cup', name: 'Reusable cup 0.4 l', unitMinor: 200, currencyCode: 'EUR' };

const snapshot = (categories: ReturnSnapshot['deposits']['value']): ReturnSnapshot => ({
	screen: 'return',
	deviceId: 'r-1',
	servedAt: '2026-11-23T09:30:00.000Z',
	identity: { value: null, fetchedAt: null },
	deposits: { value: categories, fetchedAt: null },
	features: { deposits: true, loyalty: false },
	settings: {
		value: { staffAttended: false, idleSeconds: 60, resultSeconds: 15 },
		fetchedAt: '2026-11-23T09:30:00.000Z'
	}
});

describe('the return station’s view', () => {
	it('names the containers as staff did, by category; none while the scheme is off', () => {
		const named = { ...cup, expirationHours: 48, names: { de: 'Mehrwegbecher 0,4 l' } };
		const glass = { ...cup, id: 'cat_glass', name: 'Glass', expirationHours: 48 };
		const view = returnView(snapshot({ categories: [named, glass], products: [] }), null);
		expect(view.containerNames).toEqual({ cat_cup: { de: 'Mehrwegbecher 0,4 l' } });
		expect(returnView(snapshot(null), null).containerNames).toEqual({});
	});
});
