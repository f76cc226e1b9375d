import { NO_FACTS } from '#lib/shared/food-facts.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CatalogRepository } from '../catalog/catalog-repository.ts';
import type { Product } from '../catalog/product.ts';
import type { Store } from '../store/store.ts';
import { ENGINES, openTestStore } from '../store/testing/test-stores.ts';
import { checkoutOverStore } from './testing/checkout-over-store.ts';

const product = (id: string, minAge: number, options: Product['options'] = []): Product => ({
	id,
	category: 'drinks',
	name: { en: id },
	description: {},
	grossMinor: 500,
	currencyCode: 'EUR',
	vatBp: 1900,
	image: null,
	available: true,
	position: 0,
	options,
	facts: NO_FACTS,
	minAge
});

const MENU = [
	product('beer', 16),
	product('lemonade', 0, [
		{
			id: 'extra',
			name: { en: 'Extra' },
			min: 0,
			max: 1,
			choices: [{ id: 'rum', name: { en: 'Shot of rum' }, priceMinor: 200, minAge: 18 }]
		}
	])
];

describe.each(ENGINES)('checkout of age-restricted goods, on %s', (engine) => {
	let store: Store;
	let unattended: boolean;
	const ask = vi.fn();

	beforeEach(async () => {
		store = await openTestStore(engine);
		const catalog = new CatalogRepository(store);
		await catalog.replaceAll(MENU);
		unattended = false;
	});
	afterEach(() => store.close());

	function checkout() {
		return checkoutOverStore(store, {
			terminal: { pay: ask } as never,
			unattended: async () => unattended,
			products: () => new CatalogRepository(store).list()
		});
	}
	const sales = () => store.db.selectFrom('sales').select('id').execute();

	it('refuses a basket needing an age the guest did not confirm: no sale, nothing charged', async () => {
		await expect(
			checkout().start('kiosk-1', [{ productId: 'beer', quantity: 1 }])
		).rejects.toMatchObject({ failure: 'age-unconfirmed' });
		// A chosen choice raises the age: 16 confirmed is not enough for the rum.
		await expect(
			checkout().start('kiosk-1', [{ productId: 'lemonade', options: ['rum'], quantity: 1 }], 16)
		).rejects.toMatchObject({ failure: 'age-unconfirmed' });
		expect(await sales()).toEqual([]);
		expect(ask).not.toHaveBeenCalled();
	});

	it('sells it once the age is confirmed, and keeps the age the sale needs', async () => {
		const sale = await checkout().start(
			'kiosk-1',
			[
				{ productId: 'beer', quantity: 1 },
				{ productId: 'lemonade', options: ['rum'], quantity: 1 }
			],
			18
		);
		expect(sale.quote.minAge).toBe(18);
		const plain = await checkout().start('kiosk-1', [{ productId: 'lemonade', quantity: 1 }]);
		expect(plain.quote.minAge).toBeUndefined();
	});

	it('an unattended kiosk sells none of it, whatever the screen confirmed', async () => {
		unattended = true;
		await expect(
			checkout().start('kiosk-1', [{ productId: 'beer', quantity: 1 }], 18)
		).rejects.toMatchObject({ failure: 'age-unattended' });
		expect(await sales()).toEqual([]);
		const sale = await checkout().start('kiosk-1', [{ productId: 'lemonade', quantity: 1 }]);
		expect(sale.state).toBe('quoted');
	});
});
