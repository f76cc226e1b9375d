/**
 * The staff password: created on first run in the setup page, or given as STAFF_PASSWORD (which
 * then always wins, so an operator can reset a forgotten password by restarting with it).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Database } from '../store/database.ts';
import { hashPassword, verifyPassword } from './password.ts';

export const MIN_PASSWORD_LENGTH = 8;

export class StaffCredentials {
	readonly #db: Database;
	readonly #fromEnvironment: string | undefined;

	constructor(db: Database, fromEnvironment?: string) {
		this.#db = db;
		this.#fromEnvironment = fromEnvironment;
	}

	isSet(): boolean {
		return this.#fromEnvironment !== undefined || this.#storedHash() !== undefined;
	}

	/** First run only: refuses to replace an existing password. */
	async create(password: string, now = new Date()): Promise<boolean> {
		if (this.isSet()) return false;
		const hash = await hashPassword(password);
		const { changes } = this.#db
			.prepare(
				'INSERT OR IGNORE INTO staff_credentials (id, password_hash, created_at) VALUES (1, ?, ?)'
			)
			.run(hash, now.toISOString());
		return changes === 1;
	}

	async verify(password: string): Promise<boolean> {
		if (this.#fromEnvironment !== undefined) {
			// Equal-length digests, compared in constant time.
			const digest = (text: string) => createHash('sha256').update(text.normalize('NFKC')).digest();
			return timingSafeEqual(digest(password), digest(this.#fromEnvironment));
		}
		const stored = this.#storedHash();
		return stored !== undefined && verifyPassword(password, stored);
	}

	#storedHash(): string | undefined {
		const row = this.#db
			.prepare('SELECT password_hash FROM staff_credentials WHERE id = 1')
			.get() as { password_hash: string } | undefined;
		return row?.password_hash;
	}
}
