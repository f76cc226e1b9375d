/**
 * The inbox of order callbacks (spec 2, Events: the platform POSTs `{callback_url}?orderId=…`
 * and expects "200 promptly"; "the integrator then fetches the order"). A callback is answered
 * only after its order id is written here, so a crash after the answer loses nothing; the id is
 * the key, so a repeated callback (the platform retries until it sees a 200) never makes a second
 * card. The fetcher claims due rows with a lease (store/leases.ts) and fetches them after the
 * answer, with backoff; rows left by a restart are simply still due.
 *
 * Forged callbacks — someone who learnt a callback address announcing made-up ids — must not
 * cost a platform read and a row each, for ever. An order the platform did not know (404, 403)
 * counts against its device's budget of unknown orders: once a device has `UNKNOWN_ORDERS.budget`
 * of them within `windowMs`, its rows are not fetched until the window has moved on, and its
 * callbacks for ids not recorded yet are refused (the platform sends a refused callback again,
 * with backoff: spec 2, Events, Failure) — nothing recorded, nothing read. An id the platform
 * did not know is read again at most once a window however often it is named. Every callback
 * recorded is fetched in the end, and a genuine order is never refused while its device's
 * callbacks name orders the platform knows. Rows of finished fetches (fetched, failed) are
 * pruned after the retention (`prune`, store/retention.ts); the orders stay in app_orders, which
 * is keyed by the order id as well, so a callback repeated after its row was pruned is fetched
 * once more and makes no second card.
 */
import { sql } from 'kysely';
import { claimDue, renewClaims, settleClaimed, type LeasedQueue } from '../store/leases.ts';
import type { Store, StoreDb } from '../store/store.ts';
import type { Row } from '../store/tables.ts';

/**
 * How many orders unknown to the platform a device's callbacks may name in a window before they
 * are held: a board that works sees none, or one now and then (a key without access to an
 * order); sixty a minute is someone announcing made-up ones. The platform then answers a read a
 * second at most, and a backlog of forged callbacks recorded before the budget ran out is read
 * within minutes.
 */
export const UNKNOWN_ORDERS = { budget: 60, windowMs: 60_000 };

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

/** What became of a callback: recorded (answer 200), or refused for its device's budget. */
export type RecordOutcome = 'recorded' | 'refused';

/** Rows written by one statement: far below either engine's limit of bound parameters. */
const ROWS_PER_STATEMENT = 500;

