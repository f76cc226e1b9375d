/**
 * Sends the staff steps the outbox holds to the platform: never lost, never applied twice.
 *
 * Spec 2 facts relied on:
 * - A status update answers "503 (safe to retry with backoff)"; the client retries it while each
 *   failure proves it was not applied (retry-policies.ts NOT_APPLIED_ONLY), and so does this
 *   sender, with backoff and jitter, across restarts.
 * - Status updates are not idempotent: a repeat of an applied transition is a 400 ("invalid
 *   transition"). So an attempt whose answer was lost (time-out, 5xx, a crash after sending) is
 *   settled by reading the order (GET …/counter-orders/{orderId}) before anything is sent again;
 *   a 400 is read as well, since our own lost attempt may be why the order moved.
 * - finalize/cancel-external-payment move money: journaled like the kiosk's money calls (entry
 *   before the first send, settled with the outcome) and settled the same way by reading
 *   `transactionStatus`.
 */
import { randomUUID } from 'node:crypto';
import type { OrderStepProblem } from '#lib/shared/order-board.ts';
import type { Journal, JournalEntry } from '../journal/journal.ts';
import { JournalOperation } from '../journal/journal-operation.ts';
import type { OrderFeed } from '../orders/order-feed.ts';
import type { PlatformClient, PlatformFor } from '../platform/client.ts';
import { isOrderOutOfReach, type CounterOrder } from '../platform/counter-orders.ts';
import { PlatformClientError, PlatformRequestError, isRefusal } from '../platform/errors.ts';
import { backoffDelay } from '../platform/transport.ts';
import { QueueDrain } from '../store/queue-drain.ts';
import type { StoreDb } from '../store/store.ts';
import type { CounterOrderRepository } from './counter-order-repository.ts';
import type { OrderOutbox, OrderStep } from './order-outbox.ts';
import { STATUS_OF_STEP, isPaymentStep, stepApplied, stepsFor } from './order-steps.ts';
import type { DeviceHealthTracker } from './device-health.ts';

export const STEP_BACKOFF = { baseDelayMs: 1_000, maxDelayMs: 30_000 };

/**
 * Renewed every third of it while sending, so a step is never sent by two workers at once, and a
 * killed server's step is taken up again within this time (read first: it may have landed).
 */
const LEASE_MS = 15_000;
const BATCH = 8;

const ORDER_REFERENCE_PREFIX = 'order:';

/** The journal reference of a counter order's money steps. */
const orderReference = (orderId: string) => `${ORDER_REFERENCE_PREFIX}${orderId}`;

/** The order a journal reference names, if it is a counter order's. */
export function orderOfReference(reference: string): string | null {
	return reference.startsWith(ORDER_REFERENCE_PREFIX)
		? reference.slice(ORDER_REFERENCE_PREFIX.length)
		: null;
}

/**
 * A counter payment step whose outcome only staff can settle (its answer was lost and the order
 * could not be read, or its board was removed): which order, and which step to check for.
 */
export function orderPaymentToCheck(
	entry: Pick<JournalEntry, 'operation' | 'reference' | 'status'>
): { orderId: string; step: 'finalize' | 'cancel' } | null {
	const orderId = orderOfReference(entry.reference);
	if (orderId === null || entry.status !== 'needs-staff') return null;
	if (entry.operation === JournalOperation.orderPaymentFinalize)
		return { orderId, step: 'finalize' };
	if (entry.operation === JournalOperation.orderPaymentCancel) return { orderId, step: 'cancel' };
	return null;
}

export interface StepSenderDeps {
	outbox: OrderOutbox;
	orders: CounterOrderRepository;
	journal: Journal;
	platformFor: PlatformFor;
	feed: OrderFeed;
	health: DeviceHealthTracker;
	random?: () => number;
}

type Settlement =
	| { kind: 'sent'; by: 'answer' | 'read' }
	/** `unknown`: a money step's earlier attempt may have landed; the journal says so. */
	| { kind: 'failed'; problem: OrderStepProblem; unknown?: boolean }
	| { kind: 'again' }
	/** The lease ran out before sending: the step is another worker's now. */
	| { kind: 'not-ours' };

export class StepSender {
	readonly #deps: StepSenderDeps;
	readonly #owner = `sender-${randomUUID()}`;
	readonly #queue = new QueueDrain({
		name: 'step sender',
		round: async () => {
			const due = await this.#deps.outbox.claim(this.#owner, LEASE_MS, BATCH);
			await Promise.all(due.map((step) => this.#work(step)));
			return { claimed: due.length, finished: due.length };
		},
		renew: () => this.#deps.outbox.renew(this.#owner, LEASE_MS),
		renewMs: LEASE_MS / 3
	});

	constructor(deps: StepSenderDeps) {
		this.#deps = deps;
	}

	/** A step was queued: send it now. */
	wake(): void {
		this.#queue.wake();
	}

	/** A drain nobody awaits (the timer): failures are logged. */
	background(): void {
		this.#queue.background();
	}

	/** Sends every due step (settled, failed or rescheduled). */
	async drain(): Promise<void> {
		await this.#queue.drain();
	}

