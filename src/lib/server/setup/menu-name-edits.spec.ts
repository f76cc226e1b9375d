import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import demoMenu from '../catalog/demo-menu.json' with { type: 'json' };
import { AuditLog } from '../audit/audit-log.ts';
import type { StaffMember } from '../auth/roles.ts';
import { CatalogRepository } from '../catalog/catalog-repository.ts';
import { importJson } from '../catalog/exchange.ts';
import { venueNames } from '../catalog/menu-names.ts';
import { NAME_MAX } from '../catalog/translated-name.ts';
import type { ServerContext } from '../context.ts';
import type { PlatformView } from '../devices/platform-view.ts';
import { Settings } from '../settings.ts';
import type { Store } from '../store/store.ts';
import { ENGINES, openTestStore } from '../store/testing/test-stores.ts';
import { renameMenuEntry } from './menu-name-edits.ts';

const MANAGER: StaffMember = { name: 'Mia Manager', role: 'manager' };

const form = (values: Record<string, string>) => {
	const data = new FormData();
	for (const [name, value] of Object.entries(values)) data.set(name, value);
	return data;
};

/** A kiosk whose deposit configuration has the platform's cup. */
const kioskView = {
	deposits: 'active',
	depositConfiguration: {
		revoTokenProducts: [],
		hybridRevoTokenProducts: [
			{
				id: 'm1',
				productId: 'drink_pils',
				hybridCategory: {
					id: 'cat_cup',
					expirationHours: 48,
					depositGrossMinor: 200,
					currencyCode: 'EUR',
					revoTokenCategory: { id: 'cat_cup', name: 'Reusable cup 0.4 l', currencyCode: 'EUR' }
				}
			}
		]
	}
} as unknown as PlatformView;

describe.each(ENGINES)('a manager names the menu in the screens’ languages (%s)', (engine) => {
	let store: Store;
	let context: ServerContext;

	beforeEach(async () => {
		store = await openTestStore(engine);
		const menu = importJson(JSON.stringify(demoMenu));
		if (!menu.ok) throw new Error('demo menu invalid');
		const catalog = new CatalogRepository(store);
		await catalog.replaceAll(menu.products);
		context = {
			catalog,
			settings: new Settings(store),
			audit: new AuditLog(store),
			devices: { list: async () => [{ id: 'kiosk-1' }] },
			views: { get: async () => kioskView }
		} as unknown as ServerContext;
	});
	afterEach(() => store.close());

	const audited = async () => (await context.audit.list({ action: 'menu.names' })).entries;

	it('a product’s name and description per language, trimmed; the change is audited', async () => {
		const before = await context.catalog.get('food_pretzel');
		const edit = await renameMenuEntry(
			context,
			MANAGER,
			form({
				kind: 'product',
				id: 'food_pretzel',
				'name-en': ' Pretzel ',
				'name-de': ' Laugenbrezel ',
				'description-en': '',
				'description-de': 'Frisch gebacken'
			})
		);
		expect(edit).toEqual({ ok: true, kind: 'product', id: 'food_pretzel' });
		const after = await context.catalog.get('food_pretzel');
		expect(after).toMatchObject({
			name: { en: 'Pretzel', de: 'Laugenbrezel' },
			description: { de: 'Frisch gebacken' },
			grossMinor: before!.grossMinor
		});
		expect(after!.description.en).toBeUndefined();
		const [entry] = await audited();
		expect(entry).toMatchObject({
			actorName: MANAGER.name,
			subject: 'product:food_pretzel',
			details: { after: { name: { en: 'Pretzel', de: 'Laugenbrezel' } } }
		});
	});

	it('a category’s and a container’s names; all fields empty gives the fallback back', async () => {
		expect(
			await renameMenuEntry(
				context,
				MANAGER,
				form({ kind: 'container', id: 'cat_cup', 'name-de': 'Mehrwegbecher 0,4 l' })
			)
		).toMatchObject({ ok: true });
		expect(
			await renameMenuEntry(
				context,
				MANAGER,
				form({ kind: 'category', id: 'food', 'name-en': 'Snacks', 'name-de': 'Brotzeit' })
			)
		).toMatchObject({ ok: true });
		expect(await venueNames(context.settings)).toEqual({
			categories: { food: { en: 'Snacks', de: 'Brotzeit' } },
			containers: { cat_cup: { de: 'Mehrwegbecher 0,4 l' } }
		});
		await renameMenuEntry(
			context,
			MANAGER,
			form({ kind: 'category', id: 'food', 'name-en': ' ', 'name-de': '' })
		);
		expect((await venueNames(context.settings)).categories).toEqual({});
		expect(await audited()).toHaveLength(3);
	});

	it('refuses bad input with its reason, and changes and records nothing', async () => {
		const refusals = [
			[
				{ kind: 'product', id: 'food_pretzel', 'name-en': '', 'name-de': 'Brezel' },
				'name-required'
			],
			[{ kind: 'product', id: 'food_pretzel', 'name-en': 'x'.repeat(NAME_MAX + 1) }, 'too-long'],
			[{ kind: 'container', id: 'cat_cup', 'name-de': 'x'.repeat(NAME_MAX + 1) }, 'too-long'],
			[{ kind: 'product', id: 'gone', 'name-en': 'Ghost' }, 'unknown'],
			[{ kind: 'category', id: 'desserts', 'name-de': 'Nachtisch' }, 'unknown'],
			[{ kind: 'container', id: 'cat_plate', 'name-de': 'Teller' }, 'unknown'],
			[{ kind: 'menu', id: 'food', 'name-de': 'Essen' }, 'unknown']
		] as const;
		const product = await context.catalog.get('food_pretzel');
		for (const [values, problem] of refusals)
			expect(await renameMenuEntry(context, MANAGER, form(values))).toEqual({ ok: false, problem });
		expect(await context.catalog.get('food_pretzel')).toEqual(product);
		expect(await venueNames(context.settings)).toEqual({ categories: {}, containers: {} });
		expect(await audited()).toEqual([]);
	});
});
