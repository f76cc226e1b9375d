/**
 * Claimed rows with a lease: the queue primitive of the order inbox and the step outbox. A
 * worker takes due rows by writing its name and a deadline into them in one statement, and
 * settles a row only while it still holds it. So two workers — two kiosk servers on one
 * database, or a restarted server while an old lease runs — never work a row at the same time,
 * and the rows of a worker that died become due again when its lease ends. No in-memory flag
 * decides who works a row.
 *
 * A lease is short and renewed while its worker is busy (`renewClaims`), so the rows of a worker
 * killed mid-call are due again within one lease, not after the longest call could take.
 *
 * A queue table has `next_attempt_at`, `lease_owner` and `lease_until` columns (ISO times, which
 * compare as text).
 */
import type { Database } from './database.ts';

export interface LeasedQueue {
	table: string;
	/** The primary key column. */
	key: string;
	/** The SQL condition of a row that still has work (e.g. `state = 'pending'`). */
	open: string;
}

export interface Claim {
	/** Who claims: unique per worker and process. */
	owner: string;
	now: Date;
	leaseMs: number;
	limit: number;
}

/** Takes up to `limit` open rows that are due and not leased by anyone else; returns them. */
export function claimDue<Row>(db: Database, queue: LeasedQueue, claim: Claim): Row[] {
	const now = claim.now.toISOString();
	const until = new Date(claim.now.getTime() + claim.leaseMs).toISOString();
	return db
		.prepare(
			`UPDATE ${queue.table} SET lease_owner = ?, lease_until = ?
			 WHERE ${queue.key} IN (
				SELECT ${queue.key} FROM ${queue.table}
				WHERE ${queue.open} AND next_attempt_at <= ? AND (lease_until IS NULL OR lease_until <= ?)
				ORDER BY next_attempt_at LIMIT ?)
			 RETURNING *`
		)
		.all(claim.owner, until, now, now, claim.limit) as unknown as Row[];
}

/** Extends the leases `owner` holds on open rows: it is still working them. */
export function renewClaims(
	db: Database,
	queue: LeasedQueue,
	claim: Pick<Claim, 'owner' | 'now' | 'leaseMs'>
): void {
	const until = new Date(claim.now.getTime() + claim.leaseMs).toISOString();
	db.prepare(
		`UPDATE ${queue.table} SET lease_until = ? WHERE lease_owner = ? AND ${queue.open}`
	).run(until, claim.owner);
}

/**
 * Updates a claimed row with `assignments` (SQL `column = ?` list) and releases the lease, only
 * while `owner` still holds it; false when the lease was lost (another worker has the row).
 */
export function settleClaimed(
	db: Database,
	queue: LeasedQueue,
	row: { key: string | number; owner: string },
	assignments: string,
	values: (string | number | null)[]
): boolean {
	const { changes } = db
		.prepare(
			`UPDATE ${queue.table} SET ${assignments}, lease_owner = NULL, lease_until = NULL
			 WHERE ${queue.key} = ? AND lease_owner = ?`
		)
		.run(...values, row.key, row.owner);
	return Number(changes) === 1;
}
