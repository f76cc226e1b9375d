/**
 * The outbox of staff steps on counter orders (spec 2 status updates and counter-payment reports),
 * and their history. A step is written here before anything is sent, so it survives a restart
 * and is never lost; one step per order is pending at a time (a unique index), so a double tap
 * or a second board cannot queue it twice. The sender claims rows with a lease
 * (store/leases.ts); `attempts` is counted *before* each send, so a row with attempts > 0 may
 * already have taken effect and is settled by reading the order first.
 */
import {
	COUNTER_ORDER_ACTIONS,
	type CounterOrderAction,
	type OrderStepProblem
} from '#lib/shared/order-board.ts';
import { sql } from 'kysely';
import { claimDue, renewClaims, settleClaimed, type LeasedQueue } from '../store/leases.ts';
import { touchedOne, type Store, type StoreDb } from '../store/store.ts';
import type { Row } from '../store/tables.ts';

export interface OrderStep {
	id: number;
	orderId: string;
	/** The board device that asked; its key sends the step. */
	deviceId: string;
	action: CounterOrderAction;
	rejectionMessage: string | null;
	attempts: number;
	journalId: number | null;
}

type StepState = 'pending' | 'sent' | 'failed';

/** One line of an order's history. */
export interface StepRecord {
	action: CounterOrderAction;
	state: StepState;
	problem: OrderStepProblem | null;
	/** How a sent step was confirmed: the platform's answer, or a later read of the order. */
	settledBy: 'answer' | 'read' | null;
	attempts: number;
	createdAt: string;
	settledAt: string | null;
}

/** A row as read: the columns the schema keeps as text, with their values named. */
type StepRow = Omit<Row<'order_outbox'>, 'action' | 'problem' | 'settled_by'> & {
	action: CounterOrderAction;
	problem: OrderStepProblem | null;
	settled_by: 'answer' | 'read' | null;
};

const QUEUE: LeasedQueue = { table: 'order_outbox', key: 'id', open: sql`state = 'pending'` };

const toStep = (row: StepRow): OrderStep => ({
	id: row.id,
	orderId: row.order_id,
	deviceId: row.device_id,
	action: row.action,
	rejectionMessage: row.rejection_message,
	attempts: row.attempts,
	journalId: row.journal_id
});

export class OrderOutbox {
	readonly #store: Store;
	readonly #now: () => Date;

	constructor(store: Store, now: () => Date = () => new Date()) {
		this.#store = store;
		this.#now = now;
	}

	/** Queues a step; false when another step of the order is still pending. */
	async enqueue(step: {
		orderId: string;
		deviceId: string;
		action: CounterOrderAction;
		rejectionMessage?: string;
	}): Promise<boolean> {
		if (!COUNTER_ORDER_ACTIONS.includes(step.action)) throw new Error(`no step ${step.action}`);
		const at = this.#now().toISOString();
		const result = await this.#store.db
			.insertInto('order_outbox')
			.values({
				order_id: step.orderId,
				device_id: step.deviceId,
				action: step.action,
				rejection_message: step.rejectionMessage ?? null,
				state: 'pending',
				next_attempt_at: at,
				created_at: at
			})
			// The unique index of one pending step per order (a partial index: no column list).
			.onConflict((conflict) => conflict.doNothing())
			.executeTakeFirst();
		return touchedOne(result);
	}

