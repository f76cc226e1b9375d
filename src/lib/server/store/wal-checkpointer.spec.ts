import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openSqliteStore, type SqliteStore } from './sqlite-store.ts';
import { WalCheckpointer } from './wal-checkpointer.ts';

const autocheckpoint = (database: DatabaseSync) =>
	(database.prepare('PRAGMA wal_autocheckpoint').get() as { wal_autocheckpoint: number })
		.wal_autocheckpoint;

describe('WalCheckpointer', () => {
	let dir: string;
	beforeEach(() => void (dir = mkdtempSync(join(tmpdir(), 'checkpointer-'))));
	afterEach(() => rmSync(dir, { recursive: true, force: true }));

	describe('in a file store', () => {
		let store: SqliteStore;
		beforeEach(() => void (store = openSqliteStore(dir)));
		afterEach(() => store.close());

		it("leaves the store's connection without checkpoints of its own", async () => {
			const { rows } = await sql<{
				wal_autocheckpoint: number;
			}>`PRAGMA wal_autocheckpoint`.execute(store.db);
			expect(rows[0]!.wal_autocheckpoint).toBe(0);
		});

		it('copies commits into the database file from its own thread, below SQLite’s threshold', async () => {
			await sql`CREATE TABLE filler (text TEXT)`.execute(store.db);
			const databaseFile = join(dir, 'kiosk.sqlite');
			const before = statSync(databaseFile).size;
			// Some 250 pages of 4 KiB: a quarter of what makes SQLite checkpoint in a commit.
			for (let row = 0; row < 50; row += 1)
				await sql`INSERT INTO filler VALUES (${'x'.repeat(20_000)})`.execute(store.db);
			await expect.poll(() => statSync(databaseFile).size).toBeGreaterThan(before + 900_000);
		});
	});

	it('hands checkpoints back to the connection when its thread cannot run', async () => {
		const database = new DatabaseSync(join(dir, 'store.sqlite'));
		database.exec('PRAGMA journal_mode = WAL');
		const fellBack = new Promise<Error>((resolve) => {
			new WalCheckpointer(database, join(dir, 'missing', 'store.sqlite'), {
				everyMs: 10,
				onFallback: resolve
			});
		});
		expect(autocheckpoint(database)).toBe(0);
		expect((await fellBack).message).toMatch(/unable to open|ended/);
		expect(autocheckpoint(database)).toBe(1000);
		database.close();
	});

	it('closes without falling back', async () => {
		const database = new DatabaseSync(join(dir, 'store.sqlite'));
		database.exec('PRAGMA journal_mode = WAL');
		const onFallback = vi.fn();
		const checkpointer = new WalCheckpointer(database, join(dir, 'store.sqlite'), {
			everyMs: 10,
			onFallback
		});
		await checkpointer.close();
		database.close();
		expect(onFallback).not.toHaveBeenCalled();
	});
});
