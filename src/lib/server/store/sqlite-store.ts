/**
 * The embedded store: SQLite (database.ts opens the file and applies sqlite-migrations.ts) under
 * Kysely through node-sqlite-dialect.ts.
 */
import { Kysely } from 'kysely';
import { LocalNotices } from './change-notices.ts';
import { DURABLE, openDatabase } from './database.ts';
import { NodeSqliteDialect } from './node-sqlite-dialect.ts';
import type { Store } from './store.ts';
import type { KioskTables } from './tables.ts';

export interface SqliteStore extends Store {
	readonly engine: 'sqlite';
}

/** Opens (creating if needed) `kiosk.sqlite` in `dataDir`, or an in-memory store for ':memory:'. */
export function openSqliteStore(dataDir: string): SqliteStore {
	const database = openDatabase(dataDir);
	const db = new Kysely<KioskTables>({ dialect: new NodeSqliteDialect(database) });
	const notices = new LocalNotices();
	return {
		engine: 'sqlite',
		db,
		notices,
		// `synchronous` may not change inside a transaction: set around it, on the one connection.
		writeLazily: (work) =>
			db.connection().execute(async (connection) => {
				database.exec('PRAGMA synchronous = NORMAL');
				try {
					return await connection.transaction().execute(work);
				} finally {
					database.exec(`PRAGMA synchronous = ${DURABLE}`);
				}
			}),
		// Closed at once (a test may open the file again right after); Kysely holds nothing of
		// its own to release for this dialect.
		async close() {
			await notices.close();
			database.close();
			await db.destroy();
		}
	};
}
