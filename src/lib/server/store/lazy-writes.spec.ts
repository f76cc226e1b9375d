import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store, StoreDb } from './store.ts';
import { ENGINES, openTestStore } from './testing/test-stores.ts';

/**
 * How a commit in `db` meets the disk, as the engine says: SQLite's `synchronous` (2: FULL, waits;
 * 1: NORMAL) or PostgreSQL's `synchronous_commit` ('on' by default; the test cluster runs with
 * 'off' throughout, so there only the lazy transaction's own setting and its end are seen).
 */
async function commitSetting(store: Store, db: StoreDb): Promise<string> {
	if (store.engine === 'sqlite') {
		const { rows } = await sql<{ synchronous: number }>`PRAGMA synchronous`.execute(db);
		return String(rows[0]!.synchronous);
	}
	const { rows } = await sql<{ synchronous_commit: string }>`SHOW synchronous_commit`.execute(db);
	return rows[0]!.synchronous_commit;
}

const LAZY = { sqlite: '1', postgres: 'off' } as const;

const setting = (key: string) => ({ key, value: 'on' });

describe.each(ENGINES)('lazy writes (%s)', (engine) => {
	let store: Store;

	beforeEach(async () => {
		store = await openTestStore(engine);
	});

	afterEach(async () => {
		await store.close();
	});

	it('commits lazily only inside writeLazily', async () => {
		const before = await commitSetting(store, store.db);
		if (engine === 'sqlite') expect(before).toBe('2');
		expect(await store.writeLazily((db) => commitSetting(store, db))).toBe(LAZY[engine]);
		expect(await commitSetting(store, store.db)).toBe(before);
	});

	it('writes all of its work in one transaction, seen at once', async () => {
		await store.writeLazily(async (db) => {
			await db.insertInto('settings').values(setting('a')).execute();
			await db.insertInto('settings').values(setting('b')).execute();
		});
		const rows = await store.db.selectFrom('settings').select('key').orderBy('key').execute();
		expect(rows.map((row) => row.key)).toEqual(['a', 'b']);
	});

	it('writes nothing of work that fails, and the next commit is as before', async () => {
		const before = await commitSetting(store, store.db);
		await expect(
			store.writeLazily(async (db) => {
				await db.insertInto('settings').values(setting('a')).execute();
				throw new Error('refused');
			})
		).rejects.toThrow('refused');
		expect(await store.db.selectFrom('settings').select('key').execute()).toEqual([]);
		expect(await commitSetting(store, store.db)).toBe(before);
	});

	it('leaves the writes that run meanwhile as they were', async () => {
		const before = await commitSetting(store, store.db);
		let meanwhile: Promise<string> | undefined;
		await store.writeLazily(async (db) => {
			meanwhile = commitSetting(store, store.db);
			await db.insertInto('settings').values(setting('a')).execute();
		});
		expect(await meanwhile).toBe(before);
	});
});
