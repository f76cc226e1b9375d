/**
 * The back office's two passwords (docs/manual.md, Roles: who may do what): the staff password and
 * the manager password.
 * Both are created on first run in the setup page, or given as STAFF_PASSWORD and
 * MANAGER_PASSWORD (which then always win, so an operator can reset a forgotten password by
 * restarting with it). A manager may set either later (setup page), unless the environment gives
 * it.
 *
 * The password decides the role. An install from before roles has only a staff password: until a
 * manager password is set (or MANAGER_PASSWORD given), that password logs in as manager, so
 * nobody is locked out of refunds and settings by the upgrade.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Store, StoreDb } from '../store/store.ts';
import { hashPassword, verifyPassword } from './password.ts';
import type { StaffRole } from './roles.ts';

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 1024;

/** The passwords the environment gives (STAFF_PASSWORD, MANAGER_PASSWORD). */
export interface PasswordsFromEnvironment {
	staff?: string;
	manager?: string;
}

export type SetPasswordOutcome = 'set' | 'from-environment' | 'same-as-other';

/** Equal-length digests, compared in constant time. */
function sameText(a: string, b: string): boolean {
	const digest = (text: string) => createHash('sha256').update(text.normalize('NFKC')).digest();
	return timingSafeEqual(digest(a), digest(b));
}

export class StaffCredentials {
	readonly #db: StoreDb;
	readonly #fromEnvironment: PasswordsFromEnvironment;
	readonly #now: () => Date;

	constructor(
		store: Store,
		fromEnvironment: PasswordsFromEnvironment = {},
		now: () => Date = () => new Date()
	) {
		this.#db = store.db;
		this.#fromEnvironment = fromEnvironment;
		this.#now = now;
	}

	/** The staff password exists: no first run. */
	async isSet(): Promise<boolean> {
		return (
			this.#fromEnvironment.staff !== undefined || (await this.#storedHash('staff')) !== undefined
		);
	}

	/** A manager password of its own exists; without one the staff password logs in as manager. */
	async hasManagerPassword(): Promise<boolean> {
		return (
			this.#fromEnvironment.manager !== undefined ||
			(await this.#storedHash('manager')) !== undefined
		);
	}

	/** The roles whose password the environment gives (and a manager cannot change). */
	fromEnvironment(): { staff: boolean; manager: boolean } {
		return {
			staff: this.#fromEnvironment.staff !== undefined,
			manager: this.#fromEnvironment.manager !== undefined
		};
	}

	/**
	 * First run only: creates the staff password and, unless the environment gives it, the manager
	 * password; refuses (false) when a staff password exists. Of two first runs at once, on any
	 * server, one creates them.
	 */
	async create(staffPassword: string, managerPassword?: string): Promise<boolean> {
		if (await this.isSet()) return false;
		const at = this.#now().toISOString();
		const [staffHash, managerHash] = await Promise.all([
			hashPassword(staffPassword),
			managerPassword === undefined ? undefined : hashPassword(managerPassword)
		]);
		return this.#db.transaction().execute(async (db) => {
			const created = await db
				.insertInto('staff_credentials')
				.values({ id: 1, password_hash: staffHash, created_at: at })
				.onConflict((conflict) => conflict.column('id').doNothing())
				.returning('id')
				.executeTakeFirst();
			if (created === undefined) return false;
			if (managerHash !== undefined) await this.#upsertManager(db, managerHash, at);
			return true;
		});
	}

	/**
	 * A manager sets the staff or the manager password: refused when the environment gives it
	 * (it would win anyway) or when it is the other role's password (the password decides the
	 * role, so the two must differ).
	 */
	async setPassword(role: StaffRole, password: string): Promise<SetPasswordOutcome> {
		if (this.#fromEnvironment[role] !== undefined) return 'from-environment';
		if (await this.#matches(role === 'staff' ? 'manager' : 'staff', password))
			return 'same-as-other';
		const hash = await hashPassword(password);
		const at = this.#now().toISOString();
		if (role === 'manager') {
			await this.#upsertManager(this.#db, hash, at);
		} else {
			await this.#db
				.insertInto('staff_credentials')
				.values({ id: 1, password_hash: hash, created_at: at })
				.onConflict((conflict) => conflict.column('id').doUpdateSet({ password_hash: hash }))
				.execute();
		}
		return 'set';
	}

	/**
	 * The role `password` logs in as, or null. The manager password first; the staff password is
	 * a manager's while there is no manager password (an install from before roles).
	 */
	async verify(password: string): Promise<StaffRole | null> {
		if (await this.#matches('manager', password)) return 'manager';
		if (await this.#matches('staff', password)) {
			return (await this.hasManagerPassword()) ? 'staff' : 'manager';
		}
		return null;
	}

	/** `password` is the role's own password (the environment's, else the stored one). */
	async #matches(role: StaffRole, password: string): Promise<boolean> {
		const fromEnvironment = this.#fromEnvironment[role];
		if (fromEnvironment !== undefined) return sameText(password, fromEnvironment);
		const stored = await this.#storedHash(role);
		return stored !== undefined && verifyPassword(password, stored);
	}

	async #upsertManager(db: StoreDb, hash: string, at: string): Promise<void> {
		await db
			.insertInto('manager_credentials')
			.values({ id: 1, password_hash: hash, updated_at: at })
			.onConflict((conflict) =>
				conflict.column('id').doUpdateSet({ password_hash: hash, updated_at: at })
			)
			.execute();
	}

	async #storedHash(role: StaffRole): Promise<string | undefined> {
		const table = role === 'manager' ? 'manager_credentials' : 'staff_credentials';
		const row = await this.#db
			.selectFrom(table)
			.select('password_hash')
			.where('id', '=', 1)
			.executeTakeFirst();
		return row?.password_hash;
	}
}
