import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { locales } from '#lib/paraglide/runtime.js';
import demoMenu from './demo-menu.json' with { type: 'json' };
import { importJson } from './exchange.ts';
import { ENGINES, openTestStore } from '../store/testing/test-stores.ts';
import type { Store } from '../store/store.ts';
import { Settings } from '../settings.ts';
import { saveVenueNames, venueNames, venueNamesSchema, withNames } from './menu-names.ts';
import { NAME_MAX } from './translated-name.ts';

describe('the names staff give categories and containers', () => {
	it('are trimmed; an empty one is none, so the fallback shows', () => {
		const parsed = venueNamesSchema.parse({
			categories: { beer: { en: '  Beers ', de: '' } },
			containers: { 'cup-04': { de: ' Mehrwegbecher 0,4 l ' } }
		});
		expect(parsed).toEqual({
			categories: { beer: { en: 'Beers' } },
			containers: { 'cup-04': { de: 'Mehrwegbecher 0,4 l' } }
		});
	});

	it('the demo menu names its mixed drinks in every guest language, German "Mixgetränke"', () => {
		const demo = importJson(JSON.stringify(demoMenu));
		if (!demo.ok) throw new Error(demo.problems.join('\n'));
		const mixed = demo.names.categories?.drinks;
		expect(mixed?.de).toBe('Mixgetränke');
		expect(Object.keys(mixed ?? {}).sort()).toEqual([...locales].sort());
		expect(demo.products.some((product) => product.category === 'drinks')).toBe(true);
	});

	it('refuses a name past the limit and a language that is not the screens’', () => {
		const long = 'x'.repeat(NAME_MAX + 1);
		expect(venueNamesSchema.safeParse({ categories: { beer: { de: long } } }).success).toBe(false);
		expect(venueNamesSchema.parse({ containers: { cup: { pt: 'Copo', de: 'Becher' } } })).toEqual({
			categories: {},
			containers: { cup: { de: 'Becher' } }
		});
	});

	it('a category given no name in any language loses its entry', () => {
		const named = withNames({ categories: {}, containers: {} }, 'categories', 'beer', {
			de: 'Biere'
		});
		expect(named.categories).toEqual({ beer: { de: 'Biere' } });
		expect(withNames(named, 'categories', 'beer', {}).categories).toEqual({});
	});
});

describe.each(ENGINES)('the venue names in the store (%s)', (engine) => {
	let store: Store;
	let settings: Settings;

	beforeEach(async () => {
		store = await openTestStore(engine);
		settings = new Settings(store);
	});
	afterEach(async () => store.close());

	it('none before staff give any', async () => {
		expect(await venueNames(settings)).toEqual({ categories: {}, containers: {} });
	});

	it('are read back as saved', async () => {
		const names = {
			categories: { food: { de: 'Essen', en: 'Food' } },
			containers: { 'cup-04': { de: 'Mehrwegbecher 0,4 l' } }
		};
		await saveVenueNames(settings, names);
		expect(await venueNames(new Settings(store))).toEqual(names);
	});

	it('a stored value that no longer reads is no names, never an error', async () => {
		await settings.set('menu-names', { categories: 'broken' });
		expect(await venueNames(settings)).toEqual({ categories: {}, containers: {} });
	});
});
