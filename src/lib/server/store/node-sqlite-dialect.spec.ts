import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openSqliteStore, type SqliteStore } from './sqlite-store.ts';
import type { StoreDb } from './store.ts';
import { WalSync } from './wal-sync.ts';

describe('node:sqlite dialect', () => {
	let store: SqliteStore;
	let prepared: string[];

	beforeEach(() => {
		store = openSqliteStore(':memory:');
		prepared = [];
		const prepare = DatabaseSync.prototype.prepare;
		vi.spyOn(DatabaseSync.prototype, 'prepare').mockImplementation(function (
			this: DatabaseSync,
			sql
		) {
			prepared.push(sql);
			return prepare.call(this, sql);
		});
	});

	afterEach(async () => {
		vi.restoreAllMocks();
		await store.close();
	});

	const write = (key: string, value: string) =>
		store.db
			.insertInto('settings')
			.values({ key, value })
			.onConflict((conflict) => conflict.column('key').doUpdateSet({ value }))
			.execute();
	const read = (key: string) =>
		store.db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();

	it('prepares each query once, however often it runs', async () => {
		for (let index = 0; index < 5; index += 1) {
			await write(`key-${index}`, String(index));
			expect(await read(`key-${index}`)).toEqual({ value: String(index) });
		}
		expect(prepared).toHaveLength(2);
	});

	it('gives rows of reads and of writes with RETURNING, counts of other writes', async () => {
		const inserted = await store.db
			.insertInto('settings')
			.values({ key: 'a', value: '1' })
			.returning('key')
			.execute();
		expect(inserted).toEqual([{ key: 'a' }]);
		const updated = await store.db
			.updateTable('settings')
			.set({ value: '2' })
			.where('key', '=', 'a')
			.executeTakeFirst();
		expect(updated.numUpdatedRows).toBe(1n);
		expect(await read('a')).toEqual({ value: '2' });
	});

	it('keeps a bounded number of statements, the least recently used let go first', async () => {
		const distinct = (index: number) =>
			sql`SELECT ${sql.raw(String(index))} AS n`.execute(store.db);
		await distinct(0);
		for (let index = 1; index <= 500; index += 1) await distinct(index);
		await distinct(500);
		expect(prepared).toHaveLength(501);
		await distinct(0);
		expect(prepared).toHaveLength(502);
	});
});

describe('node:sqlite dialect: a commit is on disk before its caller goes on', () => {
	let dir: string;
	let store: SqliteStore;
	/** Flushes asked for; each ends when the test ends it. */
	let flushes: (() => void)[];
	/** What happened, in order. */
	let events: string[];

	beforeEach(() => {
		dir = mkdtempSync(join(tmpdir(), 'kiosk-dialect-'));
		store = openSqliteStore(dir);
		flushes = [];
		events = [];
		vi.spyOn(WalSync.prototype, 'synced').mockImplementation(
			() =>
				new Promise<void>((end) => {
					events.push('flush asked');
					flushes.push(() => {
						events.push('flushed');
						end();
					});
				})
		);
	});

	afterEach(async () => {
		vi.restoreAllMocks();
		await store.close();
		rmSync(dir, { recursive: true, force: true });
	});

	const insert = (key: string, db: StoreDb = store.db) =>
		db.insertInto('settings').values({ key, value: 'v' });
	const keys = async () =>
		(await store.db.selectFrom('settings').select('key').orderBy('key').execute()).map(
			(row) => row.key
		);
	/** Lets every pending promise reaction run. */
	const settle = () => new Promise((resolve) => setImmediate(resolve));

	it('a transaction ends only after the flush asked for once it committed', async () => {
		const transaction = store.db
			.transaction()
			.execute(async (trx) => {
				await insert('a', trx).execute();
				events.push('committing');
			})
			.then(() => events.push('caller goes on'));
		await settle();
		expect(events).toEqual(['committing', 'flush asked']);
		flushes[0]!();
		await transaction;
		expect(events).toEqual(['committing', 'flush asked', 'flushed', 'caller goes on']);
	});

	it('other queries run while a commit waits for the disk', async () => {
		const transaction = store.db.transaction().execute((trx) => insert('a', trx).execute());
		await settle();
		expect(flushes).toHaveLength(1);
		expect(await keys()).toEqual(['a']);
		flushes[0]!();
		await transaction;
	});

	it('a write on its own waits for the flush; a read and a rolled back transaction do not', async () => {
		let written = false;
		const write = insert('b')
			.execute()
			.then(() => (written = true));
		await settle();
		expect(flushes).toHaveLength(1);
		expect(written).toBe(false);
		flushes[0]!();
		await write;
		await keys();
		await expect(
			store.db.transaction().execute(async (trx) => {
				await insert('c', trx).execute();
				throw new Error('refused');
			})
		).rejects.toThrow('refused');
		expect(flushes).toHaveLength(1);
		expect(await keys()).toEqual(['b']);
	});

	it('a lazy write does not wait for the disk', async () => {
		await store.writeLazily((db) => db.insertInto('settings').values({ key: 'd', value: 'v' }));
		expect(flushes).toHaveLength(0);
		expect(await keys()).toEqual(['d']);
	});
});
