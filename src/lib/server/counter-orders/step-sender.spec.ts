import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../store/store.ts';
import { ENGINES } from '../store/testing/test-stores.ts';
import type { CounterOrderAction } from '#lib/shared/order-board.ts';
import { counterOrderSchema } from '../platform/schemas/counter-orders.ts';
import { CounterOrderRepository } from './counter-order-repository.ts';
import { OrderOutbox } from './order-outbox.ts';
import { DeviceHealthTracker } from './device-health.ts';
import { StaffSteps } from './staff-steps.ts';
import type { JournalStatus } from '../journal/journal.ts';
import { JournalOperation } from '../journal/journal-operation.ts';
import { orderPaymentToCheck, STEP_BACKOFF, StepSender } from './step-sender.ts';
import {
	closeOrderStores,
	FakeOrderPlatform,
	orderStore,
	testClock,
	type Behaviour
} from './testing/order-store.ts';

const PLACE = 'place_main_stage';
const ORDER = 'ord_000001';

/** An order on the fake platform, fetched into the store, and the sender of its steps. */
async function rig(engine: Engine, order: Record<string, unknown> = {}, random = () => 0) {
	const clock = testClock();
	const store = await orderStore(engine, clock);
	const platform = new FakeOrderPlatform(order);
	const outbox = new OrderOutbox(store.store, clock.now);
	const orders = new CounterOrderRepository(store.store, clock.now);
	const health = new DeviceHealthTracker(clock.now);
	await orders.save(store.deviceId, PLACE, counterOrderSchema.parse(platform.order));
	const deps = {
		outbox,
		orders,
		journal: store.journal,
		platformFor: async () => platform.client,
		feed: store.feed,
		health,
		random
	};
	const sender = new StepSender(deps);
	const steps = new StaffSteps({ orders, outbox, placeOf: async () => PLACE, queued: () => {} });
	return {
		clock,
		store,
		platform,
		outbox,
		orders,
		health,
		sender,
		/** A second server's sender on the same store. */
		otherSender: () => new StepSender(deps),
		/** Staff take a step (checked and queued as from a board). */
		async request(action: CounterOrderAction, rejectionMessage?: string) {
			expect(await steps.request(store.deviceId, ORDER, action, rejectionMessage)).toEqual({
				ok: true
			});
		},
		script(kind: keyof FakeOrderPlatform['scripts'], ...behaviours: Behaviour[]) {
			platform.scripts[kind].push(...behaviours);
		},
		/** Runs the sender once the retry is due. */
		async later(ms = 60_000) {
			clock.advance(ms);
			await sender.drain();
		},
		history: () => outbox.history(ORDER),
		stored: async () => (await orders.get(ORDER))!.order,
		nextAttemptAt: async () =>
			(
				await store.store.db
					.selectFrom('order_outbox')
					.select('next_attempt_at')
					.executeTakeFirstOrThrow()
			).next_attempt_at,
		journal: () => store.journal.list({ reference: `order:${ORDER}` })
	};
}

const PAID = { paymentProcessor: 'EXTERNAL_AUTO', transactionStatus: 'PAID_EXTERNALLY' };

