import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Settings } from '../settings.ts';
import type { Store } from '../store/store.ts';
import { ENGINES, openTestStore } from '../store/testing/test-stores.ts';
import { guestLanguages, guestLanguagesFromForm, saveGuestLanguages } from './guest-languages.ts';

const form = (offered: string[], house: string) => {
	const data = new FormData();
	for (const locale of offered) data.append('offered', locale);
	data.set('house', house);
	return data;
};

describe('the setup page’s guest languages form', () => {
	it('reads the languages offered, in the project’s order, and the house language', () => {
		expect(guestLanguagesFromForm(form(['nl', 'de', 'fr'], 'fr'))).toEqual({
			ok: true,
			values: { offered: ['de', 'fr', 'nl'], house: 'fr' }
		});
	});

	it('refuses no language, an unknown one, and a house language not offered', () => {
		expect(guestLanguagesFromForm(form([], 'en'))).toEqual({ ok: false, problem: 'none-offered' });
		expect(guestLanguagesFromForm(form(['en', 'pt'], 'en'))).toEqual({
			ok: false,
			problem: 'none-offered'
		});
		expect(guestLanguagesFromForm(form(['de', 'en'], 'fr'))).toEqual({
			ok: false,
			problem: 'house-not-offered'
		});
		expect(guestLanguagesFromForm(form(['de', 'en'], ''))).toEqual({
			ok: false,
			problem: 'house-not-offered'
		});
	});
});

describe.each(ENGINES)('the venue’s guest languages on %s', (engine) => {
	let settings: Settings;
	let store: Store;
	beforeEach(async () => {
		store = await openTestStore(engine);
		settings = new Settings(store);
	});
	afterEach(() => store.close());

	it('are all six, starting in English, until staff choose; then what they chose', async () => {
		expect(await guestLanguages(settings)).toEqual({
			offered: ['en', 'de', 'fr', 'es', 'it', 'nl'],
			house: 'en'
		});
		await saveGuestLanguages(settings, { offered: ['de', 'en'], house: 'de' });
		// Read back in the project's order, whatever order they were saved in.
		expect(await guestLanguages(settings)).toEqual({ offered: ['en', 'de'], house: 'de' });
	});

	it('fall back to all six when what is stored no longer fits', async () => {
		await settings.set('guest-languages', { offered: ['pt'], house: 'pt' });
		expect((await guestLanguages(settings)).house).toBe('en');
	});
});
