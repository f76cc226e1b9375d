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

export interface Store {
	readonly engine: Engine;
	readonly db: StoreDb;
	/** Tells the other servers on this store (and this one) that something changed. */
	readonly notices: ChangeNotices;
	close(): Promise<void>;
}

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
