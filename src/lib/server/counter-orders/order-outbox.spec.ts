import { describe, expect, it } from 'vitest';
import { OrderOutbox } from './order-outbox.ts';
import { orderStore, START, testClock } from './testing/order-store.ts';

const LEASE = 60_000;
const later = (ms: number) => new Date(START.getTime() + ms).toISOString();

function rig() {
	const clock = testClock();
	const store = orderStore(clock);
	const outbox = new OrderOutbox(store.db, clock.now);
	const step = (orderId: string, action: Parameters<OrderOutbox['enqueue']>[0]['action']) =>
		outbox.enqueue({ orderId, deviceId: store.deviceId, action });
	return { clock, store, outbox, step };
}

describe('OrderOutbox', () => {
	it('queues one pending step per order: a double tap or a second board gets false', () => {
		const { outbox, step, store } = rig();
		expect(step('ord_1', 'approve')).toBe(true);
		expect(step('ord_1', 'approve')).toBe(false);
		expect(step('ord_1', 'reject')).toBe(false);
		expect(step('ord_2', 'collect')).toBe(true);
		expect(store.db.prepare('SELECT COUNT(*) AS n FROM order_outbox').get()).toEqual({ n: 2 });
		expect(outbox.pending(['ord_1', 'ord_2', 'ord_3'])).toEqual(
			new Map([
				['ord_1', 'approve'],
				['ord_2', 'collect']
			])
		);
	});

	it('refuses an unknown action before writing anything', () => {
		const { step, store } = rig();
		expect(() => step('ord_1', 'delete' as never)).toThrow(/no step delete/);
		expect(store.db.prepare('SELECT COUNT(*) AS n FROM order_outbox').get()).toEqual({ n: 0 });
	});

	it('takes the next step of an order once the last one settled', () => {
		const { outbox, step } = rig();
		step('ord_1', 'collect');
		const [collect] = outbox.claim('w', LEASE, 10);
		outbox.sending(collect!, 'w', () => null);
		outbox.sent(collect!.id, 'w', 'answer');
		expect(outbox.pending(['ord_1'])).toEqual(new Map());
		expect(outbox.owns('ord_1')).toBe(false);
		expect(step('ord_1', 'approve')).toBe(true);
		expect(outbox.owns('ord_1')).toBe(true);
	});

	it('keeps the history of an order, oldest first, with how each step was settled', () => {
		const { clock, outbox, step } = rig();
		step('ord_1', 'collect');
		const [collect] = outbox.claim('w', LEASE, 10);
		expect(outbox.sending(collect!, 'w', () => 7)).toBe(true);
		clock.advance(1_000);
		outbox.sent(collect!.id, 'w', 'read');
		step('ord_1', 'approve');
		const [approve] = outbox.claim('w', LEASE, 10);
		outbox.sending(approve!, 'w', () => null);
		clock.advance(1_000);
		outbox.failed(approve!.id, 'w', 'invalid-transition');
		step('ord_2', 'reject');
		expect(outbox.history('ord_1')).toEqual([
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
		expect(outbox.claim('w', LEASE, 10)).toMatchObject([{ orderId: 'ord_2', journalId: null }]);
	});

	it("reports an order's problem only while its latest step is the failed one", () => {
		const { outbox, step } = rig();
		step('ord_1', 'approve');
		step('ord_2', 'approve');
		for (const claimed of outbox.claim('w', LEASE, 10)) {
			outbox.failed(claimed.id, 'w', claimed.orderId === 'ord_1' ? 'not-accessible' : 'refused');
		}
		expect(outbox.problems(['ord_1', 'ord_2'])).toEqual(
			new Map([
				['ord_1', { action: 'approve', reason: 'not-accessible' }],
				['ord_2', { action: 'approve', reason: 'refused' }]
			])
		);
		step('ord_1', 'reject');
		expect(outbox.problems(['ord_1', 'ord_2'])).toEqual(
			new Map([['ord_2', { action: 'approve', reason: 'refused' }]])
		);
	});

	it('counts each attempt and keeps the journal entry of a money step with the step', () => {
		const { outbox, step } = rig();
		step('ord_1', 'collect');
		const [first] = outbox.claim('w', LEASE, 10);
		expect(first).toMatchObject({ attempts: 0, journalId: null, rejectionMessage: null });
		outbox.sending(first!, 'w', () => 41);
		outbox.retryLater(first!.id, 'w', 0);
		const [second] = outbox.claim('w', LEASE, 10);
		expect(second).toMatchObject({ attempts: 1, journalId: 41 });
	});

	it('keeps the rejection message', () => {
		const { outbox, store } = rig();
		outbox.enqueue({
			orderId: 'ord_1',
			deviceId: store.deviceId,
			action: 'reject',
			rejectionMessage: 'Kitchen closed'
		});
		expect(outbox.claim('w', LEASE, 10)).toMatchObject([
			{ action: 'reject', rejectionMessage: 'Kitchen closed' }
		]);
	});

	it('waits out the delay of a retry', () => {
		const { clock, outbox, step } = rig();
		step('ord_1', 'approve');
		const [claimed] = outbox.claim('w', LEASE, 10);
		outbox.retryLater(claimed!.id, 'w', 2_000);
		expect(outbox.owns('ord_1')).toBe(true);
		clock.advance(1_999);
		expect(outbox.claim('w', LEASE, 10)).toEqual([]);
		clock.advance(1);
		expect(outbox.claim('w', LEASE, 10)).toHaveLength(1);
	});

	it('does not let a worker whose lease ran out count an attempt or journal (it must not send)', () => {
		const { clock, outbox, step, store } = rig();
		step('ord_1', 'collect');
		const [stale] = outbox.claim('slow', 1_000, 10);
		clock.advance(1_000);
		let journaled = 0;
		expect(outbox.sending(stale!, 'slow', () => ++journaled)).toBe(false);
		const [taken] = outbox.claim('fast', LEASE, 10);
		expect(outbox.sending(stale!, 'slow', () => ++journaled)).toBe(false);
		expect(journaled).toBe(0);
		expect(outbox.sending(taken!, 'fast', () => ++journaled)).toBe(true);
		expect(journaled).toBe(1);
		expect(store.db.prepare('SELECT attempts, journal_id FROM order_outbox').get()).toEqual({
			attempts: 1,
			journal_id: 1
		});
		outbox.sent(stale!.id, 'slow', 'answer');
		expect(outbox.owns('ord_1')).toBe(true);
	});

	it('survives a restart: the pending step is still there, with its attempts', () => {
		const clock = testClock();
		const store = orderStore(clock);
		const outbox = new OrderOutbox(store.db, clock.now);
		outbox.enqueue({ orderId: 'ord_1', deviceId: store.deviceId, action: 'approve' });
		const [claimed] = outbox.claim('dead', 1_000, 10);
		outbox.sending(claimed!, 'dead', () => null);
		const reopened = store.reopen();
		const after = new OrderOutbox(reopened.db, clock.now);
		expect(after.claim('alive', LEASE, 10)).toEqual([]);
		clock.advance(1_000);
		expect(after.claim('alive', LEASE, 10)).toMatchObject([{ orderId: 'ord_1', attempts: 1 }]);
	});
});
