/**
 * The embedded store: SQLite (database.ts opens the file and applies sqlite-migrations.ts) under
 * Kysely through node-sqlite-dialect.ts; a file store's log is flushed (wal-sync.ts) and
 * checkpointed (wal-checkpointer.ts) off the event loop.
 */
import { Kysely } from 'kysely';
import { log } from '../logging/logger.ts';
import { observeCommit } from '../metrics/store-commits.ts';
import { LocalNotices } from './change-notices.ts';
import { openDatabase } from './database.ts';
import { NodeSqliteDialect } from './node-sqlite-dialect.ts';
import { timedCommits } from './timed-commits.ts';
import { WalCheckpointer } from './wal-checkpointer.ts';
import { WalSync } from './wal-sync.ts';
import type { Store } from './store.ts';
import type { KioskTables } from './tables.ts';

export interface SqliteStore extends Store {
	readonly engine: 'sqlite';
}

/**
 * How often the log is checkpointed: at a hundred sales a second the log grows by some 10 MB in
 * between, which the next checkpoint copies in well under this time.
 */
const CHECKPOINT_EVERY_MS = 500;

/** Opens (creating if needed) `kiosk.sqlite` in `dataDir`, or an in-memory store for ':memory:'. */
export function openSqliteStore(dataDir: string): SqliteStore {
	const database = openDatabase(dataDir);
	const file = database.location();
	const wal = file ? WalSync.ofFile(`${file}-wal`) : null;
	if (wal) wal.onBroken = (error) => log.error(error.message);
	const checkpointer = file
		? new WalCheckpointer(database, file, {
				everyMs: CHECKPOINT_EVERY_MS,
				onFallback: (reason) =>
					log.error(`Store checkpoints back on the server's thread: ${reason.message}`)
			})
		: null;
	const dialect = new NodeSqliteDialect(database, wal);
	const db = new Kysely<KioskTables>({
		dialect: timedCommits(dialect, (seconds) => observeCommit('sqlite', seconds))
	});
	const notices = new LocalNotices();
	return {
		engine: 'sqlite',
		db,
		notices,
		// On the one connection, held throughout: no other commit skips the disk with it.
		writeLazily: (statement) =>
			db
				.connection()
				.execute((connection) => dialect.lazily(() => statement(connection).execute())),
		// Closed at once (a test may open the file again right after); Kysely holds nothing of
		// its own to release for this dialect.
		async close() {
			await notices.close();
			await checkpointer?.close();
			database.close();
			wal?.close();
			await db.destroy();
		}
	};
}
