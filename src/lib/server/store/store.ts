/**
 * The server's store, on either engine: SQLite through `node:sqlite` (the embedded
 * default: one file under DATA_DIR) or PostgreSQL (`DATABASE_URL`, shared by several kiosk
 * servers). Both are reached through one Kysely query builder over one table description
 * (tables.ts), so every repository runs the same code on both; the few places where the engines
 * differ ask `engine`.
 */
import type { Kysely } from 'kysely';
import type { ChangeNotices } from './change-notices.ts';
import type { KioskTables } from './tables.ts';

export type Engine = 'sqlite' | 'postgres';

/** The query builder of the store, or of one of its transactions. */
export type StoreDb = Kysely<KioskTables>;

/** One statement of the query builder, ready to run (an insert, update, delete or select). */
export interface Statement<Result> {
	execute(): Promise<Result>;
}

export interface Store {
	readonly engine: Engine;
	readonly db: StoreDb;
	/** Tells the other servers on this store (and this one) that something changed. */
	readonly notices: ChangeNotices;
	/**
	 * Runs one statement, built by `statement` on the store's query builder, with a commit that
	 * does not wait for the disk. Every other commit of the store does: it is on disk before the
	 * caller goes on. A lazy commit is seen at once by every reader, survives a crash of the kiosk
	 * server (and of PostgreSQL's server process), and is on disk with the next durable commit,
	 * since both engines write one log in order (SQLite's write-ahead log, not flushed for this
	 * commit, PostgreSQL's asynchronous commit); only a power cut or an operating system crash
	 * before then loses it.
	 * So it is for writes whose loss costs no money and breaks no promise to a guest: a sale
	 * priced but not yet paid, a rendezvous row. Never for a journal entry or a money state.
	 * One statement, which commits alone: no transaction around it, whose BEGIN and COMMIT would
	 * be two more round trips on PostgreSQL for an atomicity one statement has anyway.
	 */
	writeLazily<Result>(statement: (db: StoreDb) => Statement<Result>): Promise<Result>;
	close(): Promise<void>;
}

/**
 * Whether other kiosk servers may write this store too: PostgreSQL, shared by several. On SQLite
 * this server is the store's one writer (docs/server.md), so whatever changes it changed here.
 */
export const sharedWithOtherServers = (store: Pick<Store, 'engine'>): boolean =>
	store.engine !== 'sqlite';

/**
 * Whether an insert, update or delete touched exactly one row (Kysely reports counts as bigint;
 * an insert that met its conflict and did nothing reports none).
 */
export function touchedOne(result: {
	numUpdatedRows?: bigint;
	numDeletedRows?: bigint;
	numInsertedOrUpdatedRows?: bigint;
}): boolean {
	return (result.numUpdatedRows ?? result.numDeletedRows ?? result.numInsertedOrUpdatedRows) === 1n;
}
