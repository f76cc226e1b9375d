/**
 * The staff password: created on first run in the setup page, or given as STAFF_PASSWORD (which
 * then always wins, so an operator can reset a forgotten password by restarting with it).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Store, StoreDb } from '../store/store.ts';
import { hashPassword, verifyPassword } from './password.ts';

export const MIN_PASSWORD_LENGTH = 8;

export class StaffCredentials {
	readonly #db: StoreDb;
	readonly #fromEnvironment: string | undefined;

	constructor(store: Store, fromEnvironment?: string) {
		this.#db = store.db;
		this.#fromEnvironment = fromEnvironment;
	}

	async isSet(): Promise<boolean> {
		return this.#fromEnvironment !== undefined || (await this.#storedHash()) !== undefined;
	}

	/** First run only: refuses to replace an existing password. */
	async create(password: string, now = new Date()): Promise<boolean> {
		if (await this.isSet()) return false;
		const hash = await hashPassword(password);
		// The one row (id 1): of two first runs at once, on any server, one creates it.
		const created = await this.#db
			.insertInto('staff_credentials')
			.values({ id: 1, password_hash: hash, created_at: now.toISOString() })
			.onConflict((conflict) => conflict.column('id').doNothing())
			.returning('id')
			.executeTakeFirst();
		return created !== undefined;
	}

	async verify(password: string): Promise<boolean> {
		if (this.#fromEnvironment !== undefined) {
			// Equal-length digests, compared in constant time.
			const digest = (text: string) => createHash('sha256').update(text.normalize('NFKC')).digest();
			return timingSafeEqual(digest(password), digest(this.#fromEnvironment));
		}
		const stored = await this.#storedHash();
		return stored !== undefined && verifyPassword(password, stored);
	}

	async #storedHash(): Promise<string | undefined> {
		const row = await this.#db
			.selectFrom('staff_credentials')
			.select('password_hash')
			.where('id', '=', 1)
			.executeTakeFirst();
		return row?.password_hash;
	}
}
