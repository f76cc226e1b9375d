/**
 * The secret in each device's callback address. Spec 2 shows no callback signature ("Callback
 * authentication or signature: not shown"), so the address itself is the credential: a random
 * 32-byte token per device, looked up on every callback, shown to staff on the device page (to
 * enter in the platform's management console) and rotatable when it may have leaked.
 *
 * At rest the token is never in clear: a callback finds its device by the token's keyed hash,
 * and the token is kept sealed with the secret that seals the API keys (store/keyring.ts), so a
 * copy of the store alone names no address. Sealed rather than shown once or derived: the device
 * page shows the address whenever staff need it again (a second console, a lost note) and demo
 * mode tells the simulator on every start, as before — a token shown only once would have to be
 * rotated for each, and demo mode would rotate it at every start. A token derived from the
 * secret and the device would change with the secret, breaking every address of a store copied
 * to a new secret (store-copy.ts seals these again instead), and could not be the token an
 * address already carries. Tokens stored in clear before (unsealed_callback_tokens, by migration)
 * are sealed as they are at the server's start: their addresses keep working.
 */
import { randomBytes } from 'node:crypto';
import type { Keyring } from '../store/keyring.ts';
import type { Store, StoreDb } from '../store/store.ts';
import type { NewRow } from '../store/tables.ts';

/** The path of the callback endpoint; the token follows. */
export const CALLBACK_PATH = '/api/orders/callback';

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A token as it is stored: found by its hash, shown again by opening the seal. */
export function sealedToken(
	keyring: Keyring,
	token: string
): Pick<NewRow<'order_callback_tokens'>, 'token_hash' | 'token_sealed'> {
	return {
		token_hash: keyring.keyedHash('callback-token', token),
		token_sealed: keyring.encrypt(token)
	};
}

export class CallbackTokens {
	readonly #store: Store;
	readonly #keyring: Keyring;
	readonly #now: () => Date;

	constructor(store: Store, keyring: Keyring, now: () => Date = () => new Date()) {
		this.#store = store;
		this.#keyring = keyring;
		this.#now = now;
	}

	/** The device's token, created on first use (by one server only: the others read it). */
	async tokenOf(deviceId: string): Promise<string> {
		const existing = await this.#read(deviceId);
		if (existing) return existing;
		await this.#store.db
			.insertInto('order_callback_tokens')
			.values({
				device_id: deviceId,
				...sealedToken(this.#keyring, newToken()),
				created_at: this.#now().toISOString()
			})
			.onConflict((conflict) => conflict.column('device_id').doNothing())
			.execute();
		const created = await this.#read(deviceId);
		if (!created) throw new Error(`no callback token for device ${deviceId}`);
		return created;
	}

	/** A new token for the device; the old address stops working at once. */
	async rotate(deviceId: string): Promise<string> {
		const token = newToken();
		const row = { ...sealedToken(this.#keyring, token), created_at: this.#now().toISOString() };
		await this.#store.db
			.insertInto('order_callback_tokens')
			.values({ device_id: deviceId, ...row })
			.onConflict((conflict) => conflict.column('device_id').doUpdateSet(row))
			.execute();
		return token;
	}

	/** The device a callback token belongs to, or undefined (unknown, malformed, rotated away). */
	async deviceOf(token: string): Promise<string | undefined> {
		const hash = this.hashOf(token);
		return hash === undefined ? undefined : (await this.devicesOf([hash])).get(hash);
	}

	/** The keyed hash a token is found by; undefined for a malformed token, which no device has. */
	hashOf(token: string): string | undefined {
		return TOKEN_PATTERN.test(token) ? this.#keyring.keyedHash('callback-token', token) : undefined;
	}

	/**
	 * The devices of these token hashes (`hashOf`), by hash; a hash no device has is missing. One
	 * query for all of them, in `db` — the transaction that records a burst's callbacks reads their
	 * addresses with them, so a rotation is either wholly before the burst or wholly after it.
	 */
	async devicesOf(
		hashes: readonly string[],
		db: StoreDb = this.#store.db
	): Promise<Map<string, string>> {
		if (hashes.length === 0) return new Map();
		const rows = await db
			.selectFrom('order_callback_tokens')
			.select(['token_hash', 'device_id'])
			.where('token_hash', 'in', [...new Set(hashes)])
			.execute();
		return new Map(rows.map((row) => [row.token_hash, row.device_id]));
	}

	/**
	 * Seals the tokens stored in clear before (at start-up, before any callback): each keeps its
	 * token, so its address works on. Several servers starting at once seal each token once.
	 */
	async sealUnsealed(): Promise<void> {
		const unsealed = await this.#store.db
			.selectFrom('unsealed_callback_tokens')
			.selectAll()
			.execute();
		for (const { device_id, token, created_at } of unsealed) {
			await this.#store.db.transaction().execute(async (trx) => {
				await trx
					.insertInto('order_callback_tokens')
					.values({ device_id, ...sealedToken(this.#keyring, token), created_at })
					.onConflict((conflict) => conflict.column('device_id').doNothing())
					.execute();
				await trx
					.deleteFrom('unsealed_callback_tokens')
					.where('device_id', '=', device_id)
					.execute();
			});
		}
	}

	async #read(deviceId: string): Promise<string | undefined> {
		const row = await this.#store.db
			.selectFrom('order_callback_tokens')
			.select('token_sealed')
			.where('device_id', '=', deviceId)
			.executeTakeFirst();
		return row && this.#keyring.decrypt(row.token_sealed);
	}
}

function newToken(): string {
	return randomBytes(32).toString('base64url');
}

/** The address the platform calls for the device: `<origin>/api/orders/callback/<token>`. */
export function callbackUrl(origin: string, token: string): string {
	return `${origin.replace(/\/$/, '')}${CALLBACK_PATH}/${token}`;
}
