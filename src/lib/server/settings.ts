/** Small venue settings in the store (key → JSON value). */
import type { Store, StoreDb } from './store/store.ts';

export class Settings {
	readonly #db: StoreDb;

	constructor(store: Store) {
		this.#db = store.db;
	}

	async get<T>(key: string): Promise<T | undefined> {
		const row = await this.#db
			.selectFrom('settings')
			.select('value')
			.where('key', '=', key)
			.executeTakeFirst();
		return row ? (JSON.parse(row.value) as T) : undefined;
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
		return (await this.get<T>(key)) as T;
	}

	async remove(key: string): Promise<void> {
		await this.#db.deleteFrom('settings').where('key', '=', key).execute();
	}

	async set(key: string, value: unknown): Promise<void> {
		const json = JSON.stringify(value);
		await this.#db
			.insertInto('settings')
			.values({ key, value: json })
			.onConflict((conflict) => conflict.column('key').doUpdateSet({ value: json }))
			.execute();
	}
}
