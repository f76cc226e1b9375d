/**
 * The secret in each device's callback address. Spec 2 shows no callback signature ("Callback
 * authentication or signature: not shown"), so the address itself is the credential: a random
 * 32-byte token per device, looked up on every callback, shown to staff on the device page (to
 * enter in the platform's management console) and rotatable when it may have leaked.
 */
import { randomBytes } from 'node:crypto';
import type { StatementSync } from 'node:sqlite';
import type { Database } from '../store/database.ts';

/** The path of the callback endpoint; the token follows. */
export const CALLBACK_PATH = '/api/orders/callback';

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export class CallbackTokens {
	readonly #db: Database;
	readonly #now: () => Date;
	/** Prepared once: it runs on every callback, and compiling it each time costs as much. */
	readonly #deviceOfToken: StatementSync;

	constructor(db: Database, now: () => Date = () => new Date()) {
		this.#db = db;
		this.#now = now;
		this.#deviceOfToken = db.prepare('SELECT device_id FROM order_callback_tokens WHERE token = ?');
	}

	/** The device's token, created on first use. */
	tokenOf(deviceId: string): string {
		const row = this.#db
			.prepare('SELECT token FROM order_callback_tokens WHERE device_id = ?')
			.get(deviceId) as { token: string } | undefined;
		return row?.token ?? this.rotate(deviceId);
	}

	/** A new token for the device; the old address stops working at once. */
	rotate(deviceId: string): string {
		const token = randomBytes(32).toString('base64url');
		this.#db
			.prepare(
				`INSERT INTO order_callback_tokens (device_id, token, created_at) VALUES (?, ?, ?)
				 ON CONFLICT (device_id) DO UPDATE SET token = excluded.token, created_at = excluded.created_at`
			)
			.run(deviceId, token, this.#now().toISOString());
		return token;
	}

	/** The device a callback token belongs to, or undefined (unknown, malformed, rotated away). */
	deviceOf(token: string): string | undefined {
		if (!TOKEN_PATTERN.test(token)) return undefined;
		const row = this.#deviceOfToken.get(token) as { device_id: string } | undefined;
		return row?.device_id;
	}
}

/** The address the platform calls for the device: `<origin>/api/orders/callback/<token>`. */
export function callbackUrl(origin: string, token: string): string {
	return `${origin.replace(/\/$/, '')}${CALLBACK_PATH}/${token}`;
}
