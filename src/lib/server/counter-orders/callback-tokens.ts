/**
 * The secret in each device's callback address. Spec 2 shows no callback signature ("Callback
 * authentication or signature: not shown"), so the address itself is the credential: a random
 * 32-byte token per device, looked up on every callback, shown to staff on the device page (to
 * enter in the platform's management console) and rotatable when it may have leaked.
 */
import { randomBytes } from 'node:crypto';
import type { Store } from '../store/store.ts';

/** The path of the callback endpoint; the token follows. */
export const CALLBACK_PATH = '/api/orders/callback';

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export class CallbackTokens {
	readonly #store: Store;
	readonly #now: () => Date;

	constructor(store: Store, now: () => Date = () => new Date()) {
		this.#store = store;
		this.#now = now;
	}

	/** The device's token, created on first use (by one server only: the others read it). */
	async tokenOf(deviceId: string): Promise<string> {
		const existing = await this.#read(deviceId);
		if (existing) return existing;
		await this.#store.db
			.insertInto('order_callback_tokens')
			.values({ device_id: deviceId, token: newToken(), created_at: this.#now().toISOString() })
			.onConflict((conflict) => conflict.column('device_id').doNothing())
			.execute();
		const created = await this.#read(deviceId);
		if (!created) throw new Error(`no callback token for device ${deviceId}`);
		return created;
	}

	/** A new token for the device; the old address stops working at once. */
	async rotate(deviceId: string): Promise<string> {
		const token = newToken();
		const row = { token, created_at: this.#now().toISOString() };
		await this.#store.db
			.insertInto('order_callback_tokens')
			.values({ device_id: deviceId, ...row })
			.onConflict((conflict) => conflict.column('device_id').doUpdateSet(row))
			.execute();
		return token;
	}

	/** The device a callback token belongs to, or undefined (unknown, malformed, rotated away). */
	async deviceOf(token: string): Promise<string | undefined> {
		if (!TOKEN_PATTERN.test(token)) return undefined;
		const row = await this.#store.db
			.selectFrom('order_callback_tokens')
			.select('device_id')
			.where('token', '=', token)
			.executeTakeFirst();
		return row?.device_id;
	}

	async #read(deviceId: string): Promise<string | undefined> {
		const row = await this.#store.db
			.selectFrom('order_callback_tokens')
			.select('token')
			.where('device_id', '=', deviceId)
			.executeTakeFirst();
		return row?.token;
	}
}

function newToken(): string {
	return randomBytes(32).toString('base64url');
}

/** The address the platform calls for the device: `<origin>/api/orders/callback/<token>`. */
export function callbackUrl(origin: string, token: string): string {
	return `${origin.replace(/\/$/, '')}${CALLBACK_PATH}/${token}`;
}