/** The devices whose callbacks named `UNKNOWN_ORDERS.budget` unknown orders within the window. */
function overBudget(now: Date) {
	const since = new Date(now.getTime() - UNKNOWN_ORDERS.windowMs).toISOString();
	return sql`SELECT device_id FROM order_inbox WHERE failed_at > ${since}
		GROUP BY device_id HAVING count(*) >= ${UNKNOWN_ORDERS.budget}`;
}

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
	 * Records callbacks, all in one transaction — `db`'s when it is one, else its own (the
	 * callback endpoint groups a burst: see store/group-commit.ts) — and answers what became of
	 * each, as if they had come one after the other. A repeat of a known id only counts the
	 * callback (and, when its order could not be fetched, makes it due again — not before the
	 * window of unknown orders since it failed has passed: the platform says there is something
	 * to fetch, a forger says so as often as he likes). An order not fetched yet is fetched with
	 * the key of the device whose callback came last: the first device's key may be the one that
	 * cannot read it. `received_at` is when the row became due (a failed row made due again waits
	 * from then, not from its first callback). A new id of a device over its budget of unknown
	 * orders is refused. The ids are written by one statement, each once with its count of
	 * callbacks, so the cost of a burst's write hardly grows with its size.
	 */
	async record(
		callbacks: readonly InboxCallback[],
		db: StoreDb = this.#store.db
	): Promise<RecordOutcome[]> {
		if (!db.isTransaction) return db.transaction().execute((trx) => this.record(callbacks, trx));
		const now = this.#now();
		const refusing = await devicesOverBudget(db, now);
		const recordedBefore = await recordedOf(
			db,
			callbacks.filter((callback) => refusing.has(callback.deviceId))
		);
		const outcomes: RecordOutcome[] = [];
		/** Per id: the device of its last callback here, and how many named it. */
		const named = new Map<string, { deviceId: string; callbacks: number }>();
		for (const { deviceId, orderId } of callbacks) {
			const known = recordedBefore.has(orderId) || named.has(orderId);
			if (refusing.has(deviceId) && !known) {
				outcomes.push('refused');
				continue;
			}
			named.set(orderId, { deviceId, callbacks: (named.get(orderId)?.callbacks ?? 0) + 1 });
			outcomes.push('recorded');
		}
		const rows = [...named].map(([orderId, row]) => ({ orderId, ...row }));
		for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
			await upsertCallbacks(db, rows.slice(start, start + ROWS_PER_STATEMENT), now);
		}
		return outcomes;
	}

	/**
	 * Claims due entries for `owner` for `leaseMs`; none of a device over its budget of unknown
	 * orders.
	 */
	async claim(owner: string, leaseMs: number, limit: number): Promise<InboxEntry[]> {
		const now = this.#now();
		const queue = {
			...QUEUE,
			open: sql`state = 'waiting' AND device_id NOT IN (${overBudget(now)})`
		};
		const rows = await claimDue<Row<'order_inbox'>>(this.#store.db, this.#store.engine, queue, {
			owner,
			now,
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
	 * until another callback names it again, and then not within the window of unknown orders.
	 */
	async failed(orderId: string, owner: string, error: string): Promise<void> {
		const now = this.#now();
		await this.#settle(orderId, owner, {
			state: 'failed',
			attempts: sql`attempts + 1`,
			last_error: error,
			failed_at: now.toISOString(),
			next_attempt_at: new Date(now.getTime() + UNKNOWN_ORDERS.windowMs).toISOString()
		});
	}

	/**
	 * Deletes up to `limit` rows whose fetch is over (fetched, failed) and that no callback named
	 * since `before`; answers how many. Rows still to fetch stay, however old.
	 */
	async prune(before: Date, limit: number): Promise<number> {
		const result = await this.#store.db
			.deleteFrom('order_inbox')
			.where('order_id', 'in', (eb) =>
				eb
					.selectFrom('order_inbox')
					.select('order_id')
					.where('state', 'in', ['fetched', 'failed'])
					.where('last_callback_at', '<', before.toISOString())
					.limit(limit)
			)
			.executeTakeFirst();
		return Number(result.numDeletedRows);
	}

	/** How many callbacks of all devices wait to be fetched (the inbox's depth, metrics). */
	async depth(): Promise<number> {
		const row = await this.#store.db
			.selectFrom('order_inbox')
			.select((eb) => eb.fn.countAll<number>().as('waiting'))
			.where('state', '=', 'waiting')
			.executeTakeFirstOrThrow();
		return Number(row.waiting);
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

async function devicesOverBudget(db: StoreDb, now: Date): Promise<Set<string>> {
	const { rows } = await sql<{ device_id: string }>`${overBudget(now)}`.execute(db);
	return new Set(rows.map((row) => row.device_id));
}

/** Which of these callbacks' ids are in the inbox already (none asked: none read). */
async function recordedOf(db: StoreDb, callbacks: readonly InboxCallback[]): Promise<Set<string>> {
	if (callbacks.length === 0) return new Set();
	const rows = await db
		.selectFrom('order_inbox')
		.select('order_id')
		.where('order_id', 'in', [...new Set(callbacks.map((callback) => callback.orderId))])
		.execute();
	return new Set(rows.map((row) => row.order_id));
}

/** Each id once, with the device of its last callback and how many callbacks named it. */
async function upsertCallbacks(
	db: StoreDb,
	rows: readonly { orderId: string; deviceId: string; callbacks: number }[],
	now: Date
): Promise<void> {
	const at = now.toISOString();
	const whenFailed = (then: string, otherwise: string) =>
		sql<string>`CASE WHEN order_inbox.state = 'failed' THEN ${sql.ref(then)} ELSE ${sql.ref(otherwise)} END`;
	await db
		.insertInto('order_inbox')
		.values(
			rows.map((row) => ({
				order_id: row.orderId,
				device_id: row.deviceId,
				received_at: at,
				last_callback_at: at,
				callbacks: row.callbacks,
				state: 'waiting' as const,
				next_attempt_at: at
			}))
		)
		.onConflict((conflict) =>
			conflict.column('order_id').doUpdateSet({
				callbacks: sql<number>`order_inbox.callbacks + excluded.callbacks`,
				last_callback_at: (eb) => eb.ref('excluded.last_callback_at'),
				device_id: sql<string>`CASE WHEN order_inbox.state = 'fetched'
					THEN order_inbox.device_id ELSE excluded.device_id END`,
				state: sql<'waiting'>`CASE WHEN order_inbox.state = 'failed'
					THEN 'waiting' ELSE order_inbox.state END`,
				received_at: whenFailed('excluded.received_at', 'order_inbox.received_at'),
				// A failed row waits out the window after its failure (`failed` set the time), and
				// is due at once after that.
				next_attempt_at: sql<string>`CASE WHEN order_inbox.state = 'failed'
					AND order_inbox.next_attempt_at < excluded.next_attempt_at
					THEN excluded.next_attempt_at ELSE order_inbox.next_attempt_at END`
			})
		)
		.execute();
}
