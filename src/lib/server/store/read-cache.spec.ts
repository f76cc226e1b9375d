import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Settings } from '../settings.ts';
import type { PostgresNotices } from './change-notices.ts';
import { SHARED_STORE_MAX_AGE_MS, StoreReadCache } from './read-cache.ts';
import type { Store } from './store.ts';
import { ENGINES, openSharedTestStores, openTestStore, runsOn } from './testing/test-stores.ts';

/** A load the test finishes when it likes. */
function pending<Value>() {
	let finish!: (value: Value) => void;
	const promise = new Promise<Value>((resolve) => (finish = resolve));
	return { promise, finish };
}

describe.each(ENGINES)('the store read cache on %s', (engine) => {
	let store: Store;
	beforeEach(async () => {
		store = await openTestStore(engine);
	});
	afterEach(() => store.close());

	/** A write past the Settings, which on SQLite no server makes: shows what a read serves. */
	const writeBehind = (key: string, value: unknown) =>
		store.db
			.updateTable('settings')
			.set({ value: JSON.stringify(value) })
			.where('key', '=', key)
			.execute();

	it('keeps a setting until it changes on SQLite, for at most a second on PostgreSQL', async () => {
		let now = 0;
		const cache = new StoreReadCache<unknown>(store, 'settings', {
			keptOnSharedStore: true,
			now: () => now
		});
		const read = () =>
			cache.read('kiosk', async () => {
				const row = await store.db
					.selectFrom('settings')
					.select('value')
					.where('key', '=', 'kiosk')
					.executeTakeFirstOrThrow();
				return JSON.parse(row.value);
			});
		await new Settings(store).set('kiosk', { idleSeconds: 60 });
		expect(await read()).toEqual({ idleSeconds: 60 });
		await writeBehind('kiosk', { idleSeconds: 90 });
		now += SHARED_STORE_MAX_AGE_MS - 1;
		expect(await read()).toEqual({ idleSeconds: 60 });
		now += 1;
		expect(await read()).toEqual({ idleSeconds: engine === 'sqlite' ? 60 : 90 });
	});

	it('never keeps what must end at once on every server, on PostgreSQL', async () => {
		const cache = new StoreReadCache<string>(store, 'test');
		await cache.read('key', async () => 'first');
		expect(await cache.read('key', async () => 'second')).toBe(
			engine === 'sqlite' ? 'first' : 'second'
		);
	});

	it('reads a setting again once it is set, removed, or set through another Settings', async () => {
		// On PostgreSQL another Settings is as another server: it learns of a change by its notice.
		const settings = new Settings(store);
		const other = new Settings(store);
		if (engine === 'postgres') await (store.notices as PostgresNotices).ready();
		const seen = (value: unknown) =>
			expect
				.poll(() => settings.get('kiosk'), { timeout: SHARED_STORE_MAX_AGE_MS / 2 })
				.toEqual(value);
		expect(await settings.get('kiosk')).toBeUndefined();
		await other.setIfAbsent('kiosk', { idleSeconds: 60 });
		await seen({ idleSeconds: 60 });
		await other.set('kiosk', { idleSeconds: 90 });
		await seen({ idleSeconds: 90 });
		await other.remove('kiosk');
		await seen(undefined);
	});

	it('hands every reader a value of its own', async () => {
		const settings = new Settings(store);
		await settings.set('kiosk', { idleSeconds: 60 });
		(await settings.get<{ idleSeconds: number }>('kiosk'))!.idleSeconds = 5;
		expect(await settings.get('kiosk')).toEqual({ idleSeconds: 60 });
	});

	it.runIf(engine === 'sqlite')(
		'does not keep a read that was under way during a change',
		async () => {
			const cache = new StoreReadCache<string>(store, 'test');
			const before = pending<string>();
			const reading = cache.read('key', () => before.promise);
			await cache.changed('key');
			before.finish('before the change');
			expect(await reading).toBe('before the change');
			expect(await cache.read('key', async () => 'after the change')).toBe('after the change');
		}
	);

	it.runIf(engine === 'sqlite')(
		'keeps neither a failed load nor one it is told not to',
		async () => {
			const cache = new StoreReadCache<string | undefined>(store, 'test');
			await expect(cache.read('key', () => Promise.reject(new Error('lost')))).rejects.toThrow();
			const found = (value: string | undefined) => value !== undefined;
			expect(await cache.read('key', async () => undefined, found)).toBeUndefined();
			expect(await cache.read('key', async () => 'stored', found)).toBe('stored');
			expect(await cache.read('key', async () => 'read again', found)).toBe('stored');
		}
	);
});

describe.runIf(runsOn('postgres'))('two servers on one PostgreSQL store', () => {
	it('drop a setting the other one changes as its notice arrives, before it is a second old', async () => {
		const stores = await openSharedTestStores('postgres', 2);
		try {
			const [mine, theirs] = stores.map((store) => new Settings(store));
			await Promise.all(stores.map((store) => (store.notices as PostgresNotices).ready()));
			await theirs!.set('kiosk', { idleSeconds: 60 });
			expect(await mine!.get('kiosk')).toEqual({ idleSeconds: 60 });
			await theirs!.set('kiosk', { idleSeconds: 90 });
			await expect
				.poll(() => mine!.get('kiosk'), { timeout: SHARED_STORE_MAX_AGE_MS / 2 })
				.toEqual({
					idleSeconds: 90
				});
		} finally {
			for (const store of stores) await store.close();
		}
	});
});
