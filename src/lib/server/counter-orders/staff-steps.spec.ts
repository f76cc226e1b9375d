import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../store/store.ts';
import { ENGINES } from '../store/testing/test-stores.ts';
import { counterOrderSchema } from '../platform/schemas/counter-orders.ts';
import { counterOrder } from '../platform/testing/fixtures.ts';
import { CounterOrderRepository } from './counter-order-repository.ts';
import { OrderOutbox } from './order-outbox.ts';
import { StaffSteps } from './staff-steps.ts';
import { closeOrderStores, orderStore, testClock } from './testing/order-store.ts';

async function rig(
	engine: Engine,
	order: Record<string, unknown> = {},
	idCheckPending?: () => Promise<boolean>
) {
	const clock = testClock();
	const store = await orderStore(engine, clock);
	const orders = new CounterOrderRepository(store.store, clock.now);
	const outbox = new OrderOutbox(store.store, clock.now);
	await orders.save(
		store.deviceId,
		'place_main_stage',
		counterOrderSchema.parse(counterOrder(order))
	);
	let queued = 0;
	const places: Record<string, string> = { [store.deviceId]: 'place_main_stage' };
	const steps = new StaffSteps({
		orders,
		outbox,
		placeOf: async (deviceId) => places[deviceId],
		queued: () => void (queued += 1),
		idCheckPending
	});
	const message = () =>
		store.store.db.selectFrom('order_outbox').select('rejection_message').executeTakeFirst();
	return { store, outbox, steps, places, queued: () => queued, message };
}

describe.each(ENGINES)('StaffSteps on %s', (engine) => {
	afterEach(closeOrderStores);

	describe('StaffSteps', () => {
		it('queues an offered step and wakes the sender', async () => {
			const r = await rig(engine);
			expect(await r.steps.request(r.store.deviceId, 'ord_000001', 'collect')).toEqual({
				ok: true
			});
			expect(await r.outbox.pending(['ord_000001'])).toEqual(new Map([['ord_000001', 'collect']]));
			expect(r.queued()).toBe(1);
		});

		it('refuses "picked up" of an age-restricted order until its ID check is recorded', async () => {
			let pending = true;
			const r = await rig(
				engine,
				{ status: 'DONE', transactionStatus: 'PAID_EXTERNALLY' },
				async () => pending
			);
			expect(await r.steps.request(r.store.deviceId, 'ord_000001', 'picked-up')).toEqual({
				ok: false,
				refusal: 'id-check-needed'
			});
			expect(r.queued()).toBe(0);
			pending = false;
			expect(await r.steps.request(r.store.deviceId, 'ord_000001', 'picked-up')).toEqual({
				ok: true
			});
		});

		it('refuses a step the order does not offer (approve before the counter payment)', async () => {
			const r = await rig(engine);
			expect(await r.steps.request(r.store.deviceId, 'ord_000001', 'approve')).toEqual({
				ok: false,
				refusal: 'not-offered'
			});
			expect(await r.steps.request(r.store.deviceId, 'ord_000001', 'ready')).toMatchObject({
				refusal: 'not-offered'
			});
			expect(r.queued()).toBe(0);
		});

		it('refuses an order of another place, or one it does not know', async () => {
			const r = await rig(engine);
			r.places['garden-board'] = 'place_garden';
			expect(await r.steps.request('garden-board', 'ord_000001', 'collect')).toMatchObject({
				refusal: 'unknown-order'
			});
			expect(await r.steps.request('no-identity', 'ord_000001', 'collect')).toMatchObject({
				refusal: 'unknown-order'
			});
			expect(await r.steps.request(r.store.deviceId, 'ord_999', 'collect')).toMatchObject({
				refusal: 'unknown-order'
			});
		});

		it('queues one step at a time per order', async () => {
			const r = await rig(engine);
			await r.steps.request(r.store.deviceId, 'ord_000001', 'collect');
			expect(await r.steps.request(r.store.deviceId, 'ord_000001', 'payment-failed')).toEqual({
				ok: false,
				refusal: 'busy'
			});
			expect(r.queued()).toBe(1);
		});

		it('does not reject while the counter payment is open (a rejected order takes no report)', async () => {
			const r = await rig(engine);
			expect(await r.steps.request(r.store.deviceId, 'ord_000001', 'reject')).toEqual({
				ok: false,
				refusal: 'not-offered'
			});
		});

		it('keeps a rejection message of at most 2000 characters, trimmed, and only with reject', async () => {
			const r = await rig(engine, { transactionStatus: 'FAILED' });
			expect(
				await r.steps.request(r.store.deviceId, 'ord_000001', 'reject', 'x'.repeat(2001))
			).toEqual({
				ok: false,
				refusal: 'message-too-long'
			});
			expect(
				await r.steps.request(r.store.deviceId, 'ord_000001', 'reject', ` ${'x'.repeat(2000)} `)
			).toEqual({ ok: true });
			const [step] = await r.outbox.claim('w', 1_000, 1);
			expect(step!.rejectionMessage).toBe('x'.repeat(2000));

			const other = await rig(engine, { transactionStatus: 'FAILED' });
			await other.steps.request(other.store.deviceId, 'ord_000001', 'reject', '   ');
			await other.outbox.claim('w', 1_000, 1);
			expect(await other.message()).toEqual({ rejection_message: null });

			const collect = await rig(engine);
			await collect.steps.request(collect.store.deviceId, 'ord_000001', 'collect', 'ignored');
			expect(await collect.message()).toEqual({ rejection_message: null });
		});
	});
});
