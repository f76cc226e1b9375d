import { NO_FACTS } from '#lib/shared/food-facts.ts';
import { describe, expect, it } from 'vitest';
import type { DepositTerms, MenuItem } from '#lib/shared/screen-snapshot.ts';
import { categoriesOf, featuredProducts, menuOf, picturesOf } from './menu.ts';

const product = (id: string, category: string): MenuItem => ({
	id,
	category,
	name: { en: id },
	description: {},
	grossMinor: 500,
	currencyCode: 'EUR',
	image: null
});

const cup = {
	id: 'cat_cup',
	name: 'Reusable cup 0.4 l',
	unitMinor: 200,
	currencyCode: 'EUR',
	expirationHours: 48
};

const terms: DepositTerms = {
	categories: [cup, { ...cup, id: 'cat_jp', currencyCode: 'JPY' }],
	products: [
		{ productId: 'pils', categoryId: 'cat_cup' },
		{ productId: 'yen', categoryId: 'cat_jp' }
	]
};

describe('the menu of the guest screen', () => {
	it('marks the products that come in a returnable container, with its deposit', () => {
		const menu = menuOf([product('pils', 'beer'), product('pretzel', 'food')], terms);
		expect(menu[0]!.deposit).toEqual({
			categoryId: 'cat_cup',
			name: 'Reusable cup 0.4 l',
			unitMinor: 200,
			expirationHours: 48
		});
		expect(menu[1]!.deposit).toBeNull();
	});

	it('no deposits while the configuration is off, nor in another currency (as the quote)', () => {
		expect(menuOf([product('pils', 'beer')], null)[0]!.deposit).toBeNull();
		expect(menuOf([product('yen', 'beer')], terms)[0]!.deposit).toBeNull();
	});

	it('keeps the menu order; categories in the order their first product appears', () => {
		const menu = menuOf([product('a', 'beer'), product('c', 'food'), product('d', 'beer')], null);
		expect(menu.map((entry) => entry.id)).toEqual(['a', 'c', 'd']);
		expect(categoriesOf(menu)).toEqual(['beer', 'food']);
	});
});

describe('the products the attract screen features', () => {
	const pictured = (id: string, category: string) => ({
		...product(id, category),
		image: `/media/products/${id}.webp`,
		deposit: null,
		options: [],
		facts: NO_FACTS,
		additiveNames: {}
	});
	const unpictured = (id: string, category: string) => ({
		...product(id, category),
		deposit: null,
		options: [],
		facts: NO_FACTS,
		additiveNames: {}
	});

	it('shows the range first: the first pictured product of each category, then the rest', () => {
		const products = [
			pictured('pils', 'beer'),
			pictured('wheat', 'beer'),
			unpictured('spritz', 'drinks'),
			pictured('punch', 'drinks'),
			pictured('pretzel', 'food')
		];
		expect(featuredProducts(products, 4).map((item) => item.id)).toEqual([
			'pils',
			'punch',
			'pretzel',
			'wheat'
		]);
		expect(featuredProducts(products, 2).map((item) => item.id)).toEqual(['pils', 'punch']);
	});

	it('gives every product its options; an item kept without (an older snapshot) has none', () => {
		const size = {
			id: 'size',
			name: { en: 'Size' },
			min: 1,
			max: 1,
			choices: [{ id: 'small', name: { en: 'Small' }, priceMinor: 0 }]
		};
		const [fries, pretzel] = menuOf(
			[{ ...product('fries', 'food'), options: [size] }, product('pretzel', 'food')],
			null
		);
		expect(fries!.options).toEqual([size]);
		expect(pretzel!.options).toEqual([]);
	});

	it('features nothing without pictures', () => {
		expect(featuredProducts([unpictured('spritz', 'drinks')], 4)).toEqual([]);
	});
});

describe('the pictures the kiosk keeps ready', () => {
	const withImage = (id: string, category: string, image: string | null) => ({
		...product(id, category),
		image,
		deposit: null,
		options: [],
		facts: NO_FACTS,
		additiveNames: {}
	});

	it('are every category’s, in menu order, none for an unpictured product', () => {
		expect(
			picturesOf([
				withImage('pils', 'beer', '/media/products/pils.webp'),
				withImage('spritz', 'drinks', null),
				withImage('pretzel', 'food', '/media/products/pretzel.webp')
			])
		).toEqual(['/media/products/pils.webp', '/media/products/pretzel.webp']);
	});
});