	async claim(owner: string, leaseMs: number, limit: number): Promise<OrderStep[]> {
		const rows = await claimDue<StepRow>(this.#store.db, this.#store.engine, QUEUE, {
			owner,
			now: this.#now(),
			leaseMs,
			limit
		});
		return rows.map(toStep);
	}

	/** `owner` is still sending what it claimed. */
	async renew(owner: string, leaseMs: number): Promise<void> {
		await renewClaims(this.#store.db, QUEUE, { owner, now: this.#now(), leaseMs });
	}

	/**
	 * About to send: while `owner` still holds the step's lease, counts the attempt and keeps the
	 * journal entry of a money step (`journal` begins it, or counts a repeat), in one transaction,
	 * so no journal entry exists that its step does not know. False when the lease ran out or
	 * another worker has the step: then nothing may be sent (that worker reads and sends).
	 *
	 * The attempt is counted only while the lease holds (one conditional update), before the
	 * journal is asked: a worker whose lease ran out writes no journal entry. `journal` is given
	 * the transaction, to write its entry in it.
	 */
	async sending(
		step: OrderStep,
		owner: string,
		journal: (trx: StoreDb) => number | null | Promise<number | null>
	): Promise<boolean> {
		return this.#store.db.transaction().execute(async (trx) => {
			const held = await trx
				.updateTable('order_outbox')
				.set({ attempts: sql<number>`order_outbox.attempts + 1` })
				.where('id', '=', step.id)
				.where('lease_owner', '=', owner)
				.where('lease_until', '>', this.#now().toISOString())
				.executeTakeFirst();
			if (!touchedOne(held)) return false;
			await trx
				.updateTable('order_outbox')
				.set({ journal_id: await journal(trx) })
				.where('id', '=', step.id)
				.execute();
			return true;
		});
	}

	/** The step took effect. */
	async sent(stepId: number, owner: string, settledBy: 'answer' | 'read'): Promise<void> {
		await this.#settle(stepId, owner, { state: 'sent', settled_by: settledBy });
	}

	/** The platform will not do it; staff see why. */
	async failed(stepId: number, owner: string, problem: OrderStepProblem): Promise<void> {
		await this.#settle(stepId, owner, { state: 'failed', problem });
	}

	/** Not done yet (not applied, or not known): again after `delayMs`. */
	async retryLater(stepId: number, owner: string, delayMs: number): Promise<void> {
		const next = new Date(this.#now().getTime() + delayMs).toISOString();
		await settleClaimed(this.#store.db, QUEUE, { key: stepId, owner }, { next_attempt_at: next });
	}

	/** The pending step of each of these orders. */
	async pending(orderIds: string[]): Promise<Map<string, CounterOrderAction>> {
		const rows = await this.#latest(orderIds, true);
		return new Map(rows.map((row) => [row.order_id, row.action]));
	}

	/** The failed step of each order whose latest step failed. */
	async problems(
		orderIds: string[]
	): Promise<Map<string, { action: CounterOrderAction; reason: OrderStepProblem }>> {
		const rows = await this.#latest(orderIds, false);
		return new Map(
			rows
				.filter((row) => row.state === 'failed' && row.problem)
				.map((row) => [row.order_id, { action: row.action, reason: row.problem! }])
		);
	}

	/** A step of the order is still on its way: its journal entries are this outbox's to settle. */
	async owns(orderId: string): Promise<boolean> {
		return (await this.pending([orderId])).size > 0;
	}

	/** How many steps of the device's orders are still on their way. */
	async unsentOf(deviceId: string): Promise<number> {
		const row = await this.#store.db
			.selectFrom('order_outbox')
			.select((eb) => eb.fn.countAll<number>().as('unsent'))
			.where('device_id', '=', deviceId)
			.where('state', '=', 'pending')
			.executeTakeFirstOrThrow();
		return row.unsent;
	}

	/** How many steps of all devices are still on their way (the outbox's depth, metrics). */
	async depth(): Promise<number> {
		const row = await this.#store.db
			.selectFrom('order_outbox')
			.select((eb) => eb.fn.countAll<number>().as('unsent'))
			.where('state', '=', 'pending')
			.executeTakeFirstOrThrow();
		return Number(row.unsent);
	}

	/** Every step staff took on the order, oldest first. */
	async history(orderId: string): Promise<StepRecord[]> {
		const rows = (await this.#store.db
			.selectFrom('order_outbox')
			.selectAll()
			.where('order_id', '=', orderId)
			.orderBy('id')
			.execute()) as StepRow[];
		return rows.map((row) => ({
			action: row.action,
			state: row.state,
			problem: row.problem,
			settledBy: row.settled_by,
			attempts: row.attempts,
			createdAt: row.created_at,
			settledAt: row.settled_at
		}));
	}

	/** The latest step per order (of its pending steps only, when `pendingOnly`). */
	async #latest(orderIds: string[], pendingOnly: boolean): Promise<StepRow[]> {
		if (orderIds.length === 0) return [];
		const rows = await this.#store.db
			.selectFrom('order_outbox')
			.selectAll()
			.where('id', 'in', (eb) => {
				const latest = eb
					.selectFrom('order_outbox')
					.select((inner) => inner.fn.max('id').as('id'))
					.where('order_id', 'in', orderIds)
					.groupBy('order_id');
				return pendingOnly ? latest.where('state', '=', 'pending') : latest;
			})
			.execute();
		return rows as StepRow[];
	}

	async #settle(
		stepId: number,
		owner: string,
		assignments: Record<string, unknown>
	): Promise<void> {
		await settleClaimed(
			this.#store.db,
			QUEUE,
			{ key: stepId, owner },
			{
				...assignments,
				settled_at: this.#now().toISOString()
			}
		);
	}
}
