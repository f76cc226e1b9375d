import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../store/store.ts';
import { ENGINES, openTestStore } from '../store/testing/test-stores.ts';
import { CatalogRepository } from './catalog-repository.ts';
import demoMenu from './demo-menu.json' with { type: 'json' };
import { importJson } from './exchange.ts';
import { productQuerySchema, queryProducts } from './product-query.ts';

describe.each(ENGINES)('product query endpoint on %s', (engine) => {
	let store: Store;
	let catalog: CatalogRepository;
	beforeAll(async () => {
		store = await openTestStore(engine);
		catalog = new CatalogRepository(store);
		const menu = importJson(JSON.stringify(demoMenu));
		if (!menu.ok) throw new Error('demo menu invalid');
		await catalog.replaceAll(menu.products);
	});
	afterAll(() => store.close());

	it('exposes name, product id, gross price and VAT rate (spec 3 POS prerequisite), paginated', async () => {
		const page = await queryProducts(
			catalog,
			productQuerySchema.parse({ page: '4', pageSize: '4' })
		);
		// 11 products and 6 priced options.
		expect(page).toMatchObject({ page: 4, pageSize: 4, total: 17, totalPages: 5 });
		expect(page.products.map((p) => p.productId)).toEqual([
			'food_bratwurst~sauerkraut',
			'food_bratwurst~cheese',
			'food_pretzel',
			'food_fries'
		]);
		expect(page.products[2]).toEqual({
			productId: 'food_pretzel',
			name: 'Pretzel',
			names: { en: 'Pretzel', de: 'Brezel' },
			grossPrice: 3,
			currencyCode: 'EUR',
			vatRate: 7,
			available: true
		});
	});

	it('lists each priced option after its product, at its price and the product VAT rate', async () => {
		const { products: all } = await queryProducts(
			catalog,
			productQuerySchema.parse({ pageSize: '100' })
		);
		const coffee = all.findIndex((p) => p.productId === 'drink_coffee');
		expect(all.slice(coffee, coffee + 3)).toEqual([
			expect.objectContaining({ productId: 'drink_coffee', grossPrice: 3.2 }),
			{
				productId: 'drink_coffee~large',
				name: 'Filter coffee: Large 0.3 l',
				names: { en: 'Filter coffee: Large 0.3 l', de: 'Filterkaffee: Groß 0,3 l' },
				grossPrice: 0.8,
				currencyCode: 'EUR',
				vatRate: 5.5,
				available: true,
				optionOf: 'drink_coffee'
			},
			expect.objectContaining({ productId: 'drink_coffee~oat-milk', grossPrice: 0.4 })
		]);
		// Free choices ("regular", "no onions") are only part of a line's name.
		expect(all.map((p) => p.productId)).not.toContain('drink_coffee~regular');
		expect(all.map((p) => p.productId)).not.toContain('food_bratwurst~no-onions');
	});

	it('keeps decimal VAT rates and prices exact', async () => {
		const { products: all } = await queryProducts(
			catalog,
			productQuerySchema.parse({ pageSize: '100' })
		);
		expect(all.find((p) => p.productId === 'drink_coffee')).toMatchObject({
			grossPrice: 3.2,
			vatRate: 5.5
		});
		expect(all.find((p) => p.productId === 'drink_lemonade')).toMatchObject({
			grossPrice: 4.5,
			vatRate: 7.7
		});
	});
});

describe('product query parameters', () => {
	it.each([{ page: '0' }, { pageSize: '501' }, { page: 'x' }])('refuses %o', (query) => {
		expect(productQuerySchema.safeParse(query).success).toBe(false);
	});
});
