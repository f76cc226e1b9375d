import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../store/store.ts';
import { ENGINES } from '../store/testing/test-stores.ts';
import { OrderOutbox } from './order-outbox.ts';
import { closeOrderStores, orderStore, START, testClock } from './testing/order-store.ts';

const LEASE = 60_000;
const later = (ms: number) => new Date(START.getTime() + ms).toISOString();

async function rig(engine: Engine) {
	const clock = testClock();
	const store = await orderStore(engine, clock);
	const outbox = new OrderOutbox(store.store, clock.now);
	const step = (orderId: string, action: Parameters<OrderOutbox['enqueue']>[0]['action']) =>
		outbox.enqueue({ orderId, deviceId: store.deviceId, action });
	const steps = () => store.store.db.selectFrom('order_outbox');
	return { clock, store, outbox, step, steps };
}

describe.each(ENGINES)('OrderOutbox on %s', (engine) => {
	afterEach(closeOrderStores);

	it('queues one pending step per order: a double tap or a second board gets false', async () => {
		const { outbox, step, steps } = await rig(engine);
		expect(await step('ord_1', 'approve')).toBe(true);
		expect(await step('ord_1', 'approve')).toBe(false);
		expect(await step('ord_1', 'reject')).toBe(false);
		expect(await step('ord_2', 'collect')).toBe(true);
		expect(
			await steps()
				.select((eb) => eb.fn.countAll<number>().as('n'))
				.executeTakeFirst()
		).toEqual({ n: 2 });
		expect(await outbox.pending(['ord_1', 'ord_2', 'ord_3'])).toEqual(
			new Map([
				['ord_1', 'approve'],
				['ord_2', 'collect']
			])
		);
	});

	it('refuses an unknown action before writing anything', async () => {
		const { step, steps } = await rig(engine);
		await expect(step('ord_1', 'delete' as never)).rejects.toThrow(/no step delete/);
		expect(
			await steps()
				.select((eb) => eb.fn.countAll<number>().as('n'))
				.executeTakeFirst()
		).toEqual({ n: 0 });
	});

	it('takes the next step of an order once the last one settled', async () => {
		const { outbox, step } = await rig(engine);
		await step('ord_1', 'collect');
		const [collect] = await outbox.claim('w', LEASE, 10);
		await outbox.sending(collect!, 'w', () => null);
		await outbox.sent(collect!.id, 'w', 'answer');
		expect(await outbox.pending(['ord_1'])).toEqual(new Map());
		expect(await outbox.owns('ord_1')).toBe(false);
		expect(await step('ord_1', 'approve')).toBe(true);
		expect(await outbox.owns('ord_1')).toBe(true);
	});

	it('keeps the history of an order, oldest first, with how each step was settled', async () => {
		const { clock, outbox, step } = await rig(engine);
		await step('ord_1', 'collect');
		const [collect] = await outbox.claim('w', LEASE, 10);
		expect(await outbox.sending(collect!, 'w', () => 7)).toBe(true);
		clock.advance(1_000);
		await outbox.sent(collect!.id, 'w', 'read');
		await step('ord_1', 'approve');
		const [approve] = await outbox.claim('w', LEASE, 10);
		await outbox.sending(approve!, 'w', () => null);
		clock.advance(1_000);
		await outbox.failed(approve!.id, 'w', 'invalid-transition');
		await step('ord_2', 'reject');
		expect(await outbox.history('ord_1')).toEqual([
			{
				action: 'collect',
				state: 'sent',
				problem: null,
				settledBy: 'read',
				attempts: 1,
				createdAt: later(0),
				settledAt: later(1_000)
			},
			{
				action: 'approve',
				state: 'failed',
				problem: 'invalid-transition',
				settledBy: null,
				attempts: 1,
				createdAt: later(1_000),
				settledAt: later(2_000)
			}
		]);
		expect(await outbox.claim('w', LEASE, 10)).toMatchObject([
			{ orderId: 'ord_2', journalId: null }
		]);
	});

	it("reports an order's problem only while its latest step is the failed one", async () => {
		const { outbox, step } = await rig(engine);
		await step('ord_1', 'approve');
		await step('ord_2', 'approve');
		for (const claimed of await outbox.claim('w', LEASE, 10)) {
			await outbox.failed(
				claimed.id,
				'w',
				claimed.orderId === 'ord_1' ? 'not-accessible' : 'refused'
			);
		}
		expect(await outbox.problems(['ord_1', 'ord_2'])).toEqual(
			new Map([
				['ord_1', { action: 'approve', reason: 'not-accessible' }],
				['ord_2', { action: 'approve', reason: 'refused' }]
			])
		);
		await step('ord_1', 'reject');
		expect(await outbox.problems(['ord_1', 'ord_2'])).toEqual(
			new Map([['ord_2', { action: 'approve', reason: 'refused' }]])
		);
	});

	it('counts each attempt and keeps the journal entry of a money step with the step', async () => {
		const { outbox, step } = await rig(engine);
		await step('ord_1', 'collect');
		const [first] = await outbox.claim('w', LEASE, 10);
		expect(first).toMatchObject({ attempts: 0, journalId: null, rejectionMessage: null });
		await outbox.sending(first!, 'w', () => 41);
		await outbox.retryLater(first!.id, 'w', 0);
		const [second] = await outbox.claim('w', LEASE, 10);
		expect(second).toMatchObject({ attempts: 1, journalId: 41 });
	});

	it('keeps the rejection message', async () => {
		const { outbox, store } = await rig(engine);
		await outbox.enqueue({
			orderId: 'ord_1',
			deviceId: store.deviceId,
			action: 'reject',
			rejectionMessage: 'Kitchen closed'
		});
		expect(await outbox.claim('w', LEASE, 10)).toMatchObject([
			{ action: 'reject', rejectionMessage: 'Kitchen closed' }
		]);
	});

	it('waits out the delay of a retry', async () => {
		const { clock, outbox, step } = await rig(engine);
		await step('ord_1', 'approve');
		const [claimed] = await outbox.claim('w', LEASE, 10);
		await outbox.retryLater(claimed!.id, 'w', 2_000);
		expect(await outbox.owns('ord_1')).toBe(true);
		clock.advance(1_999);
		expect(await outbox.claim('w', LEASE, 10)).toEqual([]);
		clock.advance(1);
		expect(await outbox.claim('w', LEASE, 10)).toHaveLength(1);
	});

	it('does not let a worker whose lease ran out count an attempt or journal (it must not send)', async () => {
		const { clock, outbox, step, steps } = await rig(engine);
		await step('ord_1', 'collect');
		const [stale] = await outbox.claim('slow', 1_000, 10);
		clock.advance(1_000);
		let journaled = 0;
		expect(await outbox.sending(stale!, 'slow', () => ++journaled)).toBe(false);
		const [taken] = await outbox.claim('fast', LEASE, 10);
		expect(await outbox.sending(stale!, 'slow', () => ++journaled)).toBe(false);
		expect(journaled).toBe(0);
		expect(await outbox.sending(taken!, 'fast', () => ++journaled)).toBe(true);
		expect(journaled).toBe(1);
		expect(await steps().select(['attempts', 'journal_id']).executeTakeFirst()).toEqual({
			attempts: 1,
			journal_id: 1
		});
		await outbox.sent(stale!.id, 'slow', 'answer');
		expect(await outbox.owns('ord_1')).toBe(true);
	});

	it('survives a restart: the pending step is still there, with its attempts', async () => {
		const clock = testClock();
		const store = await orderStore(engine, clock);
		const outbox = new OrderOutbox(store.store, clock.now);
		await outbox.enqueue({ orderId: 'ord_1', deviceId: store.deviceId, action: 'approve' });
		const [claimed] = await outbox.claim('dead', 1_000, 10);
		await outbox.sending(claimed!, 'dead', () => null);
		const reopened = await store.reopen();
		const after = new OrderOutbox(reopened.store, clock.now);
		expect(await after.claim('alive', LEASE, 10)).toEqual([]);
		clock.advance(1_000);
		expect(await after.claim('alive', LEASE, 10)).toMatchObject([
			{ orderId: 'ord_1', attempts: 1 }
		]);
	});
});
