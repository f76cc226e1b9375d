import { afterEach, describe, expect, it } from 'vitest';
import { counterOrderSchema } from '../platform/schemas/counter-orders.ts';
import { counterOrder } from '../platform/testing/fixtures.ts';
import type { Engine } from '../store/store.ts';
import { ENGINES } from '../store/testing/test-stores.ts';
import { CounterOrderRepository } from './counter-order-repository.ts';
import { closeOrderStores, orderStore, START, testClock } from './testing/order-store.ts';

const read = (overrides: Record<string, unknown> = {}) =>
	counterOrderSchema.parse(counterOrder(overrides));

async function rig(engine: Engine) {
	const clock = testClock();
	const store = await orderStore(engine, clock);
	const orders = new CounterOrderRepository(store.store, clock.now);
	const save = (overrides: Record<string, unknown>, placeId = 'place_main_stage') =>
		orders.save(store.deviceId, placeId, read(overrides));
	return { clock, store, orders, save };
}

describe.each(ENGINES)('CounterOrderRepository on %s', (engine) => {
	afterEach(closeOrderStores);

	it('stores a read and says whether it changed anything', async () => {
		const { clock, orders, save } = await rig(engine);
		expect(await save({})).toBe(true);
		clock.advance(1_000);
		expect(await save({})).toBe(false);
		expect(await save({ transactionStatus: 'PAID_EXTERNALLY' })).toBe(true);
		expect(await save({ status: 'APPROVED', transactionStatus: 'PAID_EXTERNALLY' })).toBe(true);
		expect(await orders.get('ord_000001')).toMatchObject({
			order: { status: 'APPROVED', transactionStatus: 'PAID_EXTERNALLY' },
			receivedAt: START.toISOString(),
			updatedAt: new Date(START.getTime() + 1_000).toISOString()
		});
	});

	it('never goes back to an older state (a slow read overtaken by a step’s answer)', async () => {
		const { orders, save } = await rig(engine);
		await save({ status: 'DONE', transactionStatus: 'PAID_EXTERNALLY' });
		expect(await save({ status: 'APPROVED', transactionStatus: 'PAID_EXTERNALLY' })).toBe(false);
		expect(await save({ status: 'DONE', transactionStatus: 'UNPAID' })).toBe(false);
		expect((await orders.get('ord_000001'))!.order).toMatchObject({
			status: 'DONE',
			transactionStatus: 'PAID_EXTERNALLY'
		});
	});

	it('keeps the newest of reads saved at once (two servers storing the same order)', async () => {
		const { orders, save } = await rig(engine);
		const reads = ['APPROVABLE', 'APPROVED', 'DONE', 'APPROVED', 'APPROVABLE', 'DONE'];
		const saved = await Promise.all(
			reads.map((status) => save({ status, transactionStatus: 'PAID_EXTERNALLY' }))
		);
		expect(saved.filter(Boolean).length).toBeGreaterThanOrEqual(1);
		expect((await orders.get('ord_000001'))!.order.status).toBe('DONE');
	});

	it('keeps the device and place of the first read', async () => {
		const { orders, store, save } = await rig(engine);
		await save({});
		await save({ status: 'APPROVED' }, 'place_garden');
		expect(await orders.get('ord_000001')).toMatchObject({
			deviceId: store.deviceId,
			placeId: 'place_main_stage',
			order: { status: 'APPROVED' }
		});
	});

	it('lists a place’s open orders oldest first, then its last finished ones newest first', async () => {
		const { clock, orders, save } = await rig(engine);
		const statuses = ['APPROVABLE', 'COMPLETED', 'APPROVED', 'REJECTED', 'DONE', 'LEFT'];
		for (const [index, status] of statuses.entries()) {
			clock.advance(1_000);
			await save({ id: `ord_${index}`, status });
		}
		await save({ id: 'ord_garden', status: 'APPROVABLE' }, 'place_garden');
		expect((await orders.atPlace('place_main_stage', 2)).map((entry) => entry.order.id)).toEqual([
			'ord_0',
			'ord_2',
			'ord_4',
			'ord_5',
			'ord_3'
		]);
		expect(
			(await orders.inProgress(['place_main_stage', 'place_garden'])).map((e) => e.order.id)
		).toEqual(['ord_0', 'ord_2', 'ord_4', 'ord_garden']);
		expect(await orders.inProgress([])).toEqual([]);
	});
});
