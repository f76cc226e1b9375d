import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { transact } from '../store/after-commit.ts';
import type { Store } from '../store/store.ts';
import { ENGINES, openTestStore } from '../store/testing/test-stores.ts';
import { CatalogRepository } from './catalog-repository.ts';
import demoMenu from './demo-menu.json' with { type: 'json' };
import { DEFAULT_ADDITIVES } from './additives.ts';
import { exportCsv, exportJson, importCsv, importJson } from './exchange.ts';
import { NAME_MAX } from './translated-name.ts';

describe('menu import and export', () => {
	it('imports the demo menu: prices in minor units, VAT in basis points', () => {
		const result = importJson(JSON.stringify(demoMenu));
		if (!result.ok) throw new Error(result.problems.join('\n'));
		const coffee = result.products.find((product) => product.id === 'drink_coffee');
		expect(coffee).toEqual({
			id: 'drink_coffee',
			category: 'soft-drinks',
			name: { en: 'Filter coffee', de: 'Filterkaffee' },
			description: { en: 'Fair-trade, in a paper cup', de: 'Fair gehandelt, im Pappbecher' },
			grossMinor: 320,
			currencyCode: 'EUR',
			vatBp: 550,
			image: null,
			available: true,
			position: 80,
			options: [
				{
					id: 'size',
					name: { en: 'Size', de: 'Größe' },
					min: 1,
					max: 1,
					choices: [
						{ id: 'regular', name: { en: 'Regular 0.2 l', de: 'Normal 0,2 l' }, priceMinor: 0 },
						{ id: 'large', name: { en: 'Large 0.3 l', de: 'Groß 0,3 l' }, priceMinor: 80 }
					]
				},
				{
					id: 'milk',
					name: { en: 'Milk', de: 'Milch' },
					min: 0,
					max: 1,
					choices: [
						{
							id: 'milk',
							name: { en: "Cow's milk", de: 'Kuhmilch' },
							priceMinor: 0,
							allergens: ['milk']
						},
						{
							id: 'oat-milk',
							name: { en: 'Oat milk', de: 'Hafermilch' },
							priceMinor: 40,
							allergens: ['gluten']
						}
					]
				}
			],
			facts: { allergens: [], additives: [], diets: ['vegan'] },
			minAge: 0
		});
	});

	it('JSON and CSV round-trip exactly, the names staff gave included', () => {
		const imported = importJson(JSON.stringify(demoMenu));
		if (!imported.ok) throw new Error('demo menu invalid');
		const products = imported.products.map((product) =>
			product.id === 'food_pretzel'
				? { ...product, name: { en: 'Pretzel', de: 'Laugenbrezel' }, description: { de: 'Frisch' } }
				: product
		);
		const names = {
			categories: { food: { en: 'Snacks', de: 'Brotzeit' } },
			containers: { cat_cup: { de: 'Mehrwegbecher 0,4 l' } }
		};
		expect(importJson(exportJson(products, names))).toEqual({
			ok: true,
			products,
			names,
			additives: DEFAULT_ADDITIVES
		});
		expect(importCsv(exportCsv(products, names))).toEqual({
			ok: true,
			products,
			names: { categories: names.categories }
		});
	});

	it('still reads the earlier files: a JSON array, CSV without category names', () => {
		const imported = importJson(JSON.stringify(demoMenu.products));
		if (!imported.ok) throw new Error('demo menu invalid');
		expect(imported.names).toEqual({});
		const csv =
			'id,category,name_en,name_de,description_en,description_de,grossPrice,currencyCode,vat\r\n' +
			'pretzel,food,Pretzel,Brezel,,Frisch,3.5,EUR,7\r\n';
		expect(importCsv(csv)).toEqual({
			ok: true,
			products: [
				expect.objectContaining({
					name: { en: 'Pretzel', de: 'Brezel' },
					description: { de: 'Frisch' }
				})
			],
			names: {}
		});
	});

	it('refuses names past the limit and a category named two ways, importing nothing', () => {
		const product = {
			id: 'a',
			category: 'food',
			name: 'A',
			grossPrice: 1,
			currencyCode: 'EUR',
			vat: 7
		};
		const long = 'x'.repeat(NAME_MAX + 1);
		expect(
			importJson(JSON.stringify({ products: [product], containers: { cup: { de: long } } }))
		).toEqual({ ok: false, problems: [expect.stringMatching(/^containers\.cup\.de: /)] });
		const csv =
			'id,category,name_en,grossPrice,currencyCode,vat,category_name_de\r\n' +
			'a,food,A,1,EUR,7,Essen\r\nb,food,B,1,EUR,7,Speisen\r\n';
		expect(importCsv(csv)).toEqual({
			ok: false,
			problems: ['row 3: category food named otherwise than in an earlier row']
		});
	});

	it('reports every bad row and imports nothing', () => {
		const result = importJson(
			JSON.stringify([
				{ id: 'a', category: 'x', name: 'A', grossPrice: 1.005, currencyCode: 'EUR', vat: 19 },
				{ id: 'b', category: 'x', name: 'B', grossPrice: 2, currencyCode: 'EUR', vat: 7.5 },
				{ id: 'c', category: 'x', name: 'C', grossPrice: 2, currencyCode: 'EUR', vat: 7 },
				{ id: 'c', category: 'x', name: 'C again', grossPrice: 2, currencyCode: 'EUR', vat: 7 },
				{ id: '', category: 'x', name: 'C', grossPrice: 2, currencyCode: 'eur', vat: 7 }
			])
		);
		expect(result).toEqual({
			ok: false,
			problems: [
				'product 1, grossPrice: too many decimal places',
				'product 2, vat: 7.5 is not a VAT rate the platform supports',
				'product 4: id c repeated',
				expect.stringMatching(/^product 5, id: /),
				expect.stringMatching(/^product 5, currencyCode: /)
			]
		});
	});

	it('takes a picture on this kiosk or an https host, and nothing that leads elsewhere', () => {
		const product = (image: string) => ({
			id: 'pretzel',
			category: 'food',
			name: 'Pretzel',
			grossPrice: 3,
			currencyCode: 'EUR',
			vat: 7,
			image
		});
		const good = ['/media/products/0123456789abcdef01234567.webp', 'https://cdn.example/p.webp'];
		for (const image of good) {
			const result = importJson(JSON.stringify([product(image)]));
			expect(result.ok && result.products[0]?.image).toBe(image);
		}
		const bad = ['//evil.example/p.png', '/\\evil.example/p.png', '/\t/evil.example/p.png'];
		expect(importJson(JSON.stringify(bad.map(product)))).toEqual({
			ok: false,
			problems: bad.map(
				(_, index) =>
					`product ${index + 1}, image: a picture must be an address on this kiosk (a path starting with a single /, without backslashes) or an https:// address`
			)
		});
		const csv = `id,category,name_en,grossPrice,currencyCode,vat,image\r\npretzel,food,Pretzel,3,EUR,7,http://evil.example/p.png\r\n`;
		expect(importCsv(csv)).toEqual({
			ok: false,
			problems: [expect.stringMatching(/^row 2, image: a picture must be an address/)]
		});
	});

	it('refuses a CSV column it has no place for, container names among them, importing nothing', () => {
		const csv =
			'id,category,name_en,nmae_de,grossPrice,currencyCode,vat,container_name_de\r\n' +
			'pretzel,food,Pretzel,Brezel,3.5,EUR,7,Mehrwegbecher\r\n';
		expect(importCsv(csv)).toEqual({
			ok: false,
			problems: [
				"column nmae_de is not one of the menu's columns (an export has them all)",
				expect.stringMatching(
					/^column container_name_de: container names travel in the JSON menu file only/
				)
			]
		});
		// A trailing column without a heading or a value, as spreadsheets leave, is no column.
		const trailing =
			'id,category,name_en,grossPrice,currencyCode,vat,\r\npretzel,food,Pretzel,3.5,EUR,7,\r\n';
		expect(importCsv(trailing)).toMatchObject({ ok: true });
		expect(importCsv(trailing.replace('7,\r\n', '7,x\r\n'))).toEqual({
			ok: false,
			problems: ["column (no heading) is not one of the menu's columns (an export has them all)"]
		});
	});

	it('names CSV problems by row, counting the header as row 1', () => {
		const csv =
			'id,category,name_en,grossPrice,currencyCode,vat\r\nbeer,drinks,Beer,five,EUR,19\r\n';
		expect(importCsv(csv)).toEqual({
			ok: false,
			problems: [expect.stringMatching(/^row 2, grossPrice: /)]
		});
		expect(importJson('{"not": "an array"}')).toEqual({
			ok: false,
			problems: ['the JSON must be an array of products, or an object with its "products"']
		});
		expect(importCsv('"unterminated')).toMatchObject({ ok: false });
	});
});

