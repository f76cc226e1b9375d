import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../store/store.ts';
import { ENGINES, openTestStore } from '../store/testing/test-stores.ts';
import { SaleConflictError, SaleRepository } from './sale-repository.ts';
import { saleFactory } from './testing/factories.ts';

describe.each(ENGINES)('SaleRepository on %s', (engine) => {
	let store: Store;
	let sales: SaleRepository;
	beforeEach(async () => {
		store = await openTestStore(engine);
		sales = new SaleRepository(store, { now: () => new Date('2026-11-22T10:00:00.000Z') });
	});
	afterEach(() => store.close());

	it('saves compare-and-set: a save from a stale copy is refused and changes nothing', async () => {
		const created = await sales.create(saleFactory());
		const claimed = await sales.save({ ...created, state: 'card-pending' });
		expect(claimed.version).toBe(1);
		await expect(sales.save({ ...created, state: 'abandoned' })).rejects.toThrow(SaleConflictError);
		expect(await sales.get(created.id)).toMatchObject({ state: 'card-pending', version: 1 });
	});

	it('of two saves from the same copy at once, exactly one is stored', async () => {
		const created = await sales.create(saleFactory());
		const outcomes = await Promise.allSettled([
			sales.save({ ...created, state: 'card-pending' }),
			new SaleRepository(store).save({ ...created, state: 'abandoned' })
		]);
		const saved = outcomes.filter((outcome) => outcome.status === 'fulfilled');
		expect(saved).toHaveLength(1);
		expect(await sales.get(created.id)).toEqual(saved[0]!.value);
	});

	it('a sale saved before staff refunds existed reads with none', async () => {
		const created = await sales.create(saleFactory());
		const older: Partial<typeof created> = { ...created };
		delete older.refunds;
		await store.db
			.updateTable('sales')
			.set({ body: JSON.stringify(older) })
			.where('id', '=', created.id)
			.execute();
		expect((await sales.get(created.id))?.refunds).toEqual([]);
	});

	it('lists the unfinished sales (open or in payment) and those needing staff', async () => {
		for (const state of ['quoted', 'card-paid', 'completed', 'abandoned', 'needs-staff'] as const) {
			await sales.create(saleFactory({ id: state, state }));
		}
		expect((await sales.unfinished()).map((sale) => sale.id).sort()).toEqual([
			'card-paid',
			'quoted'
		]);
		expect((await sales.needingStaff()).map((sale) => sale.id)).toEqual(['needs-staff']);
	});

	it('finds the paid orders of the given kiosks since a time, oldest first', async () => {
		const paid = (id: string, deviceId: string, createdAt: string, orderNumber: string) =>
			saleFactory({ id, deviceId, createdAt, orderNumber, state: 'completed' });
		await sales.create(paid('late', 'kiosk-1', '2026-11-22T10:05:00.000Z', 'K-002'));
		await sales.create(paid('early', 'kiosk-1', '2026-11-22T10:01:00.000Z', 'K-001'));
		await sales.create(paid('other-kiosk', 'kiosk-2', '2026-11-22T10:02:00.000Z', 'K-001'));
		await sales.create(paid('yesterday', 'kiosk-1', '2026-11-21T10:00:00.000Z', 'K-009'));
		await sales.create(saleFactory({ id: 'unpaid', deviceId: 'kiosk-1' }));
		const since = new Date('2026-11-22T00:00:00.000Z');
		expect((await sales.ordersOf(['kiosk-1'], since)).map((sale) => sale.id)).toEqual([
			'early',
			'late'
		]);
		expect(await sales.ordersOf([], since)).toEqual([]);
	});

	it('counts order numbers per device and day, also when two servers ask at once', async () => {
		const other = new SaleRepository(store, { now: () => new Date('2026-11-22T11:00:00.000Z') });
		const numbers = await Promise.all([
			sales.nextOrderNumber('kiosk-1'),
			other.nextOrderNumber('kiosk-1'),
			sales.nextOrderNumber('kiosk-1'),
			other.nextOrderNumber('kiosk-1')
		]);
		expect(numbers.sort()).toEqual(['K-001', 'K-002', 'K-003', 'K-004']);
		expect(await sales.nextOrderNumber('kiosk-2')).toBe('K-001');
	});
});
