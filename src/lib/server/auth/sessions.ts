/**
 * Sessions behind httpOnly cookies: a staff login (hours; with the name given at login and the
 * role the password gave) or a paired guest screen (long-lived, bound to one device, so a guest
 * screen needs no staff login and holds no key). Only a hash of each token is stored.
 *
 * A screen's session is read at every request of a sale, so on SQLite it is kept in memory
 * (`StoreReadCache`, topic `sessions`) until its token is revoked or any device is removed (which
 * deletes that device's sessions with it); its expiry is checked at every read. Staff sessions
 * are read from the store every time.
 */
import { createHash, randomBytes } from 'node:crypto';
import { StoreReadCache } from '../store/read-cache.ts';
import type { Store, StoreDb } from '../store/store.ts';
import type { StaffMember } from './roles.ts';

export type SessionKind = 'staff' | 'screen';

export interface Session {
	kind: SessionKind;
	deviceId: string | null;
	/** Who is logged in, on a staff session; null on a screen's, and on a staff session from
	 *  before roles (which therefore counts as logged out). */
	staff: StaffMember | null;
	expiresAt: string;
}

export const STAFF_SESSION_MS = 12 * 3_600_000;
const SCREEN_SESSION_MS = 365 * 24 * 3_600_000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export class SessionStore {
	readonly #db: StoreDb;
	readonly #now: () => Date;
	readonly #screens: StoreReadCache<Session | undefined>;

	constructor(store: Store, now: () => Date = () => new Date()) {
		this.#db = store.db;
		this.#now = now;
		this.#screens = new StoreReadCache(store, 'sessions', { clearedBy: ['devices'] });
	}

	/** A new staff login of `staff`; returns the token for the cookie. */
	createStaff(staff: StaffMember): Promise<{ token: string; expiresAt: Date }> {
		return this.#create('staff', null, staff);
	}

	/** A new session of a screen paired with `deviceId`; returns the token for the cookie. */
	createScreen(deviceId: string): Promise<{ token: string; expiresAt: Date }> {
		return this.#create('screen', deviceId, null);
	}

	async #create(
		kind: SessionKind,
		deviceId: string | null,
		staff: StaffMember | null
	): Promise<{ token: string; expiresAt: Date }> {
		const token = randomBytes(32).toString('base64url');
		const now = this.#now();
		const expiresAt = new Date(
			now.getTime() + (kind === 'staff' ? STAFF_SESSION_MS : SCREEN_SESSION_MS)
		);
		await this.#db
			.insertInto('sessions')
			.values({
				token_hash: hashToken(token),
				kind,
				device_id: deviceId,
				staff_name: staff?.name ?? null,
				staff_role: staff?.role ?? null,
				created_at: now.toISOString(),
				expires_at: expiresAt.toISOString()
			})
			.execute();
		return { token, expiresAt };
	}

	/** The live session of a token, if any. */
	async find(token: string | undefined): Promise<Session | undefined> {
		if (!token || token.length > 100) return undefined;
		const hash = hashToken(token);
		const session = await this.#screens.read(
			hash,
			() => this.#load(hash),
			(found) => found?.kind === 'screen'
		);
		return session && session.expiresAt > this.#now().toISOString() ? { ...session } : undefined;
	}

	async #load(hash: string): Promise<Session | undefined> {
		const row = await this.#db
			.selectFrom('sessions')
			.select(['kind', 'device_id', 'staff_name', 'staff_role', 'expires_at'])
			.where('token_hash', '=', hash)
			.where('expires_at', '>', this.#now().toISOString())
			.executeTakeFirst();
		if (!row) return undefined;
		const staff =
			row.kind === 'staff' && row.staff_name !== null && row.staff_role !== null
				? { name: row.staff_name, role: row.staff_role }
				: null;
		return { kind: row.kind, deviceId: row.device_id, staff, expiresAt: row.expires_at };
	}

	async revoke(token: string): Promise<void> {
		const hash = hashToken(token);
		await this.#db.deleteFrom('sessions').where('token_hash', '=', hash).execute();
		await this.#screens.changed(hash);
	}

	/**
	 * Ends every staff login but `token`'s (after a password change: whoever logged in with the
	 * old password, or as manager with the staff password of an install from before roles, logs
	 * in again).
	 */
	async revokeOtherStaff(token: string | undefined): Promise<void> {
		let query = this.#db.deleteFrom('sessions').where('kind', '=', 'staff');
		if (token) query = query.where('token_hash', '!=', hashToken(token));
		await query.execute();
	}

	/** Deletes up to `limit` expired sessions (store/retention.ts); answers how many. */
	async deleteExpired(limit: number): Promise<number> {
		const result = await this.#db
			.deleteFrom('sessions')
			.where('token_hash', 'in', (eb) =>
				eb
					.selectFrom('sessions')
					.select('token_hash')
					.where('expires_at', '<=', this.#now().toISOString())
					.limit(limit)
			)
			.executeTakeFirst();
		return Number(result.numDeletedRows);
	}
}
