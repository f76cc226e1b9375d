import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Settings } from '../settings.ts';
import { StoreReadCache } from './read-cache.ts';
import type { Store } from './store.ts';
import { ENGINES, openTestStore } from './testing/test-stores.ts';

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

	it('keeps a setting on SQLite only, where this server is the one writer', async () => {
		const settings = new Settings(store);
		await settings.set('kiosk', { idleSeconds: 60 });
		expect(await settings.get('kiosk')).toEqual({ idleSeconds: 60 });
		await writeBehind('kiosk', { idleSeconds: 90 });
		expect(await settings.get('kiosk')).toEqual({
			idleSeconds: engine === 'sqlite' ? 60 : 90
		});
	});

	it('reads a setting again once it is set, removed, or set through another Settings', async () => {
		const settings = new Settings(store);
		const other = new Settings(store);
		expect(await settings.get('kiosk')).toBeUndefined();
		await other.setIfAbsent('kiosk', { idleSeconds: 60 });
		expect(await settings.get('kiosk')).toEqual({ idleSeconds: 60 });
		await other.set('kiosk', { idleSeconds: 90 });
		expect(await settings.get('kiosk')).toEqual({ idleSeconds: 90 });
		await other.remove('kiosk');
		expect(await settings.get('kiosk')).toBeUndefined();
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
