/**
 * Sessions behind httpOnly cookies: a staff login (hours) or a paired guest screen (long-lived,
 * bound to one device, so a guest screen needs no staff login and holds no key). Only a hash of
 * each token is stored.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Store, StoreDb } from '../store/store.ts';

export type SessionKind = 'staff' | 'screen';

export interface Session {
	kind: SessionKind;
	deviceId: string | null;
	expiresAt: string;
}

export const STAFF_SESSION_MS = 12 * 3_600_000;
export const SCREEN_SESSION_MS = 365 * 24 * 3_600_000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export class SessionStore {
	readonly #db: StoreDb;
	readonly #now: () => Date;

	constructor(store: Store, now: () => Date = () => new Date()) {
		this.#db = store.db;
		this.#now = now;
	}

	/** A new session; returns the token for the cookie. */
	async create(
		kind: SessionKind,
		deviceId: string | null = null
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
				created_at: now.toISOString(),
				expires_at: expiresAt.toISOString()
			})
			.execute();
		return { token, expiresAt };
	}

	/** The live session of a token, if any. */
	async find(token: string | undefined): Promise<Session | undefined> {
		if (!token || token.length > 100) return undefined;
		const row = await this.#db
			.selectFrom('sessions')
			.select(['kind', 'device_id', 'expires_at'])
			.where('token_hash', '=', hashToken(token))
			.where('expires_at', '>', this.#now().toISOString())
			.executeTakeFirst();
		return row && { kind: row.kind, deviceId: row.device_id, expiresAt: row.expires_at };
	}

	async revoke(token: string): Promise<void> {
		await this.#db.deleteFrom('sessions').where('token_hash', '=', hashToken(token)).execute();
	}

	async purgeExpired(): Promise<void> {
		await this.#db
			.deleteFrom('sessions')
			.where('expires_at', '<=', this.#now().toISOString())
			.execute();
	}
}
