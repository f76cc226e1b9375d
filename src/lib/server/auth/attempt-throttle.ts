/**
 * Guessing slowed down without locking anyone out: wrong passwords and PINs are counted per
 * counter — a source address, a staff name as typed, a paired screen (login-attempts.ts chooses)
 * — and a counter past its free failures makes its next attempt wait, twice as long after each
 * further failure, up to a cap. A wait is never a lock: once it is over the next attempt is
 * checked, and the right password clears the counters it went through.
 *
 * The numbers (LOGIN_BACKOFF):
 * - 5 failures free: a colleague's typos, a forgotten caps lock, never slowed down.
 * - then 1 s after the 6th failure, 2 s, 4 s, … doubling: a person trying again after a pause
 *   hardly notices the first waits; a guesser's rate halves with every miss.
 * - capped at 15 minutes (from the 16th failure on): a source that keeps guessing gets about 110
 *   tries a day (6 at once, 10 more over the growing waits' 8½ minutes, then 4 an hour), against
 *   passwords of 8 characters or more and PINs of 4 to 8 digits (a 4-digit PIN guessed at that
 *   rate on one screen: a month and a half on average). The cap bounds what a typo costs
 *   someone whose counter an attacker ran up; a longer one would only help an attacker holding
 *   it up.
 * - forgotten 24 hours after a counter's last failure, so an old run of typos is not held
 *   against anyone the next day.
 *
 * An attempt is counted before its check, in one conditional upsert that only a counter not
 * waiting passes: of many attempts at once — on one server or several sharing the store — one
 * past the free failures gets through and the rest wait; a success removes the count again. A
 * refused attempt is not counted, so hammering a waiting counter does not make it wait longer.
 * In the store, so kiosk servers sharing one database count together.
 */
import { sql } from 'kysely';
import type { Store, StoreDb } from '../store/store.ts';

export interface Backoff {
	/** Failures a counter may have before its attempts wait. */
	freeFailures: number;
	/** The wait after the first failure past the free ones; doubled after each further one. */
	firstWaitMs: number;
	/** The longest wait. */
	maxWaitMs: number;
	/** A counter without a failure for this long starts afresh. */
	forgetAfterMs: number;
}

export const LOGIN_BACKOFF: Backoff = {
	freeFailures: 5,
	firstWaitMs: 1_000,
	maxWaitMs: 15 * 60_000,
	forgetAfterMs: 24 * 3_600_000
};

/** How long a counter waits after its `failures`-th failure. */
export function waitAfter(failures: number, backoff: Backoff): number {
	const past = failures - backoff.freeFailures;
	if (past <= 0) return 0;
	return Math.min(backoff.firstWaitMs * 2 ** Math.min(past - 1, 40), backoff.maxWaitMs);
}

/** An attempt: `waitMs` 0 when it was counted and may go on to its check (or, peeked, would). */
export interface Attempt {
	waitMs: number;
	/** The counter's failures before this attempt (0: a counter with no failures). */
	failuresBefore: number;
}

export class AttemptThrottle {
	readonly #db: StoreDb;
	readonly #backoff: Backoff;
	readonly #now: () => number;

	constructor(store: Store, backoff = LOGIN_BACKOFF, now: () => number = Date.now) {
		this.#db = store.db;
		this.#backoff = backoff;
		this.#now = now;
	}

	/**
	 * Counts an attempt on `counter`, unless the counter is waiting: then it is refused, not
	 * counted, with the milliseconds left to wait.
	 */
	async attempt(counter: string): Promise<Attempt> {
		const now = await this.#forgetOld();
		const counted = await this.#count(counter, now, { unlessWaiting: true })
			.returning('failures')
			.executeTakeFirst();
		if (counted) return { waitMs: 0, failuresBefore: counted.failures - 1 };
		const waiting = await this.#db
			.selectFrom('attempt_counts')
			.select(['failures', 'blocked_until'])
			.where('key', '=', counter)
			.executeTakeFirst();
		// At least a moment: a refusal never reads as "go on", whatever another server's clock.
		const left = waiting ? Date.parse(waiting.blocked_until) - now : 0;
		return { waitMs: Math.max(1, left), failuresBefore: waiting?.failures ?? 0 };
	}

	/** Counts an attempt on `counter` whether or not it is waiting (it waits longer). */
	async count(counter: string): Promise<void> {
		await this.#count(counter, await this.#forgetOld(), { unlessWaiting: false }).execute();
	}

	/** Where a counter stands now, without counting: its failures and how long it still waits. */
	async peek(counter: string): Promise<Attempt> {
		const now = this.#now();
		const since = new Date(now - this.#backoff.forgetAfterMs).toISOString();
		const row = await this.#db
			.selectFrom('attempt_counts')
			.select(['failures', 'blocked_until'])
			.where('key', '=', counter)
			.where('last_failure_at', '>', since)
			.executeTakeFirst();
		return {
			waitMs: row ? Math.max(0, Date.parse(row.blocked_until) - now) : 0,
			failuresBefore: row?.failures ?? 0
		};
	}

	/** The attempt was right: its counters are cleared. */
	async succeed(...counters: string[]): Promise<void> {
		if (counters.length === 0) return;
		await this.#db.deleteFrom('attempt_counts').where('key', 'in', counters).execute();
	}

	/** Forgets counters past `forgetAfterMs` (the table holds only live ones); returns now. */
	async #forgetOld(): Promise<number> {
		const now = this.#now();
		const since = new Date(now - this.#backoff.forgetAfterMs).toISOString();
		await this.#db.deleteFrom('attempt_counts').where('last_failure_at', '<=', since).execute();
		return now;
	}

	/**
	 * The upsert adding one failure to `counter` and setting its wait from the new count; with
	 * `unlessWaiting`, a counter still waiting is left as it is (and the upsert returns no row).
	 */
	#count(counter: string, now: number, { unlessWaiting }: { unlessWaiting: boolean }) {
		const at = (failures: number) =>
			new Date(now + waitAfter(failures, this.#backoff)).toISOString();
		// The new count's wait, as one CASE over the counts whose waits differ (up to the cap).
		const steps: number[] = [];
		for (
			let failures = this.#backoff.freeFailures + 1;
			waitAfter(failures, this.#backoff) < this.#backoff.maxWaitMs;
			failures += 1
		) {
			steps.push(failures);
		}
		const next = sql<number>`attempt_counts.failures + 1`;
		const blockedUntil = sql<string>`case when ${next} <= ${this.#backoff.freeFailures} then ${at(0)} ${sql.join(
			steps.map((failures) => sql`when ${next} = ${failures} then ${at(failures)}`),
			sql` `
		)} else ${at(Number.MAX_SAFE_INTEGER)} end`;
		const nowIso = new Date(now).toISOString();
		return this.#db
			.insertInto('attempt_counts')
			.values({ key: counter, failures: 1, last_failure_at: nowIso, blocked_until: at(1) })
			.onConflict((conflict) => {
				const update = conflict.column('key').doUpdateSet({
					failures: next,
					last_failure_at: nowIso,
					blocked_until: blockedUntil
				});
				return unlessWaiting ? update.where('attempt_counts.blocked_until', '<=', nowIso) : update;
			});
	}
}
