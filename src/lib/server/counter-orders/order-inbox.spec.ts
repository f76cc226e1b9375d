import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../store/store.ts';
import { ENGINES } from '../store/testing/test-stores.ts';
import { OrderInbox, UNKNOWN_ORDERS } from './order-inbox.ts';
import { closeOrderStores, orderStore, START, testClock } from './testing/order-store.ts';

const LEASE = 60_000;

async function rig(engine: Engine) {
	const clock = testClock();
	const store = await orderStore(engine, clock);
	const inbox = new OrderInbox(store.store, clock.now);
	const row = (orderId: string) =>
		store.store.db
			.selectFrom('order_inbox')
			.selectAll()
			.where('order_id', '=', orderId)
			.executeTakeFirstOrThrow();
	return { clock, store, inbox, row };
}

describe.each(ENGINES)('OrderInbox on %s', (engine) => {
	afterEach(closeOrderStores);

	it('records a callback as due at once, and a repeat of it only as another callback', async () => {
		const { clock, inbox, row, store } = await rig(engine);
		await inbox.record([{ deviceId: store.deviceId, orderId: 'ord_1' }]);
		clock.advance(1_000);
		await inbox.record([{ deviceId: store.deviceId, orderId: 'ord_1' }]);
		await inbox.record([{ deviceId: store.deviceId, orderId: 'ord_1' }]);
		const count = await store.store.db
			.selectFrom('order_inbox')
			.select((eb) => eb.fn.countAll<number>().as('n'))
			.executeTakeFirstOrThrow();
		expect(count).toEqual({ n: 1 });
		expect(await row('ord_1')).toMatchObject({
			state: 'waiting',
			callbacks: 3,
			received_at: START.toISOString(),
			last_callback_at: new Date(START.getTime() + 1_000).toISOString()
		});
		const claimed = await inbox.claim('worker', LEASE, 10);
		expect(claimed).toEqual([
			{ orderId: 'ord_1', deviceId: store.deviceId, receivedAt: START.toISOString(), attempts: 0 }
		]);
	});

	it('does not hand a fetched order out again, even when the platform repeats its callback', async () => {
		const { inbox, store, row } = await rig(engine);
		await inbox.record([{ deviceId: store.deviceId, orderId: 'ord_1' }]);
		await inbox.claim('worker', LEASE, 10);
		await inbox.fetched('ord_1', 'worker');
		await inbox.record([{ deviceId: store.deviceId, orderId: 'ord_1' }]);
		expect(await row('ord_1')).toMatchObject({ state: 'fetched', callbacks: 2, lease_owner: null });
		expect(await inbox.claim('worker', LEASE, 10)).toEqual([]);
	});

	it('retries later with the attempt counted, and not before', async () => {
		const { clock, inbox, store, row } = await rig(engine);
		await inbox.record([{ deviceId: store.deviceId, orderId: 'ord_1' }]);
		await inbox.claim('worker', LEASE, 10);
		await inbox.retryLater('ord_1', 'worker', '503 SERVICE_UNAVAILABLE', 4_000);
		expect(await row('ord_1')).toMatchObject({
			state: 'waiting',
			attempts: 1,
			last_error: '503 SERVICE_UNAVAILABLE'
		});
		clock.advance(3_999);
		expect(await inbox.claim('worker', LEASE, 10)).toEqual([]);
		clock.advance(1);
		expect(await inbox.claim('worker', LEASE, 10)).toMatchObject([
			{ orderId: 'ord_1', attempts: 1 }
		]);
	});

	it('makes a failed order (404, 403) due again when a callback names it again', async () => {
		const { clock, inbox, store, row } = await rig(engine);
		await inbox.record([{ deviceId: store.deviceId, orderId: 'ord_1' }]);
		await inbox.claim('worker', LEASE, 10);
		await inbox.failed('ord_1', 'worker', '404 COUNTER_ORDER_NOT_FOUND');
		expect(await row('ord_1')).toMatchObject({ state: 'failed', attempts: 1 });
		clock.advance(600_000);
		expect(await inbox.claim('worker', LEASE, 10)).toEqual([]);
		await inbox.record([{ deviceId: store.deviceId, orderId: 'ord_1' }]);
		expect(await row('ord_1')).toMatchObject({
			state: 'waiting',
			next_attempt_at: clock.now().toISOString()
		});
		expect(await inbox.claim('worker', LEASE, 10)).toMatchObject([{ orderId: 'ord_1' }]);
	});

	it('reads a failed order named again no sooner than a window after it failed, however often it is named', async () => {
		const { clock, inbox, store, row } = await rig(engine);
		await inbox.record([{ deviceId: store.deviceId, orderId: 'ord_1' }]);
		await inbox.claim('worker', LEASE, 10);
		await inbox.failed('ord_1', 'worker', '404 COUNTER_ORDER_NOT_FOUND');
		for (let i = 0; i < 5; i += 1) {
			clock.advance(UNKNOWN_ORDERS.windowMs / 10);
			expect(await inbox.record([{ deviceId: store.deviceId, orderId: 'ord_1' }])).toEqual([
				'recorded'
			]);
			expect(await inbox.claim('worker', LEASE, 10)).toEqual([]);
		}
		clock.advance(UNKNOWN_ORDERS.windowMs / 2);
		expect(await inbox.claim('worker', LEASE, 10)).toMatchObject([{ orderId: 'ord_1' }]);
		expect(await row('ord_1')).toMatchObject({ callbacks: 6, attempts: 1 });
	});

	it('holds a device whose callbacks named its budget of unknown orders within the window: new ids refused, nothing claimed, until the window moves on', async () => {
		const { clock, inbox, store } = await rig(engine);
		const other = await store.addBoard('Second board', 'second-key');
		const forged = Array.from({ length: UNKNOWN_ORDERS.budget }, (_, i) => `forged_${i}`);
		await inbox.record(forged.map((orderId) => ({ deviceId: store.deviceId, orderId })));
		await inbox.record([{ deviceId: store.deviceId, orderId: 'waiting_1' }]);
		for (const entry of await inbox.claim('worker', LEASE, UNKNOWN_ORDERS.budget)) {
			await inbox.failed(entry.orderId, 'worker', '404 COUNTER_ORDER_NOT_FOUND');
		}
		// One at the budget: the device's new ids are refused, its known ones still counted.
		expect(
			await inbox.record([
				{ deviceId: store.deviceId, orderId: 'new_1' },
				{ deviceId: store.deviceId, orderId: 'waiting_1' },
				{ deviceId: other, orderId: 'other_1' }
			])
		).toEqual(['refused', 'recorded', 'recorded']);
		// Its rows wait; another device's are fetched.
		expect(await inbox.claim('worker', LEASE, 10)).toMatchObject([{ orderId: 'other_1' }]);
		await inbox.fetched('other_1', 'worker');
		const ids = await store.store.db
			.selectFrom('order_inbox')
			.select('order_id')
			.where('order_id', 'in', ['new_1', 'waiting_1'])
			.execute();
		expect(ids).toEqual([{ order_id: 'waiting_1' }]);

		clock.advance(UNKNOWN_ORDERS.windowMs);
		expect(await inbox.claim('worker', LEASE, 10)).toMatchObject([{ orderId: 'waiting_1' }]);
		expect(await inbox.record([{ deviceId: store.deviceId, orderId: 'new_1' }])).toEqual([
			'recorded'
		]);
	});

	it('prunes the rows whose fetch is over once no callback named them for the retention, a batch at a time; never one still to fetch', async () => {
		const { clock, inbox, store } = await rig(engine);
		await inbox.record(
			['fetched_1', 'fetched_2', 'failed_1', 'waiting_1', 'renamed_1'].map((orderId) => ({
				deviceId: store.deviceId,
				orderId
			}))
		);
		await inbox.claim('worker', LEASE, 10);
		for (const orderId of ['fetched_1', 'fetched_2', 'renamed_1'])
			await inbox.fetched(orderId, 'worker');
		await inbox.failed('failed_1', 'worker', '404 COUNTER_ORDER_NOT_FOUND');
		await inbox.retryLater('waiting_1', 'worker', 'timeout', 1_000);
		clock.advance(3_600_000);
		// Named again since: kept.
		await inbox.record([{ deviceId: store.deviceId, orderId: 'renamed_1' }]);
		const before = new Date(clock.now().getTime() - 1);
		expect(await inbox.prune(before, 2)).toBe(2);
		expect(await inbox.prune(before, 2)).toBe(1);
		expect(await inbox.prune(before, 2)).toBe(0);
		const left = await store.store.db
			.selectFrom('order_inbox')
			.select('order_id')
			.orderBy('order_id')
			.execute();
		expect(left).toEqual([{ order_id: 'renamed_1' }, { order_id: 'waiting_1' }]);
	});

	it('fetches an order not fetched yet with the key of the device whose callback came last', async () => {
		const { clock, inbox, store, row } = await rig(engine);
		const other = await store.addBoard('Second board', 'second-key');
		await inbox.record([{ deviceId: store.deviceId, orderId: 'ord_1' }]);
		await inbox.claim('worker', LEASE, 10);
		await inbox.failed('ord_1', 'worker', '403 DEVICE_CANNOT_ACCESS_COUNTER_ORDER');
		clock.advance(UNKNOWN_ORDERS.windowMs);
		await inbox.record([{ deviceId: other, orderId: 'ord_1' }]);
		expect(await inbox.claim('worker', LEASE, 10)).toMatchObject([
			{ orderId: 'ord_1', deviceId: other }
		]);
		await inbox.fetched('ord_1', 'worker');
		await inbox.record([{ deviceId: store.deviceId, orderId: 'ord_1' }]);
		expect(await row('ord_1')).toMatchObject({ device_id: other, state: 'fetched', callbacks: 3 });
	});

	it('records a group as if its callbacks had come one after the other: repeats counted, the last device kept, an id refused only until the group recorded it', async () => {
		const { inbox, store, row } = await rig(engine);
		const other = await store.addBoard('Second board', 'second-key');
		const forged = Array.from({ length: UNKNOWN_ORDERS.budget }, (_, i) => `forged_${i}`);
		await inbox.record(forged.map((orderId) => ({ deviceId: other, orderId })));
		for (const entry of await inbox.claim('worker', LEASE, UNKNOWN_ORDERS.budget)) {
			await inbox.failed(entry.orderId, 'worker', '404 COUNTER_ORDER_NOT_FOUND');
		}
		// `other` is over its budget: its new ids are refused unless named before it in the group.
		expect(
			await inbox.record([
				{ deviceId: store.deviceId, orderId: 'ord_1' },
				{ deviceId: other, orderId: 'ord_2' },
				{ deviceId: other, orderId: 'ord_1' },
				{ deviceId: store.deviceId, orderId: 'ord_2' },
				{ deviceId: store.deviceId, orderId: 'ord_1' }
			])
		).toEqual(['recorded', 'refused', 'recorded', 'recorded', 'recorded']);
		expect(await row('ord_1')).toMatchObject({
			device_id: store.deviceId,
			callbacks: 3,
			state: 'waiting'
		});
		expect(await row('ord_2')).toMatchObject({ device_id: store.deviceId, callbacks: 1 });
	});

	it('counts the wait of an order made due again from the callback that did it', async () => {
		const { clock, inbox, store } = await rig(engine);
		await inbox.record([{ deviceId: store.deviceId, orderId: 'ord_1' }]);
		await inbox.claim('worker', LEASE, 10);
		await inbox.failed('ord_1', 'worker', '404 COUNTER_ORDER_NOT_FOUND');
		clock.advance(3_600_000);
		await inbox.record([{ deviceId: store.deviceId, orderId: 'ord_1' }]);
		expect(await inbox.health([store.deviceId])).toEqual({
			lastCallbackAt: clock.now().toISOString(),
			waiting: 1,
			oldestWaitingSince: clock.now().toISOString()
		});
	});

	it('does not pull a waiting retry forward on a repeated callback (its backoff stands)', async () => {
		const { clock, inbox, store } = await rig(engine);
		await inbox.record([{ deviceId: store.deviceId, orderId: 'ord_1' }]);
		await inbox.claim('worker', LEASE, 10);
		await inbox.retryLater('ord_1', 'worker', 'timeout', 10_000);
		clock.advance(1_000);
		await inbox.record([{ deviceId: store.deviceId, orderId: 'ord_1' }]);
		expect(await inbox.claim('worker', LEASE, 10)).toEqual([]);
	});

	it('ignores settling by a worker that does not hold the row', async () => {
		const { clock, inbox, store, row } = await rig(engine);
		await inbox.record([{ deviceId: store.deviceId, orderId: 'ord_1' }]);
		await inbox.claim('slow', 1_000, 10);
		clock.advance(1_000);
		expect(await inbox.claim('fast', LEASE, 10)).toHaveLength(1);
		await inbox.fetched('ord_1', 'slow');
		expect(await row('ord_1')).toMatchObject({ state: 'waiting', lease_owner: 'fast' });
		await inbox.fetched('ord_1', 'fast');
		expect(await row('ord_1')).toMatchObject({ state: 'fetched', lease_owner: null });
	});

	it('keeps what was recorded across a restart', async () => {
		const clock = testClock();
		const store = await orderStore(engine, clock);
		await new OrderInbox(store.store, clock.now).record([
			{ deviceId: store.deviceId, orderId: 'ord_1' }
		]);
		const reopened = await store.reopen();
		const inbox = new OrderInbox(reopened.store, clock.now);
		expect(await inbox.claim('after-restart', LEASE, 10)).toMatchObject([{ orderId: 'ord_1' }]);
	});

	describe('health', () => {
		it('reports the last callback and what still waits, per set of devices', async () => {
			const { clock, inbox, store } = await rig(engine);
			const other = await store.addBoard('Garden board', 'garden-key');
			expect(await inbox.health([store.deviceId])).toEqual({
				lastCallbackAt: null,
				waiting: 0,
				oldestWaitingSince: null
			});
			expect(await inbox.health([])).toEqual({
				lastCallbackAt: null,
				waiting: 0,
				oldestWaitingSince: null
			});
			await inbox.record([{ deviceId: store.deviceId, orderId: 'ord_1' }]);
			clock.advance(1_000);
			await inbox.record([{ deviceId: store.deviceId, orderId: 'ord_2' }]);
			clock.advance(1_000);
			await inbox.record([{ deviceId: other, orderId: 'ord_3' }]);
			await inbox.claim('worker', LEASE, 10);
			await inbox.fetched('ord_1', 'worker');
			await inbox.failed('ord_2', 'worker', '404');
			await inbox.retryLater('ord_3', 'worker', 'timeout', 1_000);
			expect(await inbox.health([store.deviceId])).toEqual({
				lastCallbackAt: new Date(START.getTime() + 1_000).toISOString(),
				waiting: 0,
				oldestWaitingSince: null
			});
			expect(await inbox.health([store.deviceId, other])).toEqual({
				lastCallbackAt: new Date(START.getTime() + 2_000).toISOString(),
				waiting: 1,
				oldestWaitingSince: new Date(START.getTime() + 2_000).toISOString()
			});
		});
	});
});
