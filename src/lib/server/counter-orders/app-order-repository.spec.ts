import { describe, expect, it } from 'vitest';
import { counterOrderSchema } from '../platform/schemas/counter-orders.ts';
import { counterOrder } from '../platform/testing/fixtures.ts';
import { AppOrderRepository } from './app-order-repository.ts';
import { orderStore, START, testClock } from './testing/order-store.ts';

const read = (overrides: Record<string, unknown> = {}) =>
	counterOrderSchema.parse(counterOrder(overrides));

function rig() {
	const clock = testClock();
	const store = orderStore(clock);
	const orders = new AppOrderRepository(store.db, clock.now);
	const save = (overrides: Record<string, unknown>, placeId = 'place_main_stage') =>
		orders.save(store.deviceId, placeId, read(overrides));
	return { clock, store, orders, save };
}

describe('AppOrderRepository', () => {
	it('stores a read and says whether it changed anything', () => {
		const { clock, orders, save } = rig();
		expect(save({})).toBe(true);
		clock.advance(1_000);
		expect(save({})).toBe(false);
		expect(save({ transactionStatus: 'PAID_EXTERNALLY' })).toBe(true);
		expect(save({ status: 'APPROVED', transactionStatus: 'PAID_EXTERNALLY' })).toBe(true);
		expect(orders.get('ord_000001')).toMatchObject({
			order: { status: 'APPROVED', transactionStatus: 'PAID_EXTERNALLY' },
			receivedAt: START.toISOString(),
			updatedAt: new Date(START.getTime() + 1_000).toISOString()
		});
	});

	it('never goes back to an older state (a slow read overtaken by a step’s answer)', () => {
		const { orders, save } = rig();
		save({ status: 'DONE', transactionStatus: 'PAID_EXTERNALLY' });
		expect(save({ status: 'APPROVED', transactionStatus: 'PAID_EXTERNALLY' })).toBe(false);
		expect(save({ status: 'DONE', transactionStatus: 'UNPAID' })).toBe(false);
		expect(orders.get('ord_000001')!.order).toMatchObject({
			status: 'DONE',
			transactionStatus: 'PAID_EXTERNALLY'
		});
	});

	it('keeps the device and place of the first read', () => {
		const { orders, store, save } = rig();
		save({});
		save({ status: 'APPROVED' }, 'place_garden');
		expect(orders.get('ord_000001')).toMatchObject({
			deviceId: store.deviceId,
			placeId: 'place_main_stage',
			order: { status: 'APPROVED' }
		});
	});

	it('lists a place’s open orders oldest first, then its last finished ones newest first', () => {
		const { clock, orders, save } = rig();
		const statuses = ['APPROVABLE', 'COMPLETED', 'APPROVED', 'REJECTED', 'DONE', 'LEFT'];
		statuses.forEach((status, index) => {
			clock.advance(1_000);
			save({ id: `ord_${index}`, status });
		});
		save({ id: 'ord_garden', status: 'APPROVABLE' }, 'place_garden');
		expect(orders.atPlace('place_main_stage', 2).map((entry) => entry.order.id)).toEqual([
			'ord_0',
			'ord_2',
			'ord_4',
			'ord_5',
			'ord_3'
		]);
		expect(orders.inProgress(['place_main_stage', 'place_garden']).map((e) => e.order.id)).toEqual([
			'ord_0',
			'ord_2',
			'ord_4',
			'ord_garden'
		]);
		expect(orders.inProgress([])).toEqual([]);
	});
});
