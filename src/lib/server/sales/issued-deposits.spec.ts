import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../store/store.ts';
import { ENGINES, openTestStore } from '../store/testing/test-stores.ts';
import { findIssuedDeposit } from './issued-deposits.ts';
import type { Sale } from './sale.ts';
import { saleFactory } from './testing/factories.ts';
import { SaleRepository } from './sale-repository.ts';

const CODE = 'K7QX2M9RTW4HZP8NCV3BFJ6LYD5SG1AE0UXK2M7Q';

function sale(id: string, code: string | null): Sale {
	return saleFactory({
		id,
		deviceId: 'kiosk-1',
		state: 'completed',
		deposit:
			code === null
				? null
				: {
						code,
						sequenceNumber: '000001',
						categories: [
							{
								categoryId: 'cat_cup',
								name: 'Cup',
								count: 2,
								expiresAt: '2026-11-24T10:00:00.000Z'
							}
						]
					},
		orderNumber: 'K-001'
	});
}

describe.each(ENGINES)('findIssuedDeposit on %s', (engine) => {
	let store: Store;
	let sales: SaleRepository;
	beforeAll(async () => {
		store = await openTestStore(engine);
		sales = new SaleRepository(store);
		await sales.create(sale('without-deposit', null));
		await sales.create(sale('with-deposit', CODE));
		// A code that contains another as a part is not that code.
		await sales.create(sale('longer-code', `${CODE}XX`));
	});
	afterAll(() => store.close());

	it('finds the sale that issued the code: its kiosk and the deadline per category', async () => {
		expect(await findIssuedDeposit(sales, CODE)).toEqual({
			deviceId: 'kiosk-1',
			deadlines: new Map([['cat_cup', '2026-11-24T10:00:00.000Z']])
		});
	});

	it('knows nothing of codes issued elsewhere, or of a part of a code', async () => {
		expect(await findIssuedDeposit(sales, 'A'.repeat(40))).toBeNull();
		expect(await findIssuedDeposit(sales, CODE.slice(0, 39))).toBeNull();
	});
});
