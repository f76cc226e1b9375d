import { describe, expect, it } from 'vitest';
import { openDatabase } from '../store/database.ts';
import { SaleConflictError, SaleRepository } from './sale-repository.ts';
import { saleFactory } from './testing/factories.ts';

describe('SaleRepository', () => {
	it('saves compare-and-set: a save from a stale copy is refused and changes nothing', () => {
		const sales = new SaleRepository(openDatabase(':memory:'));
		const created = sales.create(saleFactory());
		const claimed = sales.save({ ...created, state: 'card-pending' });
		expect(claimed.version).toBe(1);
		expect(() => sales.save({ ...created, state: 'abandoned' })).toThrow(SaleConflictError);
		expect(sales.get(created.id)).toMatchObject({ state: 'card-pending', version: 1 });
	});

	it('lists the unfinished sales (open or in payment) and those needing staff', () => {
		const sales = new SaleRepository(openDatabase(':memory:'));
		for (const state of ['quoted', 'card-paid', 'completed', 'abandoned', 'needs-staff'] as const) {
			sales.create(saleFactory({ id: state, state }));
		}
		expect(
			sales
				.unfinished()
				.map((sale) => sale.id)
				.sort()
		).toEqual(['card-paid', 'quoted']);
		expect(sales.needingStaff().map((sale) => sale.id)).toEqual(['needs-staff']);
	});
});
