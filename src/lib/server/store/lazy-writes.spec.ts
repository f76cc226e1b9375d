import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openSqliteStore } from './sqlite-store.ts';
import type { Store, StoreDb } from './store.ts';
import { ENGINES, openTestStore } from './testing/test-stores.ts';
import { WalSync } from './wal-sync.ts';

/**
 * Whether a commit in `db` waits for the disk, as the engine tells: on SQLite, whether the
 * driver waits for the write-ahead log's flush after a write there (wal-sync.ts); on PostgreSQL,
 * `synchronous_commit` ('on' by default; the test cluster runs with 'off' throughout, so there
 * only the lazy connections' own setting is seen).
 */
async function commitSetting(store: Store, db: StoreDb): Promise<string> {
	if (store.engine === 'sqlite') {
		const flushes = vi.spyOn(WalSync.prototype, 'synced');
		try {
			await db
				.insertInto('settings')
				.values(setting(`probe-${Math.random()}`))
				.execute();
			return flushes.mock.calls.length > 0 ? 'waits' : 'lazy';
		} finally {
			flushes.mockRestore();
		}
	}
	const { rows } = await sql<{ synchronous_commit: string }>`SHOW synchronous_commit`.execute(db);
	return rows[0]!.synchronous_commit;
}

const LAZY = { sqlite: 'lazy', postgres: 'off' } as const;

/** `run` as the statement of a lazy write, so it runs where that statement would. */
const asStatement =
	<T>(run: (db: StoreDb) => Promise<T>) =>
	(db: StoreDb) => ({ execute: () => run(db) });

/** A SQLite store in a file (an in-memory one has no log to flush), or a PostgreSQL schema. */
async function openStore(engine: (typeof ENGINES)[number]): Promise<Store> {
	if (engine === 'postgres') return openTestStore(engine);
	const dir = mkdtempSync(join(tmpdir(), 'kiosk-lazy-'));
	const store = openSqliteStore(dir);
	return {
		...store,
		close: async () => {
			await store.close();
			rmSync(dir, { recursive: true, force: true });
		}
	};
}

const setting = (key: string) => ({ key, value: 'on' });

describe.each(ENGINES)('lazy writes (%s)', (engine) => {
	let store: Store;

	beforeEach(async () => {
		store = await openStore(engine);
	});

	afterEach(async () => {
		await store.close();
	});

	it('commits lazily only inside writeLazily', async () => {
		const before = await commitSetting(store, store.db);
		if (engine === 'sqlite') expect(before).toBe('waits');
		expect(await store.writeLazily(asStatement((db) => commitSetting(store, db)))).toBe(
			LAZY[engine]
		);
		expect(await commitSetting(store, store.db)).toBe(before);
	});

	it('answers what its statement answers, written and seen at once', async () => {
		const inserted = await store.writeLazily((db) =>
			db
				.insertInto('settings')
				.values([setting('a'), setting('b')])
				.returning('key')
		);
		expect(inserted).toEqual([{ key: 'a' }, { key: 'b' }]);
		const rows = await store.db
			.selectFrom('settings')
			.select('key')
			.where('key', 'in', ['a', 'b'])
			.orderBy('key')
			.execute();
		expect(rows.map((row) => row.key)).toEqual(['a', 'b']);
	});

	it('writes nothing of a statement that fails, and the next commit is as before', async () => {
		const before = await commitSetting(store, store.db);
		// The second row's key is the first's: the statement fails as a whole.
		await expect(
			store.writeLazily((db) => db.insertInto('settings').values([setting('a'), setting('a')]))
		).rejects.toThrow();
		const keys = await store.db.selectFrom('settings').select('key').execute();
		expect(keys.filter(({ key }) => !key.startsWith('probe-'))).toEqual([]);
		expect(await commitSetting(store, store.db)).toBe(before);
	});

	it.runIf(engine === 'postgres')(
		"sets synchronous_commit off on the lazy writes' own connections only",
		async () => {
			const setting = async (db: StoreDb) =>
				(
					await sql<{ setting: string; source: string }>`
						SELECT setting, source FROM pg_settings WHERE name = 'synchronous_commit'`.execute(db)
				).rows[0]!;
			// 'client': set as the connection was opened, not by a statement of the transaction.
			const lazy = await store.writeLazily(asStatement(setting));
			expect(lazy).toEqual({ setting: 'off', source: 'client' });
			const others = await Promise.all(
				Array.from({ length: 4 }, () => store.db.transaction().execute(setting))
			);
			for (const other of others) expect(other.source).not.toBe('client');
		}
	);

	it('leaves the writes that run meanwhile as they were', async () => {
		const before = await commitSetting(store, store.db);
		let meanwhile: Promise<string> | undefined;
		await store.writeLazily(
			asStatement((db) => {
				meanwhile = commitSetting(store, store.db);
				return db.insertInto('settings').values(setting('a')).execute();
			})
		);
		expect(await meanwhile).toBe(before);
	});
});
