import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Settings } from '../settings.ts';
import type { Store } from '../store/store.ts';
import { ENGINES, openTestStore } from '../store/testing/test-stores.ts';
import { saveScreenGeometry, screenGeometry, screenGeometryFromForm } from './screen-geometry.ts';

const form = (values: Record<string, string>) => {
	const data = new FormData();
	for (const [name, value] of Object.entries(values)) data.set(name, value);
	return data;
};
const valid = { lowerEdgeMm: '820', visibleHeightMm: ' 1210 ' };

describe.each(ENGINES)('the screen geometry on %s', (engine) => {
	let store: Store;
	beforeEach(async () => {
		store = await openTestStore(engine);
	});
	afterEach(() => store.close());

	it('starts as a 32" portrait floor kiosk: 698 mm high, from 950 mm up', async () => {
		expect(await screenGeometry(new Settings(store))).toEqual({
			lowerEdgeMm: 950,
			visibleHeightMm: 698
		});
	});

	it('is read from the form and saved', async () => {
		const parsed = screenGeometryFromForm(form(valid));
		expect(parsed).toEqual({ lowerEdgeMm: 820, visibleHeightMm: 1210 });
		const settings = new Settings(store);
		await saveScreenGeometry(settings, parsed!);
		expect(await screenGeometry(settings)).toEqual(parsed);
	});

	it('falls back to the defaults when what is stored no longer fits', async () => {
		const settings = new Settings(store);
		await settings.set('screen-geometry', { lowerEdgeMm: -5, visibleHeightMm: 698 });
		expect(await screenGeometry(settings)).toEqual({ lowerEdgeMm: 950, visibleHeightMm: 698 });
	});
});

describe('the screen geometry form', () => {
	it.each([
		{ lowerEdgeMm: '' },
		{ lowerEdgeMm: '-1' },
		{ lowerEdgeMm: '2501' },
		{ lowerEdgeMm: '950.5' },
		{ visibleHeightMm: '99' },
		{ visibleHeightMm: '2001' },
		{ visibleHeightMm: '70cm' }
	])('refuses %o', (change) => {
		expect(screenGeometryFromForm(form({ ...valid, ...change }))).toBeUndefined();
	});

	it('refuses a form without the fields', () => {
		expect(screenGeometryFromForm(new FormData())).toBeUndefined();
	});
});
