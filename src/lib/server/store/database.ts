/**
 * The server's store: one SQLite file under DATA_DIR through Node's built-in `node:sqlite`
 * (no native build), write-ahead logging, foreign keys on, migrations applied on open.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { migrations } from './migrations.ts';

export type Database = DatabaseSync;

/** Opens (creating if needed) `kiosk.sqlite` in `dataDir`, or an in-memory store for ':memory:'. */
export function openDatabase(dataDir: string): Database {
	let location = ':memory:';
	if (dataDir !== ':memory:') {
		mkdirSync(dataDir, { recursive: true, mode: 0o700 });
		location = join(dataDir, 'kiosk.sqlite');
	}
	const db = new DatabaseSync(location);
	db.exec('PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;');
	migrate(db);
	return db;
}

export function migrate(db: Database): void {
	const { user_version: applied } = db.prepare('PRAGMA user_version').get() as {
		user_version: number;
	};
	for (let index = applied; index < migrations.length; index += 1) {
		transaction(db, () => {
			db.exec(migrations[index]!);
			db.exec(`PRAGMA user_version = ${index + 1}`);
		});
	}
}

/** Runs `work` atomically. */
export function transaction<T>(db: Database, work: () => T): T {
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
