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
 * compare as text). The statements name the table and its columns at run time (one module for
 * every queue), so they are written with Kysely's `sql` tag; they run as they are on both engines.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Engine, StoreDb } from './store.ts';

export interface LeasedQueue {
	table: string;
	/** The primary key column. */
	key: string;
	/** The condition of a row that still has work (e.g. sql`state = 'pending'`). */
	open: RawBuilder<unknown>;
}

export interface Claim {
	/** Who claims: unique per worker and process. */
	owner: string;
	now: Date;
	leaseMs: number;
	limit: number;
}

/** Column → new value: a plain value is bound, an `sql` expression is written as it is. */
export type Assignments = Record<string, unknown>;

/**
 * How the due rows are picked so that two claims running at once never take the same row.
 * SQLite writes one statement at a time (the whole file is locked), so the single UPDATE is
 * already atomic. PostgreSQL runs claims side by side: `FOR UPDATE SKIP LOCKED` locks the rows
 * picked and lets a second claim pass over them to other due rows instead of waiting for the
 * first (and then re-checks a row committed meanwhile, whose new lease no longer makes it due).
 */
function lockPickedRows(engine: Engine): RawBuilder<unknown> {
	return engine === 'postgres' ? sql`FOR UPDATE SKIP LOCKED` : sql``;
}

/** Takes up to `limit` open rows that are due and not leased by anyone else; returns them. */
export async function claimDue<Row>(
	db: StoreDb,
	engine: Engine,
	queue: LeasedQueue,
	claim: Claim
): Promise<Row[]> {
	const now = claim.now.toISOString();
	const until = new Date(claim.now.getTime() + claim.leaseMs).toISOString();
	const table = sql.table(queue.table);
	const key = sql.ref(queue.key);
	const { rows } = await sql<Row>`
		UPDATE ${table} SET lease_owner = ${claim.owner}, lease_until = ${until}
		WHERE ${key} IN (
			SELECT ${key} FROM ${table}
			WHERE ${queue.open} AND next_attempt_at <= ${now}
				AND (lease_until IS NULL OR lease_until <= ${now})
			ORDER BY next_attempt_at, ${key} LIMIT ${claim.limit} ${lockPickedRows(engine)})
		RETURNING *`.execute(db);
	return rows;
}

/** Extends the leases `owner` holds on open rows: it is still working them. */
export async function renewClaims(
	db: StoreDb,
	queue: LeasedQueue,
	claim: Pick<Claim, 'owner' | 'now' | 'leaseMs'>
): Promise<void> {
	const until = new Date(claim.now.getTime() + claim.leaseMs).toISOString();
	await sql`UPDATE ${sql.table(queue.table)} SET lease_until = ${until}
		WHERE lease_owner = ${claim.owner} AND ${queue.open}`.execute(db);
}

/**
 * Updates a claimed row with `assignments` and releases the lease, only while `owner` still
 * holds it; false when the lease was lost (another worker has the row).
 */
export async function settleClaimed(
	db: StoreDb,
	queue: LeasedQueue,
	row: { key: string | number; owner: string },
	assignments: Assignments
): Promise<boolean> {
	const set = sql.join(
		Object.entries(assignments).map(([column, value]) => sql`${sql.ref(column)} = ${value}`)
	);
	const result = await sql`UPDATE ${sql.table(queue.table)}
		SET ${set}, lease_owner = NULL, lease_until = NULL
		WHERE ${sql.ref(queue.key)} = ${row.key} AND lease_owner = ${row.owner}`.execute(db);
	return result.numAffectedRows === 1n;
}
