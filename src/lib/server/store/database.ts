/**
 * The server's store: one SQLite file under DATA_DIR through Node's built-in `node:sqlite`
 * (no native build), write-ahead logging, foreign keys on, migrations applied on open. The folder
 * and its files are its owner's only (data-dir.ts). Migrations commit with `synchronous` FULL;
 * then the store commits with NORMAL, and the driver flushes the log off the event loop before a
 * commit's caller goes on (wal-sync.ts), but for the ones a caller asks to write lazily (Store
 * `writeLazily`).
 */
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { createPrivateFile, prepareDataDir } from './data-dir.ts';
import { migrations } from './sqlite-migrations.ts';

export type Database = DatabaseSync;

/** Opens (creating if needed) `kiosk.sqlite` in `dataDir`, or an in-memory store for ':memory:'. */
export function openDatabase(dataDir: string): Database {
	let location = ':memory:';
	if (dataDir !== ':memory:') {
		prepareDataDir(dataDir);
		location = join(dataDir, 'kiosk.sqlite');
		createPrivateFile(location);
	}
	const db = new DatabaseSync(location);
	db.exec(
		'PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;'
	);
	migrate(db);
	db.exec('PRAGMA synchronous = NORMAL');
	return db;
}

/**
 * Applies the pending migrations, each in a transaction. Foreign keys are off meanwhile (they
 * cannot change inside a transaction), so a migration may rebuild a table others refer to, as
 * SQLite documents ("Making Other Kinds Of Table Schema Changes"); each migration must leave
 * every reference intact (`foreign_key_check`) or it is rolled back.
 */
export function migrate(db: Database): void {
	const { user_version: applied } = db.prepare('PRAGMA user_version').get() as {
		user_version: number;
	};
	if (applied >= migrations.length) return;
	db.exec('PRAGMA foreign_keys = OFF');
	try {
		for (let index = applied; index < migrations.length; index += 1) {
			transaction(db, () => {
				db.exec(migrations[index]!);
				const broken = db.prepare('PRAGMA foreign_key_check').all();
				if (broken.length > 0) {
					throw new Error(`migration ${index + 1} broke ${broken.length} references`);
				}
				db.exec(`PRAGMA user_version = ${index + 1}`);
			});
		}
	} finally {
		db.exec('PRAGMA foreign_keys = ON');
	}
}

/** Runs `work` atomically. */
function transaction<T>(db: Database, work: () => T): T {
	db.exec('BEGIN IMMEDIATE');
	try {
		const result = work();
		db.exec('COMMIT');
		return result;
	} catch (error) {
		db.exec('ROLLBACK');
		throw error;
	}
}
