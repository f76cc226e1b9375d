import { DatabaseSync } from 'node:sqlite';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openSqliteStore, type SqliteStore } from './sqlite-store.ts';

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
