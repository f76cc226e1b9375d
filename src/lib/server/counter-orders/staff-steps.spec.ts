import { describe, expect, it } from 'vitest';
import { counterOrderSchema } from '../platform/schemas/counter-orders.ts';
import { counterOrder } from '../platform/testing/fixtures.ts';
import { AppOrderRepository } from './app-order-repository.ts';
import { OrderOutbox } from './order-outbox.ts';
import { StaffSteps } from './staff-steps.ts';
import { orderStore, testClock } from './testing/order-store.ts';

function rig(order: Record<string, unknown> = {}) {
	const clock = testClock();
	const store = orderStore(clock);
	const orders = new AppOrderRepository(store.db, clock.now);
	const outbox = new OrderOutbox(store.db, clock.now);
	orders.save(store.deviceId, 'place_main_stage', counterOrderSchema.parse(counterOrder(order)));
	let queued = 0;
	const places: Record<string, string> = { [store.deviceId]: 'place_main_stage' };
	const steps = new StaffSteps({
		orders,
		outbox,
		placeOf: (deviceId) => places[deviceId],
		queued: () => void (queued += 1)
	});
	return { store, outbox, steps, places, queued: () => queued };
}

describe('StaffSteps', () => {
	it('queues an offered step and wakes the sender', () => {
		const r = rig();
		expect(r.steps.request(r.store.deviceId, 'ord_000001', 'collect')).toEqual({ ok: true });
		expect(r.outbox.pending(['ord_000001'])).toEqual(new Map([['ord_000001', 'collect']]));
		expect(r.queued()).toBe(1);
	});

	it('refuses a step the order does not offer (approve before the counter payment)', () => {
		const r = rig();
		expect(r.steps.request(r.store.deviceId, 'ord_000001', 'approve')).toEqual({
			ok: false,
			refusal: 'not-offered'
		});
		expect(r.steps.request(r.store.deviceId, 'ord_000001', 'ready')).toMatchObject({
			refusal: 'not-offered'
		});
		expect(r.queued()).toBe(0);
	});

	it('refuses an order of another place, or one it does not know', () => {
		const r = rig();
		r.places['garden-board'] = 'place_garden';
		expect(r.steps.request('garden-board', 'ord_000001', 'collect')).toMatchObject({
			refusal: 'unknown-order'
		});
		expect(r.steps.request('no-identity', 'ord_000001', 'collect')).toMatchObject({
			refusal: 'unknown-order'
		});
		expect(r.steps.request(r.store.deviceId, 'ord_999', 'collect')).toMatchObject({
			refusal: 'unknown-order'
		});
	});

	it('queues one step at a time per order', () => {
		const r = rig();
		r.steps.request(r.store.deviceId, 'ord_000001', 'collect');
		expect(r.steps.request(r.store.deviceId, 'ord_000001', 'payment-failed')).toEqual({
			ok: false,
			refusal: 'busy'
		});
		expect(r.queued()).toBe(1);
	});

	it('does not reject while the counter payment is open (a rejected order takes no report)', () => {
		const r = rig();
		expect(r.steps.request(r.store.deviceId, 'ord_000001', 'reject')).toEqual({
			ok: false,
			refusal: 'not-offered'
		});
	});

	it('keeps a rejection message of at most 2000 characters, trimmed, and only with reject', () => {
		const r = rig({ transactionStatus: 'FAILED' });
		expect(r.steps.request(r.store.deviceId, 'ord_000001', 'reject', 'x'.repeat(2001))).toEqual({
			ok: false,
			refusal: 'message-too-long'
		});
		expect(
			r.steps.request(r.store.deviceId, 'ord_000001', 'reject', ` ${'x'.repeat(2000)} `)
		).toEqual({ ok: true });
		const [step] = r.outbox.claim('w', 1_000, 1);
		expect(step!.rejectionMessage).toBe('x'.repeat(2000));

		const other = rig({ transactionStatus: 'FAILED' });
		other.steps.request(other.store.deviceId, 'ord_000001', 'reject', '   ');
		other.outbox.claim('w', 1_000, 1);
		const message = other.store.db.prepare('SELECT rejection_message FROM order_outbox').get();
		expect(message).toEqual({ rejection_message: null });

		const collect = rig();
		collect.steps.request(collect.store.deviceId, 'ord_000001', 'collect', 'ignored');
		expect(collect.store.db.prepare('SELECT rejection_message FROM order_outbox').get()).toEqual({
			rejection_message: null
		});
	});
});