describe.each(ENGINES)('StepSender on %s', (engine) => {
	afterEach(closeOrderStores);

	describe('StepSender: status updates', () => {
		it('sends a step once and keeps the answer', async () => {
			const r = await rig(engine, PAID);
			const before = await r.store.feed.current();
			await r.request('approve');
			await r.sender.drain();
			expect(r.platform.log).toEqual(['PUT status']);
			expect(r.platform.calls[0]!.body).toEqual({ status: 'APPROVED' });
			expect(r.platform.order.status).toBe('APPROVED');
			expect((await r.stored()).status).toBe('APPROVED');
			expect(await r.history()).toMatchObject([
				{ action: 'approve', state: 'sent', settledBy: 'answer', attempts: 1 }
			]);
			expect(await r.store.feed.current()).toBeGreaterThan(before);
			expect(await r.outbox.owns(ORDER)).toBe(false);
			await r.later();
			expect(r.platform.log).toEqual(['PUT status']);
		});

		it('sends a rejection with its reason', async () => {
			const r = await rig(engine, PAID);
			await r.request('reject', '  Kitchen closed  ');
			await r.sender.drain();
			expect(r.platform.calls[0]!.body).toEqual({
				status: 'REJECTED',
				rejectionMessage: 'Kitchen closed'
			});
			expect(await r.stored()).toMatchObject({
				status: 'REJECTED',
				rejectionMessage: 'Kitchen closed'
			});
		});

		it('a 503 then success: sent once, within the same drain', async () => {
			const r = await rig(engine, PAID);
			r.script('status', '503');
			await r.request('approve');
			await r.sender.drain();
			expect(r.platform.log).toEqual(['PUT status', 'PUT status']);
			expect(await r.history()).toMatchObject([
				{ state: 'sent', settledBy: 'answer', attempts: 1 }
			]);
		});

		it('a 503 storm longer than the client’s retries: kept, sent later, applied once', async () => {
			const r = await rig(engine, PAID);
			r.script('status', '503', '503', '503', '503', '503', '503', '503');
			await r.request('approve');
			await r.sender.drain();
			expect(r.platform.log).toEqual(Array(5).fill('PUT status'));
			expect(await r.outbox.pending([ORDER])).toEqual(new Map([[ORDER, 'approve']]));
			expect(r.health.of(r.store.deviceId).failing).toBe(true);
			await r.sender.drain(); // not due yet
			expect(r.platform.count('PUT status')).toBe(5);
			await r.later();
			// An earlier attempt was sent: read first, then send again (two more 503s, then 200).
			expect(r.platform.log.slice(5)).toEqual([
				'GET order',
				'PUT status',
				'PUT status',
				'PUT status'
			]);
			expect(r.platform.order.status).toBe('APPROVED');
			expect(await r.history()).toMatchObject([
				{ state: 'sent', settledBy: 'answer', attempts: 2 }
			]);
			expect(r.health.of(r.store.deviceId).failing).toBe(false);
		});

		it('backs off exponentially with jitter between rounds, up to a ceiling', async () => {
			let jitter = 1;
			const r = await rig(engine, PAID, () => jitter);
			r.script('status', ...Array<Behaviour>(60).fill('503'));
			await r.request('approve');
			const delays: number[] = [];
			for (let round = 0; round < 8; round += 1) {
				const before = r.clock.now().getTime();
				await r.sender.drain();
				delays.push(Date.parse(await r.nextAttemptAt()) - before);
				r.clock.advance(delays.at(-1)!);
			}
			expect(delays.slice(0, 4)).toEqual([2_000, 4_000, 8_000, 16_000]);
			expect(delays.slice(4)).toEqual(Array(4).fill(STEP_BACKOFF.maxDelayMs));
			jitter = 0.25;
			const before = r.clock.now().getTime();
			await r.sender.drain();
			expect(Date.parse(await r.nextAttemptAt()) - before).toBe(STEP_BACKOFF.maxDelayMs / 4);
			jitter = 0;
			const last = r.clock.now().getTime();
			r.clock.advance(STEP_BACKOFF.maxDelayMs / 4);
			await r.sender.drain();
			expect(Date.parse(await r.nextAttemptAt()) - last - STEP_BACKOFF.maxDelayMs / 4).toBe(250);
			expect(r.platform.order.status).toBe('APPROVABLE');
		});

		it.each<[string, Behaviour]>([
			['a lost answer', 'lost'],
			['a time-out', 'timeout-applied'],
			['a 500', '500-applied']
		])(
			'%s after the platform applied it: settled by a read, never sent twice',
			async (_, fault) => {
				const r = await rig(engine, PAID);
				r.script('status', fault);
				await r.request('approve');
				await r.sender.drain();
				expect(r.platform.log).toEqual(['PUT status', 'GET order']);
				expect(await r.history()).toMatchObject([
					{ state: 'sent', settledBy: 'read', attempts: 1 }
				]);
				expect((await r.stored()).status).toBe('APPROVED');
				await r.later();
				expect(r.platform.count('PUT status')).toBe(1);
			}
		);

		it.each<[string, Behaviour]>([
			['a time-out', 'timeout'],
			['a 500', '500']
		])('%s where the platform did not apply it: read, then sent again later', async (_, fault) => {
			const r = await rig(engine, PAID);
			r.script('status', fault);
			await r.request('approve');
			await r.sender.drain();
			expect(r.platform.log).toEqual(['PUT status', 'GET order']);
			expect(await r.outbox.owns(ORDER)).toBe(true);
			await r.later();
			expect(r.platform.log).toEqual(['PUT status', 'GET order', 'GET order', 'PUT status']);
			expect(r.platform.order.status).toBe('APPROVED');
			expect(await r.history()).toMatchObject([
				{ state: 'sent', settledBy: 'answer', attempts: 2 }
			]);
		});

		it('a 400 because its own lost attempt landed meanwhile: sent, by the read', async () => {
			const r = await rig(engine, PAID);
			r.script('status', '500');
			await r.request('approve');
			await r.sender.drain(); // 500, read: not applied (yet)
			r.platform.onCall = (call) => {
				// The first attempt lands on the platform between our read and our second send.
				if (call.method === 'PUT' && r.platform.count('PUT status') === 2) {
					r.platform.order.status = 'APPROVED';
				}
			};
			await r.later();
			expect(r.platform.log).toEqual([
				'PUT status',
				'GET order',
				'GET order',
				'PUT status',
				'GET order'
			]);
			expect(await r.history()).toMatchObject([
				{ state: 'sent', settledBy: 'read', problem: null }
			]);
			expect((await r.stored()).status).toBe('APPROVED');
		});

		it('a 400 because the order moved elsewhere: failed, invalid-transition, the card read again', async () => {
			const r = await rig(engine, PAID);
			r.platform.order.status = 'REJECTED'; // another board, before ours sends
			await r.request('approve'); // our board still shows APPROVABLE
			await r.sender.drain();
			expect(r.platform.log).toEqual(['PUT status', 'GET order']);
			expect(await r.history()).toMatchObject([{ state: 'failed', problem: 'invalid-transition' }]);
			expect(await r.outbox.problems([ORDER])).toEqual(
				new Map([[ORDER, { action: 'approve', reason: 'invalid-transition' }]])
			);
			expect((await r.stored()).status).toBe('REJECTED');
			expect(r.health.of(r.store.deviceId).failing).toBe(false);
		});

		it.each<[Behaviour, string]>([
			[404, 'not-accessible'],
			[403, 'not-accessible'],
			[401, 'refused']
		])('a %s: failed, %s, not retried', async (status, problem) => {
			const r = await rig(engine, PAID);
			r.script('status', status);
			await r.request('approve');
			await r.sender.drain();
			expect(await r.history()).toMatchObject([{ state: 'failed', problem }]);
			await r.later();
			expect(r.platform.count('PUT status')).toBe(1);
		});

		it('unreachable (connection refused) for longer than the client retries: kept, sent later', async () => {
			const r = await rig(engine, PAID);
			r.script('status', ...Array<Behaviour>(5).fill('refused'));
			await r.request('approve');
			await r.sender.drain();
			expect(r.platform.log).toEqual(Array(5).fill('PUT status'));
			expect(await r.outbox.owns(ORDER)).toBe(true);
			await r.later();
			expect(r.platform.log.slice(5)).toEqual(['GET order', 'PUT status']);
			expect(await r.history()).toMatchObject([{ state: 'sent', settledBy: 'answer' }]);
		});
	});

	describe('StepSender: a crash after sending (attempts > 0, the lease ran out)', () => {
		/** A worker claimed the step, counted its attempt, maybe sent it, and died. */
		async function crashed(r: Awaited<ReturnType<typeof rig>>, landed: boolean) {
			const [step] = await r.outbox.claim('dead-worker', 180_000, 10);
			expect(await r.outbox.sending(step!, 'dead-worker', () => null)).toBe(true);
			if (landed) r.platform.order.status = 'APPROVED';
		}

		it('waits for the lease, then reads first: applied → sent by the read, nothing sent', async () => {
			const r = await rig(engine, PAID);
			await r.request('approve');
			await crashed(r, true);
			await r.sender.drain();
			expect(r.platform.log).toEqual([]); // still leased by the dead worker
			await r.later(180_000);
			expect(r.platform.log).toEqual(['GET order']);
			expect(await r.history()).toMatchObject([{ state: 'sent', settledBy: 'read', attempts: 1 }]);
		});

		it('not applied → sent', async () => {
			const r = await rig(engine, PAID);
			await r.request('approve');
			await crashed(r, false);
			await r.later(180_000);
			expect(r.platform.log).toEqual(['GET order', 'PUT status']);
			expect(await r.history()).toMatchObject([
				{ state: 'sent', settledBy: 'answer', attempts: 2 }
			]);
		});

		it('no longer possible (the order moved elsewhere) → failed without sending', async () => {
			const r = await rig(engine, PAID);
			await r.request('approve');
			await crashed(r, false);
			r.platform.order.status = 'REJECTED';
			await r.later(180_000);
			expect(r.platform.log).toEqual(['GET order']);
			expect(await r.history()).toMatchObject([{ state: 'failed', problem: 'invalid-transition' }]);
		});

		it('a read that fails keeps the step for later without sending', async () => {
			const r = await rig(engine, PAID);
			await r.request('approve');
			await crashed(r, false);
			r.script('read', '503', '503', '503', '503');
			await r.later(180_000);
			expect(r.platform.log).toEqual(Array(4).fill('GET order'));
			expect(await r.outbox.owns(ORDER)).toBe(true);
			expect(r.health.of(r.store.deviceId).failing).toBe(true);
			await r.later();
			expect(r.platform.log.slice(4)).toEqual(['GET order', 'PUT status']);
			expect(await r.history()).toMatchObject([{ state: 'sent' }]);
		});

		it('a read answered 404 or 403: failed, not-accessible (not "sending…" for ever)', async () => {
			for (const status of [404, 403] as const) {
				const r = await rig(engine, PAID);
				await r.request('approve');
				await crashed(r, false);
				r.script('read', status);
				await r.later(180_000);
				expect(r.platform.log).toEqual(['GET order']);
				expect(await r.history()).toMatchObject([{ state: 'failed', problem: 'not-accessible' }]);
				expect(await r.outbox.owns(ORDER)).toBe(false);
			}
		});
	});

	describe('StepSender: two servers', () => {
		it('never send the same step twice when one is slow past its lease', async () => {
			const r = await rig(engine, PAID);
			await r.request('approve');
			await crashedRead(r);
			const other = r.otherSender();
			r.platform.onCall = (call) => {
				if (call.method !== 'GET') return;
				// While the first server reads, its lease runs out and the second server takes the step.
				r.platform.onCall = () => {};
				r.clock.advance(180_000);
				void other.drain();
			};
			await r.sender.drain();
			await other.drain();
			expect(r.platform.count('PUT status')).toBe(1);
			expect(r.platform.order.status).toBe('APPROVED');
			expect(await r.history()).toMatchObject([{ state: 'sent' }]);
		});

		/** An attempt was counted before (so the sender reads first). */
		async function crashedRead(r: Awaited<ReturnType<typeof rig>>) {
			const [step] = await r.outbox.claim('dead-worker', 1_000, 10);
			await r.outbox.sending(step!, 'dead-worker', () => null);
			r.clock.advance(1_000);
		}
	});

	describe('StepSender: counter payments (EXTERNAL_MANUAL) are journaled', () => {
		it('collect: the journal entry is written before finalize-external-payment is sent', async () => {
			const r = await rig(engine);
			const atSend: unknown[] = [];
			r.platform.onCall = async (call) => {
				if (call.method === 'PUT') atSend.push(...(await r.journal()));
			};
			await r.request('collect');
			await r.sender.drain();
			expect(r.platform.log).toEqual(['PUT finalize-external-payment']);
			expect(atSend).toMatchObject([
				{
					operation: 'finalizeExternalCounterOrderPayment',
					reference: `order:${ORDER}`,
					deviceId: r.store.deviceId,
					request: { orderId: ORDER },
					status: 'pending'
				}
			]);
			expect(await r.journal()).toMatchObject([{ status: 'succeeded', attempts: 1 }]);
			expect((await r.stored()).transactionStatus).toBe('PAID_EXTERNALLY');
			expect(await r.history()).toMatchObject([
				{ action: 'collect', state: 'sent', settledBy: 'answer' }
			]);
		});

		it('payment-failed: cancel-external-payment, journaled, the card read back as FAILED', async () => {
			const r = await rig(engine);
			await r.request('payment-failed');
			await r.sender.drain();
			expect(r.platform.log).toEqual(['PUT cancel-external-payment']);
			expect(await r.journal()).toMatchObject([
				{ operation: 'cancelExternalCounterOrderPayment', status: 'succeeded' }
			]);
			expect((await r.stored()).transactionStatus).toBe('FAILED');
		});

		it('a lost finalize answer: settled by the read, journal resolved, not repeated', async () => {
			const r = await rig(engine);
			r.script('finalize', 'lost');
			await r.request('collect');
			await r.sender.drain();
			expect(r.platform.log).toEqual(['PUT finalize-external-payment', 'GET order']);
			expect(await r.journal()).toMatchObject([
				{ status: 'resolved', attempts: 1, result: { resolvedBy: 'read' } }
			]);
			await r.later();
			expect(r.platform.count('PUT finalize-external-payment')).toBe(1);
		});

		it('a finalize that did not land: one journal entry, its repeat counted on it', async () => {
			const r = await rig(engine);
			r.script('finalize', 'timeout');
			await r.request('collect');
			await r.sender.drain();
			expect(await r.journal()).toMatchObject([{ status: 'pending', attempts: 1 }]);
			await r.later();
			expect(r.platform.count('PUT finalize-external-payment')).toBe(2);
			expect(await r.journal()).toMatchObject([{ status: 'succeeded', attempts: 2 }]);
		});

		it('a refused report: journal failed with the reason', async () => {
			const r = await rig(engine);
			r.platform.order.status = 'REJECTED'; // the platform refuses reports on rejected orders
			await r.request('payment-failed');
			await r.sender.drain();
			expect(await r.journal()).toMatchObject([
				{
					operation: 'cancelExternalCounterOrderPayment',
					status: 'failed',
					errorCode: 'invalid-transition'
				}
			]);
			expect(await r.history()).toMatchObject([{ state: 'failed', problem: 'invalid-transition' }]);
		});

		it('a money step whose order can no longer be read after an unanswered attempt: for staff', async () => {
			const r = await rig(engine);
			r.script('finalize', 'timeout');
			r.script('read', 404);
			await r.request('collect');
			await r.sender.drain();
			expect(r.platform.log).toEqual(['PUT finalize-external-payment', 'GET order']);
			expect(await r.history()).toMatchObject([{ state: 'failed', problem: 'not-accessible' }]);
			expect(await r.journal()).toMatchObject([
				{ status: 'needs-staff', errorCode: 'not-accessible' }
			]);
		});

		it('status steps are not journaled', async () => {
			const r = await rig(engine, PAID);
			await r.request('approve');
			await r.sender.drain();
			expect(await r.journal()).toEqual([]);
		});
	});

	describe('orderPaymentToCheck', () => {
		const entry = (operation: string, reference: string, status: JournalStatus) => ({
			operation,
			reference,
			status
		});

		it('names the order and the step of a counter payment only staff can settle', async () => {
			expect(
				orderPaymentToCheck(
					entry(JournalOperation.orderPaymentCancel, 'order:ord_7', 'needs-staff')
				)
			).toEqual({ orderId: 'ord_7', step: 'cancel' });
			expect(
				orderPaymentToCheck(
					entry(JournalOperation.orderPaymentFinalize, 'order:ord_7', 'needs-staff')
				)
			).toEqual({ orderId: 'ord_7', step: 'finalize' });
		});

		it('leaves everything else alone', async () => {
			for (const other of [
				entry(JournalOperation.orderPaymentFinalize, 'order:ord_7', 'pending'),
				entry(JournalOperation.orderPaymentFinalize, 'order:ord_7', 'succeeded'),
				entry(JournalOperation.creditFinalize, 'order:ord_7', 'needs-staff'),
				entry(JournalOperation.orderPaymentFinalize, 'sale:s_1', 'needs-staff')
			])
				expect(orderPaymentToCheck(other)).toBeNull();
		});
	});
});
