/**
 * The inbox of order callbacks (spec 2, Events: the platform POSTs `{callback_url}?orderId=…`
 * and expects "200 promptly"; "the integrator then fetches the order"). A callback is answered
 * only after its order id is written here, so a crash after the answer loses nothing; the id is
 * the key, so a repeated callback (the platform retries until it sees a 200) never makes a second
 * card. The fetcher claims due rows with a lease (store/leases.ts) and fetches them after the
 * answer, with backoff; rows left by a restart are simply still due.
 */
import { claimDue, renewClaims, settleClaimed, type LeasedQueue } from '../store/leases.ts';
import { transaction, type Database } from '../store/database.ts';

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

interface InboxRow {
	order_id: string;
	device_id: string;
	received_at: string;
	attempts: number;
}

const QUEUE: LeasedQueue = { table: 'order_inbox', key: 'order_id', open: "state = 'waiting'" };

/** Per device: when its last callback came, and what is still waiting to be fetched. */
export interface InboxHealth {
	lastCallbackAt: string | null;
	waiting: number;
	oldestWaitingSince: string | null;
}

export class OrderInbox {
	readonly #db: Database;
	readonly #now: () => Date;

	constructor(db: Database, now: () => Date = () => new Date()) {
		this.#db = db;
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
	record(callbacks: readonly InboxCallback[]): void {
		const at = this.#now().toISOString();
		const upsert = this.#db.prepare(
			`INSERT INTO order_inbox (order_id, device_id, received_at, last_callback_at, state, next_attempt_at)
			 VALUES (?, ?, ?, ?, 'waiting', ?)
			 ON CONFLICT (order_id) DO UPDATE SET
				callbacks = callbacks + 1,
				last_callback_at = excluded.last_callback_at,
				device_id = CASE WHEN state = 'fetched' THEN device_id ELSE excluded.device_id END,
				state = CASE WHEN state = 'failed' THEN 'waiting' ELSE state END,
				received_at = CASE WHEN state = 'failed' THEN excluded.received_at ELSE received_at END,
				next_attempt_at = CASE WHEN state = 'failed' THEN excluded.next_attempt_at ELSE next_attempt_at END`
		);
		transaction(this.#db, () => {
			for (const { deviceId, orderId } of callbacks) upsert.run(orderId, deviceId, at, at, at);
		});
	}

	/** Claims due entries for `owner` for `leaseMs`. */
	claim(owner: string, leaseMs: number, limit: number): InboxEntry[] {
		return claimDue<InboxRow>(this.#db, QUEUE, {
			owner,
			now: this.#now(),
			leaseMs,
			limit
		}).map((row) => ({
			orderId: row.order_id,
			deviceId: row.device_id,
			receivedAt: row.received_at,
			attempts: row.attempts
		}));
	}

	/** `owner` is still fetching what it claimed. */
	renew(owner: string, leaseMs: number): void {
		renewClaims(this.#db, QUEUE, { owner, now: this.#now(), leaseMs });
	}

	/** The order is on the board. */
	fetched(orderId: string, owner: string): void {
		settleClaimed(
			this.#db,
			QUEUE,
			{ key: orderId, owner },
			"state = 'fetched', last_error = NULL",
			[]
		);
	}

	/** Fetching failed for now: try again after `delayMs`. */
	retryLater(orderId: string, owner: string, error: string, delayMs: number): void {
		const next = new Date(this.#now().getTime() + delayMs).toISOString();
		settleClaimed(
			this.#db,
			QUEUE,
			{ key: orderId, owner },
			'attempts = attempts + 1, last_error = ?, next_attempt_at = ?',
			[error, next]
		);
	}

	/**
	 * The platform answered that this device cannot have the order (404, 403): nothing to fetch
	 * until another callback names it again.
	 */
	failed(orderId: string, owner: string, error: string): void {
		settleClaimed(
			this.#db,
			QUEUE,
			{ key: orderId, owner },
			"state = 'failed', attempts = attempts + 1, last_error = ?",
			[error]
		);
	}

	health(deviceIds: string[]): InboxHealth {
		if (deviceIds.length === 0)
			return { lastCallbackAt: null, waiting: 0, oldestWaitingSince: null };
		const marks = deviceIds.map(() => '?').join(', ');
		const row = this.#db
			.prepare(
				`SELECT MAX(last_callback_at) AS last,
					SUM(CASE WHEN state = 'waiting' THEN 1 ELSE 0 END) AS waiting,
					MIN(CASE WHEN state = 'waiting' THEN received_at END) AS oldest
				 FROM order_inbox WHERE device_id IN (${marks})`
			)
			.get(...deviceIds) as { last: string | null; waiting: number | null; oldest: string | null };
		return { lastCallbackAt: row.last, waiting: row.waiting ?? 0, oldestWaitingSince: row.oldest };
	}
}
