/**
 * Small venue settings in the store (key → JSON value). Every sale reads some of them at several
 * steps: their stored text is kept in memory between changes (store/read-cache.ts), and each read
 * parses it afresh, so no caller can change another's value.
 */
import type { z } from 'zod';
import { transact } from './store/after-commit.ts';
import { StoreReadCache } from './store/read-cache.ts';
import type { Store, StoreDb } from './store/store.ts';

/** One setting read through its schema (Settings `typed`). */
export interface TypedSetting<T> {
	/**
	 * The stored value as the schema reads it; a copy of the fallback when there is none or it no
	 * longer reads.
	 */
	read(): Promise<T>;
	save(value: T): Promise<void>;
	/** `value` as an entry of the values `setWith` stores. */
	entry(value: T): Record<string, unknown>;
}

export class Settings {
	readonly #db: StoreDb;
	readonly #stored: StoreReadCache<string | undefined>;

	constructor(store: Store) {
		this.#db = store.db;
		this.#stored = new StoreReadCache(store, 'settings', { keptOnSharedStore: true });
	}

	async get<T>(key: string): Promise<T | undefined> {
		const value = await this.#stored.read(key, async () => {
			const row = await this.#db
				.selectFrom('settings')
				.select('value')
				.where('key', '=', key)
				.executeTakeFirst();
			return row?.value;
		});
		return value === undefined ? undefined : (JSON.parse(value) as T);
	}

	/**
	 * Stores `value` unless the key has one; the stored value either way. Of servers sharing the
	 * store that set one key at once, the first one's value is everyone's.
	 */
	async setIfAbsent<T>(key: string, value: T): Promise<T> {
		await this.#db
			.insertInto('settings')
			.values({ key, value: JSON.stringify(value) })
			.onConflict((conflict) => conflict.column('key').doNothing())
			.execute();
		await this.#stored.changed(key);
		return (await this.get<T>(key)) as T;
	}

	/** The setting `key`, read with `schema`, `fallback` when absent or no longer valid. */
	typed<T>(key: string, schema: z.ZodType<T>, fallback: T): TypedSetting<T> {
		return {
			read: async () => {
				const stored = await this.get(key);
				// A copy, as of a stored value: no caller can change the fallback of the next read.
				if (stored === undefined || stored === null) return structuredClone(fallback);
				const read = schema.safeParse(stored);
				return read.success ? read.data : structuredClone(fallback);
			},
			save: (value) => this.set(key, value),
			entry: (value) => ({ [key]: value })
		};
	}

	async remove(key: string): Promise<void> {
		await this.#db.deleteFrom('settings').where('key', '=', key).execute();
		await this.#stored.changed(key);
	}

	async set(key: string, value: unknown): Promise<void> {
		await this.#write(this.#db, key, value);
		await this.#stored.changed(key);
	}

	/**
	 * Stores each of `values` (a value by its key) in one transaction with `work`, which writes its
	 * own rows with the transaction it is given: all of it is stored, or nothing (a failure
	 * anywhere rolls it all back). The cache learns of the changes once they are committed.
	 */
	async setWith(
		values: Record<string, unknown>,
		work: (db: StoreDb) => Promise<void>
	): Promise<void> {
		await transact(this.#db, async (trx) => {
			await work(trx);
			for (const [key, value] of Object.entries(values)) await this.#write(trx, key, value);
		});
		for (const key of Object.keys(values)) await this.#stored.changed(key);
	}

	async #write(db: StoreDb, key: string, value: unknown): Promise<void> {
		const json = JSON.stringify(value);
		await db
			.insertInto('settings')
			.values({ key, value: json })
			.onConflict((conflict) => conflict.column('key').doUpdateSet({ value: json }))
			.execute();
	}
}
