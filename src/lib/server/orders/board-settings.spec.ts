import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Settings } from '../settings.ts';
import type { Store } from '../store/store.ts';
import { ENGINES, openTestStore } from '../store/testing/test-stores.ts';
import { boardSettings, boardSettingsFromForm, saveBoardSettings } from './board-settings.ts';

const form = (values: Record<string, string>) => {
	const data = new FormData();
	for (const [name, value] of Object.entries(values)) data.set(name, value);
	return data;
};
const valid = { warnAfterMinutes: '3', lateAfterMinutes: '8', order: 'newest' };

describe.each(ENGINES)('order board settings on %s', (engine) => {
	let store: Store;
	beforeEach(async () => {
		store = await openTestStore(engine);
	});
	afterEach(() => store.close());

	it('start amber after 5 minutes, red after 10, oldest first', async () => {
		expect(await boardSettings(new Settings(store))).toEqual({
			warnAfterMinutes: 5,
			lateAfterMinutes: 10,
			newestFirst: false
		});
	});

	it('read the form and are saved', async () => {
		const values = boardSettingsFromForm(form({ ...valid, warnAfterMinutes: ' 3 ' }));
		expect(values).toEqual({ warnAfterMinutes: 3, lateAfterMinutes: 8, newestFirst: true });
		const settings = new Settings(store);
		await saveBoardSettings(settings, values!);
		expect(await boardSettings(settings)).toEqual(values);
		expect(boardSettingsFromForm(form({ ...valid, order: 'oldest' }))?.newestFirst).toBe(false);
	});

	it('fall back to the defaults when what is stored no longer fits', async () => {
		const settings = new Settings(store);
		await settings.set('order-board', {
			warnAfterMinutes: 30,
			lateAfterMinutes: 5,
			newestFirst: true
		});
		expect(await boardSettings(settings)).toEqual({
			warnAfterMinutes: 5,
			lateAfterMinutes: 10,
			newestFirst: false
		});
	});
});

describe('the order board settings form', () => {
	it.each([
		['no warning time', { warnAfterMinutes: '' }],
		['a warning of 0 minutes', { warnAfterMinutes: '0' }],
		['a warning past 120 minutes', { warnAfterMinutes: '121', lateAfterMinutes: '200' }],
		['late past 240 minutes', { lateAfterMinutes: '241' }],
		['late as early as the warning', { warnAfterMinutes: '8', lateAfterMinutes: '8' }],
		['late before the warning', { warnAfterMinutes: '9', lateAfterMinutes: '4' }],
		['a fraction', { lateAfterMinutes: '7.5' }],
		['a negative number', { warnAfterMinutes: '-3' }],
		['words', { lateAfterMinutes: 'ten' }],
		['an unknown order', { order: 'random' }],
		['no order', { order: '' }]
	])('refuse %s (nothing is saved)', (_case, change) => {
		expect(boardSettingsFromForm(form({ ...valid, ...change }))).toBeNull();
	});

	it('refuse a file where a number belongs', () => {
		const data = form(valid);
		data.set('warnAfterMinutes', new Blob(['3']), 'warn.txt');
		expect(boardSettingsFromForm(data)).toBeNull();
	});
});
