import { describe, expect, it } from 'vitest';
import type { Product } from '#lib/server/catalog/product.ts';
import type { DepositConfiguration } from '#lib/server/platform/deposits.ts';
import { categoriesOf, menuOf } from './menu.ts';

const product = (id: string, category: string, extra: Partial<Product> = {}): Product => ({
	id,
	category,
	name: { en: id },
	description: {},
	grossMinor: 500,
	currencyCode: 'EUR',
	vatBp: 1900,
	image: null,
	available: true,
	position: 0,
	...extra
});

const cup = {
	id: 'cat_cup',
	expirationHours: 48,
	depositGrossMinor: 200,
	currencyCode: 'EUR',
	revoTokenCategory: { id: 'rt_cup', name: 'Reusable cup 0.4 l', currencyCode: 'EUR' }
};

const configuration: DepositConfiguration = {
	revoTokenProducts: [],
	hybridRevoTokenProducts: [
		{ id: 'm1', productId: 'pils', hybridCategory: cup },
		{ id: 'm2', productId: 'yen', hybridCategory: { ...cup, id: 'cat_jp', currencyCode: 'JPY' } }
	]
};

describe('the menu of the guest screen', () => {
	it('marks the products that come in a returnable container, with its deposit', () => {
		const menu = menuOf([product('pils', 'beer'), product('pretzel', 'food')], configuration);
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
		expect(menuOf([product('yen', 'beer')], configuration)[0]!.deposit).toBeNull();
	});

	it('leaves out unavailable products; categories in menu order', () => {
		const menu = menuOf(
			[
				product('a', 'beer'),
				product('b', 'food', { available: false }),
				product('c', 'food'),
				product('d', 'beer')
			],
			null
		);
		expect(menu.map((entry) => entry.id)).toEqual(['a', 'c', 'd']);
		expect(categoriesOf(menu)).toEqual(['beer', 'food']);
	});
});
