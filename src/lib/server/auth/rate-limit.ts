/**
 * Login attempts per client address (the staff password and the screen PIN): at most `limit`
 * attempts in a window of `windowMs` that opens with the client's first attempt; a success
 * clears them. In the store (issue 12), so that kiosk servers sharing one database refuse after
 * the same limit rather than each after its own.
 *
 * An attempt is counted before the password is checked, in one atomic upsert: of many attempts
 * at once — on one server or several — only `limit` get as far as the check.
 */
import { sql } from 'kysely';
import type { Store, StoreDb } from '../store/store.ts';

export interface AttemptLimits {
	limit: number;
	windowMs: number;
}

export const LOGIN_ATTEMPT_LIMITS: AttemptLimits = { limit: 5, windowMs: 15 * 60_000 };

export class AttemptLimiter {
	readonly #db: StoreDb;
	readonly #limits: AttemptLimits;
	readonly #now: () => number;

	constructor(store: Store, limits = LOGIN_ATTEMPT_LIMITS, now: () => number = Date.now) {
		this.#db = store.db;
		this.#limits = limits;
		this.#now = now;
	}

	/**
	 * Counts an attempt of `client`: 0 when it may go on to the check, or else the milliseconds
	 * until its window closes and it may try again. A refused attempt does not move the window.
	 */
	async attempt(client: string): Promise<number> {
		const now = this.#now();
		// A closed window is forgotten, so the count below starts the client's window afresh.
		await this.#db
			.deleteFrom('login_attempts')
			.where('client', '=', client)
			.where('window_started_at', '<=', this.#closedBefore())
			.execute();
		const counted = await this.#db
			.insertInto('login_attempts')
			.values({ client, attempts: 1, window_started_at: new Date(now).toISOString() })
			.onConflict((conflict) =>
				conflict
					.column('client')
					.doUpdateSet({ attempts: sql<number>`login_attempts.attempts + 1` })
			)
			.returning(['attempts', 'window_started_at'])
			.executeTakeFirstOrThrow();
		if (counted.attempts <= this.#limits.limit) return 0;
		// At least a moment: a refusal must never read as "go on", whatever another server's clock.
		return Math.max(1, Date.parse(counted.window_started_at) + this.#limits.windowMs - now);
	}

	/** The client got it right: its attempts are forgotten. */
	async succeed(client: string): Promise<void> {
		await this.#db.deleteFrom('login_attempts').where('client', '=', client).execute();
	}

	/**
	 * Forgets up to `limit` closed windows of clients that did not come back (store/retention.ts);
	 * answers how many.
	 */
	async forgetClosed(limit: number): Promise<number> {
		const result = await this.#db
			.deleteFrom('login_attempts')
			.where('client', 'in', (eb) =>
				eb
					.selectFrom('login_attempts')
					.select('client')
					.where('window_started_at', '<=', this.#closedBefore())
					.limit(limit)
			)
			.executeTakeFirst();
		return Number(result.numDeletedRows);
	}

	/** A window that started at or before this has closed. */
	#closedBefore(): string {
		return new Date(this.#now() - this.#limits.windowMs).toISOString();
	}
}
