import { describe, expect, it } from 'vitest';
import { OrderInbox } from './order-inbox.ts';
import { orderStore, START, testClock } from './testing/order-store.ts';

const LEASE = 60_000;

function rig() {
	const clock = testClock();
	const store = orderStore(clock);
	const inbox = new OrderInbox(store.db, clock.now);
	const row = (orderId: string) =>
		store.db.prepare('SELECT * FROM order_inbox WHERE order_id = ?').get(orderId) as any;
	return { clock, store, inbox, row };
}

describe('OrderInbox', () => {
	it('records a callback as due at once, and a repeat of it only as another callback', () => {
		const { clock, inbox, row, store } = rig();
		inbox.record([{ deviceId: store.deviceId, orderId: 'ord_1' }]);
		clock.advance(1_000);
		inbox.record([{ deviceId: store.deviceId, orderId: 'ord_1' }]);
		inbox.record([{ deviceId: store.deviceId, orderId: 'ord_1' }]);
		expect(store.db.prepare('SELECT COUNT(*) AS n FROM order_inbox').get()).toEqual({ n: 1 });
		expect(row('ord_1')).toMatchObject({
			state: 'waiting',
			callbacks: 3,
			received_at: START.toISOString(),
			last_callback_at: new Date(START.getTime() + 1_000).toISOString()
		});
		const claimed = inbox.claim('worker', LEASE, 10);
		expect(claimed).toEqual([
			{ orderId: 'ord_1', deviceId: store.deviceId, receivedAt: START.toISOString(), attempts: 0 }
		]);
	});

	it('does not hand a fetched order out again, even when the platform repeats its callback', () => {
		const { inbox, store, row } = rig();
		inbox.record([{ deviceId: store.deviceId, orderId: 'ord_1' }]);
		inbox.claim('worker', LEASE, 10);
		inbox.fetched('ord_1', 'worker');
		inbox.record([{ deviceId: store.deviceId, orderId: 'ord_1' }]);
		expect(row('ord_1')).toMatchObject({ state: 'fetched', callbacks: 2, lease_owner: null });
		expect(inbox.claim('worker', LEASE, 10)).toEqual([]);
	});

	it('retries later with the attempt counted, and not before', () => {
		const { clock, inbox, store, row } = rig();
		inbox.record([{ deviceId: store.deviceId, orderId: 'ord_1' }]);
		inbox.claim('worker', LEASE, 10);
		inbox.retryLater('ord_1', 'worker', '503 SERVICE_UNAVAILABLE', 4_000);
		expect(row('ord_1')).toMatchObject({
			state: 'waiting',
			attempts: 1,
			last_error: '503 SERVICE_UNAVAILABLE'
		});
		clock.advance(3_999);
		expect(inbox.claim('worker', LEASE, 10)).toEqual([]);
		clock.advance(1);
		expect(inbox.claim('worker', LEASE, 10)).toMatchObject([{ orderId: 'ord_1', attempts: 1 }]);
	});

	it('makes a failed order (404, 403) due again when a callback names it again', () => {
		const { clock, inbox, store, row } = rig();
		inbox.record([{ deviceId: store.deviceId, orderId: 'ord_1' }]);
		inbox.claim('worker', LEASE, 10);
		inbox.failed('ord_1', 'worker', '404 COUNTER_ORDER_NOT_FOUND');
		expect(row('ord_1')).toMatchObject({ state: 'failed', attempts: 1 });
		clock.advance(600_000);
		expect(inbox.claim('worker', LEASE, 10)).toEqual([]);
		inbox.record([{ deviceId: store.deviceId, orderId: 'ord_1' }]);
		expect(row('ord_1')).toMatchObject({
			state: 'waiting',
			next_attempt_at: clock.now().toISOString()
		});
		expect(inbox.claim('worker', LEASE, 10)).toMatchObject([{ orderId: 'ord_1' }]);
	});

	it('fetches an order not fetched yet with the key of the device whose callback came last', () => {
		const { inbox, store, row } = rig();
		const other = store.addBoard('Second board', 'second-key');
		inbox.record([{ deviceId: store.deviceId, orderId: 'ord_1' }]);
		inbox.claim('worker', LEASE, 10);
		inbox.failed('ord_1', 'worker', '403 DEVICE_CANNOT_ACCESS_COUNTER_ORDER');
		inbox.record([{ deviceId: other, orderId: 'ord_1' }]);
		expect(inbox.claim('worker', LEASE, 10)).toMatchObject([{ orderId: 'ord_1', deviceId: other }]);
		inbox.fetched('ord_1', 'worker');
		inbox.record([{ deviceId: store.deviceId, orderId: 'ord_1' }]);
		expect(row('ord_1')).toMatchObject({ device_id: other, state: 'fetched', callbacks: 3 });
	});

	it('counts the wait of an order made due again from the callback that did it', () => {
		const { clock, inbox, store } = rig();
		inbox.record([{ deviceId: store.deviceId, orderId: 'ord_1' }]);
		inbox.claim('worker', LEASE, 10);
		inbox.failed('ord_1', 'worker', '404 COUNTER_ORDER_NOT_FOUND');
		clock.advance(3_600_000);
		inbox.record([{ deviceId: store.deviceId, orderId: 'ord_1' }]);
		expect(inbox.health([store.deviceId])).toEqual({
			lastCallbackAt: clock.now().toISOString(),
			waiting: 1,
			oldestWaitingSince: clock.now().toISOString()
		});
	});

	it('does not pull a waiting retry forward on a repeated callback (its backoff stands)', () => {
		const { clock, inbox, store } = rig();
		inbox.record([{ deviceId: store.deviceId, orderId: 'ord_1' }]);
		inbox.claim('worker', LEASE, 10);
		inbox.retryLater('ord_1', 'worker', 'timeout', 10_000);
		clock.advance(1_000);
		inbox.record([{ deviceId: store.deviceId, orderId: 'ord_1' }]);
		expect(inbox.claim('worker', LEASE, 10)).toEqual([]);
	});

	it('ignores settling by a worker that does not hold the row', () => {
		const { clock, inbox, store, row } = rig();
		inbox.record([{ deviceId: store.deviceId, orderId: 'ord_1' }]);
		inbox.claim('slow', 1_000, 10);
		clock.advance(1_000);
		expect(inbox.claim('fast', LEASE, 10)).toHaveLength(1);
		inbox.fetched('ord_1', 'slow');
		expect(row('ord_1')).toMatchObject({ state: 'waiting', lease_owner: 'fast' });
		inbox.fetched('ord_1', 'fast');
		expect(row('ord_1')).toMatchObject({ state: 'fetched', lease_owner: null });
	});

	it('keeps what was recorded across a restart', () => {
		const clock = testClock();
		const store = orderStore(clock);
		new OrderInbox(store.db, clock.now).record([{ deviceId: store.deviceId, orderId: 'ord_1' }]);
		const reopened = store.reopen();
		const inbox = new OrderInbox(reopened.db, clock.now);
		expect(inbox.claim('after-restart', LEASE, 10)).toMatchObject([{ orderId: 'ord_1' }]);
	});

	describe('health', () => {
		it('reports the last callback and what still waits, per set of devices', () => {
			const { clock, inbox, store } = rig();
			const other = store.addBoard('Garden board', 'garden-key');
			expect(inbox.health([store.deviceId])).toEqual({
				lastCallbackAt: null,
				waiting: 0,
				oldestWaitingSince: null
			});
			expect(inbox.health([])).toEqual({
				lastCallbackAt: null,
				waiting: 0,
				oldestWaitingSince: null
			});
			inbox.record([{ deviceId: store.deviceId, orderId: 'ord_1' }]);
			clock.advance(1_000);
			inbox.record([{ deviceId: store.deviceId, orderId: 'ord_2' }]);
			clock.advance(1_000);
			inbox.record([{ deviceId: other, orderId: 'ord_3' }]);
			inbox.claim('worker', LEASE, 10);
			inbox.fetched('ord_1', 'worker');
			inbox.failed('ord_2', 'worker', '404');
			inbox.retryLater('ord_3', 'worker', 'timeout', 1_000);
			expect(inbox.health([store.deviceId])).toEqual({
				lastCallbackAt: new Date(START.getTime() + 1_000).toISOString(),
				waiting: 0,
				oldestWaitingSince: null
			});
			expect(inbox.health([store.deviceId, other])).toEqual({
				lastCallbackAt: new Date(START.getTime() + 2_000).toISOString(),
				waiting: 1,
				oldestWaitingSince: new Date(START.getTime() + 2_000).toISOString()
			});
		});
	});
});