describe.each(ENGINES)('CatalogRepository on %s', (engine) => {
	let store: Store;
	let catalog: CatalogRepository;
	beforeEach(async () => {
		store = await openTestStore(engine);
		catalog = new CatalogRepository(store);
	});
	afterEach(() => store.close());

	async function withDemoMenu() {
		const imported = importJson(JSON.stringify(demoMenu));
		if (!imported.ok) throw new Error('demo menu invalid');
		await catalog.replaceAll(imported.products);
		return imported.products;
	}

	it('keeps the menu, and reads it again after each write has committed', async () => {
		const [first] = await withDemoMenu();
		const listed = async () => (await catalog.list()).find((p) => p.id === first!.id);
		expect(await listed()).toMatchObject({ available: true });
		// A write past the repository, as no server makes on SQLite, and on PostgreSQL another
		// server's whose notice is lost: kept until a write of the menu here (on PostgreSQL for at
		// most a second, store/read-cache.spec.ts), so no time-bound read is asserted there.
		await store.db.updateTable('products').set({ gross_minor: 1 }).execute();
		if (engine === 'sqlite') expect((await listed())?.grossMinor).toBe(first!.grossMinor);
		await catalog.setAvailable(first!.id, false);
		expect(await listed()).toMatchObject({ available: false, grossMinor: 1 });
		await catalog.setFacts(first!.id, { allergens: ['milk'], additives: [], diets: [] });
		expect((await listed())?.facts.allergens).toEqual(['milk']);
		await catalog.setMinAge(first!.id, 18);
		expect((await listed())?.minAge).toBe(18);
		await transact(store.db, (trx) => catalog.upsert({ ...first!, grossMinor: 990 }, trx));
		expect((await listed())?.grossMinor).toBe(990);
		await transact(store.db, (trx) => catalog.setImage(first!.id, '/pictures/a.webp', trx));
		expect((await listed())?.image).toBe('/pictures/a.webp');
		await catalog.remove(first!.id);
		expect(await listed()).toBeUndefined();
		await transact(store.db, (trx) => catalog.replaceAll([first!], trx));
		expect((await catalog.list()).map((p) => p.id)).toEqual([first!.id]);
	});

	it('shares its products frozen, so no reader changes another’s; each list is its own', async () => {
		await withDemoMenu();
		const product = (await catalog.list())[0]!;
		expect(() => (product.name.en = 'changed')).toThrow(TypeError);
		expect(() => product.options.push(product.options[0]!)).toThrow(TypeError);
		expect(() => (product.facts.allergens = [])).toThrow(TypeError);
		const list = await catalog.list();
		list.length = 0;
		expect((await catalog.list())[0]).toEqual(product);
		expect((await catalog.list())[0]!.name.en).not.toBe('changed');
	});

	it('replaces the menu atomically, lists in position order and toggles availability', async () => {
		expect(await catalog.isEmpty()).toBe(true);
		await withDemoMenu();
		expect(await catalog.isEmpty()).toBe(false);
		expect((await catalog.list()).map((p) => p.id).slice(0, 3)).toEqual([
			'drink_pils',
			'drink_wheat',
			'drink_pitcher'
		]);
		expect((await catalog.list({ availableOnly: true })).map((p) => p.id)).not.toContain(
			'food_fries'
		);
		expect(await catalog.setAvailable('food_fries', true)).toBe(true);
		expect((await catalog.get('food_fries'))?.available).toBe(true);
		expect(await catalog.remove('food_fries')).toBe(true);
		expect(await catalog.get('food_fries')).toBeUndefined();
		expect(await catalog.setAvailable('food_fries', true)).toBe(false);
	});

	it('keeps every product exactly, option groups included', async () => {
		const products = await withDemoMenu();
		const stored = await catalog.list();
		for (const product of products) expect(stored).toContainEqual(product);
		expect((await catalog.get('food_bratwurst'))?.options.map((group) => group.id)).toEqual([
			'extras',
			'leave-out'
		]);
	});

	it('names every product in one read', async () => {
		const products = await withDemoMenu();
		const names = await catalog.names();
		expect(names.size).toBe(products.length);
		for (const product of products) expect(names.get(product.id)).toEqual(product.name);
	});

	it('reads a picture address that an older version stored and the rule refuses as none', async () => {
		await withDemoMenu();
		await store.db
			.updateTable('products')
			.set({ image: '/\\evil.example/p.png' })
			.where('id', '=', 'food_fries')
			.execute();
		expect((await catalog.get('food_fries'))?.image).toBeNull();
	});

	it('leaves the old menu in place when an import fails half-way', async () => {
		const products = await withDemoMenu();
		const broken = [...products, { ...products[0]!, grossMinor: -1 }];
		await expect(catalog.replaceAll(broken)).rejects.toThrow();
		expect(await catalog.list()).toHaveLength(11);
	});
});
