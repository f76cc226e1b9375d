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

	async set(key: string, value: unknown): Promise<void> {
		const json = JSON.stringify(value);
		await this.#db
			.insertInto('settings')
			.values({ key, value: json })
			.onConflict((conflict) => conflict.column('key').doUpdateSet({ value: json }))
			.execute();
	}
}