	async #work(step: OrderStep): Promise<void> {
		const settlement = await this.#attempt(step).catch((error): Settlement => {
			// Only a read of the order (or the store) gets here: sending settles its own errors.
			this.#deps.health.failed(step.deviceId, error);
			if (isOrderOutOfReach(error)) {
				// The order is gone for this device: retrying would keep the card "sending…" forever.
				return { kind: 'failed', problem: 'not-accessible', unknown: true };
			}
			return { kind: 'again' };
		});
		const { outbox, feed, journal } = this.#deps;
		if (settlement.kind === 'not-ours') return;
		if (settlement.kind === 'again') {
			const delay = backoffDelay(STEP_BACKOFF, step.attempts + 1, this.#deps.random ?? Math.random);
			await outbox.retryLater(step.id, this.#owner, Math.max(250, delay));
			return;
		}
		// The journal first: a crash before the step is settled leaves the step pending, to be
		// read and settled again (journal included); the other way round it would leave an open
		// journal entry that no pending step owns, flagged for staff although it was settled.
		const { journalId } = step;
		if (settlement.kind === 'sent') {
			if (journalId !== null) {
				await journal.settle(journalId, settlement.by === 'answer' ? 'succeeded' : 'resolved', {
					result: { resolvedBy: settlement.by }
				});
			}
			await outbox.sent(step.id, this.#owner, settlement.by);
		} else {
			if (journalId !== null) {
				await journal.settle(journalId, settlement.unknown ? 'needs-staff' : 'failed', {
					errorCode: settlement.problem
				});
			}
			await outbox.failed(step.id, this.#owner, settlement.problem);
		}
		feed.changed();
	}

	async #attempt(step: OrderStep): Promise<Settlement> {
		const platform = await this.#deps.platformFor(step.deviceId);
		if (step.attempts > 0) {
			// An earlier attempt may have taken effect (answer lost, server killed): read first.
			const order = await this.#read(step, platform);
			if (stepApplied(step.action, order)) return { kind: 'sent', by: 'read' };
			if (!stepsFor(order).includes(step.action)) {
				return { kind: 'failed', problem: 'invalid-transition' };
			}
		}
		if (
			!(await this.#deps.outbox.sending(step, this.#owner, (trx) => this.#beginJournal(step, trx)))
		) {
			return { kind: 'not-ours' };
		}
		step.attempts += 1;
		try {
			await this.#store(step, await this.#send(step, platform));
			return { kind: 'sent', by: 'answer' };
		} catch (error) {
			this.#deps.health.failed(step.deviceId, error);
			if (isOrderOutOfReach(error)) {
				return { kind: 'failed', problem: 'not-accessible' };
			}
			if (isRefusal(error) && error.status !== 400) return { kind: 'failed', problem: 'refused' };
			if (error instanceof PlatformRequestError) return { kind: 'failed', problem: 'refused' };
			if (error instanceof PlatformClientError && error.outcome === 'known' && !isRefusal(error)) {
				return { kind: 'again' }; // a 503, 429 or refused connection outlasting the client's retries
			}
			// A 400 (the order moved on — maybe through our own lost attempt) or an open outcome.
			const order = await this.#read(step, platform);
			if (stepApplied(step.action, order)) return { kind: 'sent', by: 'read' };
			if (isRefusal(error)) return { kind: 'failed', problem: 'invalid-transition' };
			return { kind: 'again' };
		}
	}

	async #send(step: OrderStep, platform: PlatformClient): Promise<CounterOrder> {
		const orders = platform.counterOrders;
		switch (step.action) {
			case 'collect':
				return orders.finalizeExternalPayment(step.orderId);
			case 'payment-failed':
				return orders.cancelExternalPayment(step.orderId);
			case 'reject':
				return orders.updateStatus(
					step.orderId,
					step.rejectionMessage === null
						? { status: 'REJECTED' }
						: { status: 'REJECTED', rejectionMessage: step.rejectionMessage }
				);
			default:
				return orders.updateStatus(step.orderId, { status: STATUS_OF_STEP[step.action] });
		}
	}

	async #read(step: OrderStep, platform: PlatformClient): Promise<CounterOrder> {
		const order = await platform.counterOrders.getOrder(step.orderId);
		await this.#store(step, order);
		return order;
	}

	async #store(step: OrderStep, order: CounterOrder): Promise<void> {
		this.#deps.health.answered(step.deviceId);
		const known = await this.#deps.orders.get(order.id);
		if (known && (await this.#deps.orders.save(known.deviceId, known.placeId, order))) {
			this.#deps.feed.changed();
		}
	}

	/** A money step's journal entry: written before its first send, counted on each repeat. */
	async #beginJournal(step: OrderStep, trx: StoreDb): Promise<number | null> {
		if (!isPaymentStep(step.action)) return null;
		if (step.journalId !== null) {
			await this.#deps.journal.retrying(step.journalId, trx);
			return step.journalId;
		}
		step.journalId = await this.#deps.journal.begin(
			{
				deviceId: step.deviceId,
				operation:
					step.action === 'collect'
						? JournalOperation.orderPaymentFinalize
						: JournalOperation.orderPaymentCancel,
				reference: orderReference(step.orderId),
				request: { orderId: step.orderId }
			},
			trx
		);
		return step.journalId;
	}
}
