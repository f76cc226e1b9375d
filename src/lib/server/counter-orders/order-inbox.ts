/**
 * The inbox of order callbacks (spec 2, Events: the platform POSTs `{callback_url}?orderId=…`
 * and expects "200 promptly"; "the integrator then fetches the order"). A callback is answered
 * only after its order id is written here, so a crash after the answer loses nothing; the id is
 * the key, so a repeated callback (the platform retries until it sees a 200) never makes a second
 * card. The fetcher claims due rows with a lease (store/leases.ts) and fetches them after the
 * answer, with backoff; rows left by a restart are simply still due.
 */
import { sql } from 'kysely';
import { claimDue, renewClaims, settleClaimed, type LeasedQueue } from '../store/leases.ts';
import type { Store } from '../store/store.ts';
import type { Row } from '../store/tables.ts';

/** One callback: the device whose address was called, and the order id it named. */
export interface InboxCallback {
	deviceId: string;
	orderId: string;
}

export interface InboxEntry {
	orderId: string;
	deviceId: string;
	receivedAt: string;
	attempts: number;
}

const QUEUE: LeasedQueue = { table: 'order_inbox', key: 'order_id', open: sql`state = 'waiting'` };

/** Per device: when its last callback came, and what is still waiting to be fetched. */
export interface InboxHealth {
	lastCallbackAt: string | null;
	waiting: number;
	oldestWaitingSince: string | null;
}

export class OrderInbox {
	readonly #store: Store;
	readonly #now: () => Date;

	constructor(store: Store, now: () => Date = () => new Date()) {
		this.#store = store;
		this.#now = now;
	}

	/**
	 * Records callbacks, all in one transaction (the callback endpoint groups a burst: see
	 * store/group-commit.ts). A repeat of a known id only counts the callback (and, when its
	 * order could not be fetched, makes it due again: the platform says there is something to
	 * fetch). An order not fetched yet is fetched with the key of the device whose callback came
	 * last: the first device's key may be the one that cannot read it. `received_at` is when the
	 * row became due (a failed row made due again waits from then, not from its first callback).
	 */
	async record(callbacks: readonly InboxCallback[]): Promise<void> {
		const at = this.#now().toISOString();
		const whenFailed = (then: string, otherwise: string) =>
			sql<string>`CASE WHEN order_inbox.state = 'failed' THEN ${sql.ref(then)} ELSE ${sql.ref(otherwise)} END`;
		await this.#store.db.transaction().execute(async (trx) => {
			for (const { deviceId, orderId } of callbacks) {
				await trx
					.insertInto('order_inbox')
					.values({
						order_id: orderId,
						device_id: deviceId,
						received_at: at,
						last_callback_at: at,
						state: 'waiting',
						next_attempt_at: at
					})
					.onConflict((conflict) =>
						conflict.column('order_id').doUpdateSet({
							callbacks: sql<number>`order_inbox.callbacks + 1`,
							last_callback_at: (eb) => eb.ref('excluded.last_callback_at'),
							device_id: sql<string>`CASE WHEN order_inbox.state = 'fetched'
								THEN order_inbox.device_id ELSE excluded.device_id END`,
							state: sql<'waiting'>`CASE WHEN order_inbox.state = 'failed'
								THEN 'waiting' ELSE order_inbox.state END`,
							received_at: whenFailed('excluded.received_at', 'order_inbox.received_at'),
							next_attempt_at: whenFailed('excluded.next_attempt_at', 'order_inbox.next_attempt_at')
						})
					)
					.execute();
			}
		});
	}

	/** Claims due entries for `owner` for `leaseMs`. */
	async claim(owner: string, leaseMs: number, limit: number): Promise<InboxEntry[]> {
		const rows = await claimDue<Row<'order_inbox'>>(this.#store.db, this.#store.engine, QUEUE, {
			owner,
			now: this.#now(),
			leaseMs,
			limit
		});
		return rows.map((row) => ({
			orderId: row.order_id,
			deviceId: row.device_id,
			receivedAt: row.received_at,
			attempts: row.attempts
		}));
	}

	/** `owner` is still fetching what it claimed. */
	async renew(owner: string, leaseMs: number): Promise<void> {
		await renewClaims(this.#store.db, QUEUE, { owner, now: this.#now(), leaseMs });
	}

	/** The order is on the board. */
	async fetched(orderId: string, owner: string): Promise<void> {
		await this.#settle(orderId, owner, { state: 'fetched', last_error: null });
	}

	/** Fetching failed for now: try again after `delayMs`. */
	async retryLater(orderId: string, owner: string, error: string, delayMs: number): Promise<void> {
		const next = new Date(this.#now().getTime() + delayMs).toISOString();
		await this.#settle(orderId, owner, {
			attempts: sql`attempts + 1`,
			last_error: error,
			next_attempt_at: next
		});
	}

	/**
	 * The platform answered that this device cannot have the order (404, 403): nothing to fetch
	 * until another callback names it again.
	 */
	async failed(orderId: string, owner: string, error: string): Promise<void> {
		await this.#settle(orderId, owner, {
			state: 'failed',
			attempts: sql`attempts + 1`,
			last_error: error
		});
	}

	async health(deviceIds: string[]): Promise<InboxHealth> {
		if (deviceIds.length === 0)
			return { lastCallbackAt: null, waiting: 0, oldestWaitingSince: null };
		const row = await this.#store.db
			.selectFrom('order_inbox')
			.where('device_id', 'in', deviceIds)
			.select((eb) => [
				eb.fn.max('last_callback_at').as('last'),
				eb.fn
					.sum<number | null>(eb.case().when('state', '=', 'waiting').then(1).else(0).end())
					.as('waiting'),
				eb.fn
					.min<string | null>(
						eb.case().when('state', '=', 'waiting').then(eb.ref('received_at')).end()
					)
					.as('oldest')
			])
			.executeTakeFirstOrThrow();
		return {
			lastCallbackAt: row.last ?? null,
			// A sum over no rows is NULL.
			waiting: Number(row.waiting ?? 0),
			oldestWaitingSince: row.oldest
		};
	}

	async #settle(
		orderId: string,
		owner: string,
		assignments: Record<string, unknown>
	): Promise<void> {
		await settleClaimed(this.#store.db, QUEUE, { key: orderId, owner }, assignments);
	}
}
