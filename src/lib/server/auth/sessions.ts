/**
 * Sessions behind httpOnly cookies: a staff login (hours) or a paired guest screen (long-lived,
 * bound to one device, so a guest screen needs no staff login and holds no key). Only a hash of
 * each token is stored.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../store/database.ts';

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
	readonly #db: Database;
	readonly #now: () => Date;

	constructor(db: Database, now: () => Date = () => new Date()) {
		this.#db = db;
		this.#now = now;
	}

	/** A new session; returns the token for the cookie. */
	create(kind: SessionKind, deviceId: string | null = null): { token: string; expiresAt: Date } {
		const token = randomBytes(32).toString('base64url');
		const now = this.#now();
		const expiresAt = new Date(
			now.getTime() + (kind === 'staff' ? STAFF_SESSION_MS : SCREEN_SESSION_MS)
		);
		this.#db
			.prepare(
				'INSERT INTO sessions (token_hash, kind, device_id, created_at, expires_at) VALUES (?, ?, ?, ?, ?)'
			)
			.run(hashToken(token), kind, deviceId, now.toISOString(), expiresAt.toISOString());
		return { token, expiresAt };
	}

	/** The live session of a token, if any. */
	find(token: string | undefined): Session | undefined {
		if (!token || token.length > 100) return undefined;
		const row = this.#db
			.prepare(
				'SELECT kind, device_id, expires_at FROM sessions WHERE token_hash = ? AND expires_at > ?'
			)
			.get(hashToken(token), this.#now().toISOString()) as
			{ kind: SessionKind; device_id: string | null; expires_at: string } | undefined;
		return row && { kind: row.kind, deviceId: row.device_id, expiresAt: row.expires_at };
	}

	revoke(token: string): void {
		this.#db.prepare('DELETE FROM sessions WHERE token_hash = ?').run(hashToken(token));
	}

	purgeExpired(): void {
		this.#db.prepare('DELETE FROM sessions WHERE expires_at <= ?').run(this.#now().toISOString());
	}
}
