/**
 * The menu import on both engines: the file's products, the names it carries and the audit entry
 * are one change. A store that refuses the names' write (a trigger standing for a full disk, a
 * lost connection) leaves the menu, its names and the audit log as they were.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NO_FACTS } from '#lib/shared/food-facts.ts';
import { sql } from 'kysely';
import { AuditLog } from '../audit/audit-log.ts';
import type { StaffMember } from '../auth/roles.ts';
import { venueAdditives } from '../catalog/additives.ts';
import { CatalogRepository } from '../catalog/catalog-repository.ts';
import { MenuFeed } from '../catalog/menu-feed.ts';
import { saveVenueNames, venueNames } from '../catalog/menu-names.ts';
import type { ServerContext } from '../context.ts';
import { inLocale } from '../http/testing/in-locale.ts';
import { Settings } from '../settings.ts';
import type { Store } from '../store/store.ts';
import { ENGINES, openTestStore } from '../store/testing/test-stores.ts';
import { importMenu } from './menu-edits.ts';

const MANAGER: StaffMember = { name: 'Mia Manager', role: 'manager' };

const product = (id: string, name: string) => ({
	id,
	category: 'beer',
	name: { en: name },
	grossPrice: 4.5,
	currencyCode: 'EUR',
	vat: 19
});

/** The upload form of a JSON menu file. */
const upload = (menu: unknown) => {
	const form = new FormData();
	form.set('file', new File([JSON.stringify(menu)], 'menu.json', { type: 'application/json' }));
	return form;
};

const NEW_MENU = {
	products: [product('beer_helles', 'Helles'), product('beer_weizen', 'Weizen')],
	containers: { cat_cup: { en: 'Festival cup', de: 'Festbecher' } }
};

/** From now on the store refuses every write of the venue's menu names. */
async function refuseNamesWrites(store: Store): Promise<void> {
	if (store.engine === 'sqlite') {
		for (const event of ['INSERT', 'UPDATE'])
			await sql
				.raw(
					`CREATE TRIGGER refuse_menu_names_${event} BEFORE ${event} ON settings
					 WHEN NEW.key = 'menu-names' BEGIN SELECT RAISE(ABORT, 'injected failure'); END`
				)
				.execute(store.db);
		return;
	}
	await sql
		.raw(
			`CREATE FUNCTION refuse_menu_names() RETURNS trigger LANGUAGE plpgsql AS $$
			 BEGIN RAISE EXCEPTION 'injected failure'; END $$`
		)
		.execute(store.db);
	await sql
		.raw(
			`CREATE TRIGGER refuse_menu_names BEFORE INSERT OR UPDATE ON settings FOR EACH ROW
			 WHEN (NEW.key = 'menu-names') EXECUTE FUNCTION refuse_menu_names()`
		)
		.execute(store.db);
}

describe.each(ENGINES)('a manager imports a menu file (%s)', (engine) => {
	let store: Store;
	let context: ServerContext;

	beforeEach(async () => {
		store = await openTestStore(engine);
		const catalog = new CatalogRepository(store);
		const settings = new Settings(store);
		await catalog.replaceAll([
			{
				id: 'beer_pils',
				category: 'beer',
				name: { en: 'Pilsner 0.4 l' },
				description: {},
				grossMinor: 450,
				currencyCode: 'EUR',
				vatBp: 1900,
				image: null,
				available: true,
				position: 0,
				options: [],
				facts: NO_FACTS,
				minAge: 0
			}
		]);
		await saveVenueNames(settings, {
			categories: { beer: { de: 'Bier vom Fass' } },
			containers: { cat_cup: { de: 'Mehrwegbecher' } }
		});
		context = {
			catalog,
			settings,
			audit: new AuditLog(store),
			pictures: { pruneOrphans: async () => 0 },
			menuFeed: new MenuFeed(store)
		} as unknown as ServerContext;
	});
	afterEach(() => store.close());

	const menuNow = async () => ({
		ids: (await context.catalog.list()).map((item) => item.id),
		names: await venueNames(context.settings),
		audited: (await context.audit.list({ action: 'menu.import' })).entries.length
	});

	it('replaces the products and the names the file carries, with one audit entry', async () => {
		expect(await importMenu(context, MANAGER, upload(NEW_MENU))).toEqual({
			ok: true,
			imported: 2,
			namesKept: ['categories']
		});
		expect(await menuNow()).toEqual({
			ids: ['beer_helles', 'beer_weizen'],
			names: {
				categories: { beer: { de: 'Bier vom Fass' } },
				containers: { cat_cup: { en: 'Festival cup', de: 'Festbecher' } }
			},
			audited: 1
		});
	});

	it('a CSV file leaves the container names as they were, and says so', async () => {
		const form = new FormData();
		const csv =
			'id,category,name_en,grossPrice,currencyCode,vat,category_name_de\r\n' +
			'beer_helles,beer,Helles,4.5,EUR,19,Bier\r\n';
		form.set('file', new File([csv], 'menu.csv', { type: 'text/csv' }));
		expect(await importMenu(context, MANAGER, form)).toEqual({
			ok: true,
			imported: 1,
			namesKept: ['containers']
		});
		expect((await menuNow()).names).toEqual({
			categories: { beer: { de: 'Bier' } },
			containers: { cat_cup: { de: 'Mehrwegbecher' } }
		});
	});

	it('a refused import says why in the staff member’s language and changes nothing', async () => {
		const before = { ...(await menuNow()), additives: await venueAdditives(context.settings) };
		const refused = {
			...NEW_MENU,
			products: [...NEW_MENU.products, { ...product('beer_dunkel', 'Dunkel'), vat: 7.5 }],
			additives: [{ id: 'taurine', name: { en: 'with taurine' } }]
		};
		expect(await inLocale('de', () => importMenu(context, MANAGER, upload(refused)))).toEqual({
			ok: false,
			problems: ['Produkt 3, vat: 7.5 ist kein Mehrwertsteuersatz, den die Plattform kennt']
		});
		expect({ ...(await menuNow()), additives: await venueAdditives(context.settings) }).toEqual(
			before
		);
	});

	it('a failure on writing the names leaves the products, the names and the audit log as they were', async () => {
		const before = await menuNow();
		await refuseNamesWrites(store);
		await expect(importMenu(context, MANAGER, upload(NEW_MENU))).rejects.toThrow(
			/injected failure/
		);
		expect(await menuNow()).toEqual(before);
		expect(before.ids).toEqual(['beer_pils']);
	});
});
