/**
 * The embedded store: SQLite (database.ts opens the file and applies sqlite-migrations.ts) under
 * Kysely through node-sqlite-dialect.ts.
 */
import { Kysely } from 'kysely';
import { LocalNotices } from './change-notices.ts';
import { openDatabase } from './database.ts';
import { NodeSqliteDialect } from './node-sqlite-dialect.ts';
import { WalSync } from './wal-sync.ts';
import type { Store } from './store.ts';
import type { KioskTables } from './tables.ts';

export interface SqliteStore extends Store {
	readonly engine: 'sqlite';
}

/** Opens (creating if needed) `kiosk.sqlite` in `dataDir`, or an in-memory store for ':memory:'. */
export function openSqliteStore(dataDir: string): SqliteStore {
	const database = openDatabase(dataDir);
	const file = database.location();
	const wal = file ? WalSync.ofFile(`${file}-wal`) : null;
	const dialect = new NodeSqliteDialect(database, wal);
	const db = new Kysely<KioskTables>({ dialect });
	const notices = new LocalNotices();
	return {
		engine: 'sqlite',
		db,
		notices,
		// On the one connection, held throughout: no other commit skips the disk with it.
		writeLazily: (work) =>
			db
				.connection()
				.execute((connection) => dialect.lazily(() => connection.transaction().execute(work))),
		// Closed at once (a test may open the file again right after); Kysely holds nothing of
		// its own to release for this dialect.
		async close() {
			await notices.close();
			database.close();
			wal?.close();
			await db.destroy();
		}
	};
}
