/** Small venue settings in the store (key → JSON value). */
import type { Database } from './store/database.ts';

export class Settings {
	readonly #db: Database;

	constructor(db: Database) {
		this.#db = db;
	}

	get<T>(key: string): T | undefined {
		const row = this.#db.prepare('SELECT value FROM settings WHERE key = ?').get(key) as
			{ value: string } | undefined;
		return row ? (JSON.parse(row.value) as T) : undefined;
	}

	set(key: string, value: unknown): void {
		this.#db
			.prepare(
				'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value'
			)
			.run(key, JSON.stringify(value));
	}
}
