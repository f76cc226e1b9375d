/**
 * The outbox of staff steps on app orders (spec 2 status updates and counter-payment reports),
 * and their history. A step is written here before anything is sent, so it survives a restart
 * and is never lost; one step per order is pending at a time (a unique index), so a double tap
 * or a second board cannot queue it twice. The sender claims rows with a lease
 * (store/leases.ts); `attempts` is counted *before* each send, so a row with attempts > 0 may
 * already have taken effect and is settled by reading the order first.
 */
import {
	APP_ORDER_ACTIONS,
	type AppOrderAction,
	type OrderStepProblem
} from '#lib/board/order-board.ts';
import { claimDue, renewClaims, settleClaimed, type LeasedQueue } from '../store/leases.ts';
import { transaction, type Database } from '../store/database.ts';

export interface OrderStep {
	id: number;
	orderId: string;
	/** The board device that asked; its key sends the step. */
	deviceId: string;
	action: AppOrderAction;
	rejectionMessage: string | null;
	attempts: number;
	journalId: number | null;
}

export type StepState = 'pending' | 'sent' | 'failed';

/** One line of an order's history. */
export interface StepRecord {
	action: AppOrderAction;
	state: StepState;
	problem: OrderStepProblem | null;
	/** How a sent step was confirmed: the platform's answer, or a later read of the order. */
	settledBy: 'answer' | 'read' | null;
	attempts: number;
	createdAt: string;
	settledAt: string | null;
}

interface StepRow {
	id: number;
	order_id: string;
	device_id: string;
	action: AppOrderAction;
	rejection_message: string | null;
	state: StepState;
	attempts: number;
	journal_id: number | null;
	problem: OrderStepProblem | null;
	settled_by: 'answer' | 'read' | null;
	created_at: string;
	settled_at: string | null;
}

const QUEUE: LeasedQueue = { table: 'order_outbox', key: 'id', open: "state = 'pending'" };

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
	readonly #db: Database;
	readonly #now: () => Date;

	constructor(db: Database, now: () => Date = () => new Date()) {
		this.#db = db;
		this.#now = now;
	}

	/** Queues a step; false when another step of the order is still pending. */
	enqueue(step: {
		orderId: string;
		deviceId: string;
		action: AppOrderAction;
		rejectionMessage?: string;
	}): boolean {
		if (!APP_ORDER_ACTIONS.includes(step.action)) throw new Error(`no step ${step.action}`);
		const at = this.#now().toISOString();
		const { changes } = this.#db
			.prepare(
				`INSERT INTO order_outbox (order_id, device_id, action, rejection_message, state, next_attempt_at, created_at)
				 VALUES (?, ?, ?, ?, 'pending', ?, ?) ON CONFLICT DO NOTHING`
			)
			.run(step.orderId, step.deviceId, step.action, step.rejectionMessage ?? null, at, at);
		return Number(changes) === 1;
	}

	claim(owner: string, leaseMs: number, limit: number): OrderStep[] {
		return claimDue<StepRow>(this.#db, QUEUE, { owner, now: this.#now(), leaseMs, limit }).map(
			toStep
		);
	}

	/** `owner` is still sending what it claimed. */
	renew(owner: string, leaseMs: number): void {
		renewClaims(this.#db, QUEUE, { owner, now: this.#now(), leaseMs });
	}

	/**
	 * About to send: while `owner` still holds the step's lease, counts the attempt and keeps the
	 * journal entry of a money step (`journal` begins it, or counts a repeat), in one transaction,
	 * so no journal entry exists that its step does not know. False when the lease ran out or
	 * another worker has the step: then nothing may be sent (that worker reads and sends).
	 */
	sending(step: OrderStep, owner: string, journal: () => number | null): boolean {
		return transaction(this.#db, () => {
			const held = this.#db
				.prepare('SELECT 1 FROM order_outbox WHERE id = ? AND lease_owner = ? AND lease_until > ?')
				.get(step.id, owner, this.#now().toISOString());
			if (!held) return false;
			this.#db
				.prepare('UPDATE order_outbox SET attempts = attempts + 1, journal_id = ? WHERE id = ?')
				.run(journal(), step.id);
			return true;
		});
	}

	/** The step took effect. */
	sent(stepId: number, owner: string, settledBy: 'answer' | 'read'): void {
		this.#settle(stepId, owner, "state = 'sent', settled_by = ?", [settledBy]);
	}

	/** The platform will not do it; staff see why. */
	failed(stepId: number, owner: string, problem: OrderStepProblem): void {
		this.#settle(stepId, owner, "state = 'failed', problem = ?", [problem]);
	}

	/** Not done yet (not applied, or not known): again after `delayMs`. */
	retryLater(stepId: number, owner: string, delayMs: number): void {
		const next = new Date(this.#now().getTime() + delayMs).toISOString();
		settleClaimed(this.#db, QUEUE, { key: stepId, owner }, 'next_attempt_at = ?', [next]);
	}

	/** The pending step of each of these orders. */
	pending(orderIds: string[]): Map<string, AppOrderAction> {
		return new Map(
			this.#latest(orderIds, "state = 'pending'").map((row) => [row.order_id, row.action])
		);
	}

	/** The failed step of each order whose latest step failed. */
	problems(orderIds: string[]): Map<string, { action: AppOrderAction; reason: OrderStepProblem }> {
		return new Map(
			this.#latest(orderIds)
				.filter((row) => row.state === 'failed' && row.problem)
				.map((row) => [row.order_id, { action: row.action, reason: row.problem! }])
		);
	}

	/** A step of the order is still on its way: its journal entries are this outbox's to settle. */
	owns(orderId: string): boolean {
		return this.pending([orderId]).size > 0;
	}

	/** How many steps of the device's orders are still on their way. */
	unsentOf(deviceId: string): number {
		const row = this.#db
			.prepare(
				"SELECT count(*) AS unsent FROM order_outbox WHERE device_id = ? AND state = 'pending'"
			)
			.get(deviceId) as { unsent: number };
		return row.unsent;
	}

	/** Every step staff took on the order, oldest first. */
	history(orderId: string): StepRecord[] {
		const rows = this.#db
			.prepare('SELECT * FROM order_outbox WHERE order_id = ? ORDER BY id')
			.all(orderId) as unknown as StepRow[];
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

	/** The latest step per order (optionally only rows matching `where`). */
	#latest(orderIds: string[], where = '1 = 1'): StepRow[] {
		if (orderIds.length === 0) return [];
		const marks = orderIds.map(() => '?').join(', ');
		return this.#db
			.prepare(
				`SELECT * FROM order_outbox WHERE id IN (
					SELECT MAX(id) FROM order_outbox WHERE order_id IN (${marks}) AND ${where} GROUP BY order_id)`
			)
			.all(...orderIds) as unknown as StepRow[];
	}

	#settle(stepId: number, owner: string, assignments: string, values: string[]): void {
		settleClaimed(this.#db, QUEUE, { key: stepId, owner }, `${assignments}, settled_at = ?`, [
			...values,
			this.#now().toISOString()
		]);
	}
}
