/**
 * Secrets at rest. The platform API keys and the order callback tokens are sealed with
 * AES-256-GCM under one 32-byte secret; what must be found without opening anything — a key
 * added already, the device a callback token belongs to — is found by a keyed hash (HMAC-SHA-256
 * under a key derived from the same secret). So the store alone (a copied database file, a dump)
 * opens no key and names no token: each needs the secret as well.
 *
 * The secret is KIOSK_SECRET (64 hexadecimal characters). Outside demo mode it is required and
 * a `secret.key` in DATA_DIR is refused: a secret lying beside the data opens every key of a
 * copied data folder. Demo mode, a way to try the kiosk, may generate that file (owner-only);
 * an install that ran on it moves by setting KIOSK_SECRET to the file's content, as the refusal
 * at start says.
 */
import {
	createCipheriv,
	createDecipheriv,
	createHmac,
	createSecretKey,
	hkdfSync,
	randomBytes,
	type KeyObject
} from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ServerConfig } from '../config.ts';

const ALGORITHM = 'aes-256-gcm';

/** The file demo mode keeps a generated secret in, inside DATA_DIR. */
export const SECRET_FILE = 'secret.key';

/** What each keyed hash is of: one kind of value never matches another's hash. */
export type KeyedHashPurpose = 'api-key' | 'callback-token';

/** The start-up refusal without KIOSK_SECRET outside demo mode (config.ts, loadKeyring). */
export const SECRET_REQUIRED =
	'KIOSK_SECRET is required outside demo mode: it seals the platform API keys, and must not lie ' +
	'beside the data. Generate one with `openssl rand -hex 32` and keep it apart from DATA_DIR. ' +
	`An install that kept it in DATA_DIR/${SECRET_FILE}: set KIOSK_SECRET to that file's content ` +
	'(the stored keys open with it), then move the file out of DATA_DIR.';

export class Keyring {
	readonly #secret: Buffer;
	readonly #hashKey: KeyObject;

	constructor(secret: Buffer) {
		if (secret.length !== 32) throw new Error('the key-encryption secret must be 32 bytes');
		this.#secret = secret;
		// Its own key for the hashes: the cipher's key is used for nothing else. A key object, made
		// once: an HMAC under a plain buffer imports the key again each time (five times the cost of
		// the hash, paid on every order callback).
		this.#hashKey = createSecretKey(
			Buffer.from(hkdfSync('sha256', secret, '', 'venue-kiosk keyed hash', 32))
		);
	}

	/** `iv.tag.ciphertext`, base64url. */
	encrypt(plaintext: string): string {
		const iv = randomBytes(12);
		const cipher = createCipheriv(ALGORITHM, this.#secret, iv);
		const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
		return [iv, cipher.getAuthTag(), ciphertext]
			.map((part) => part.toString('base64url'))
			.join('.');
	}

	decrypt(sealed: string): string {
		const [iv, tag, ciphertext] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
		if (!iv || !tag || !ciphertext) throw new Error('sealed value is malformed');
		const decipher = createDecipheriv(ALGORITHM, this.#secret, iv);
		decipher.setAuthTag(tag);
		return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
	}

	/** A hash of `value` only this secret makes: finds a value without storing it, reveals nothing. */
	keyedHash(purpose: KeyedHashPurpose, value: string): string {
		return createHmac('sha256', this.#hashKey).update(`${purpose}\0${value}`).digest('base64url');
	}
}

/** The key ring of a 64-hex-character secret. */
export function keyringOf(hexSecret: string): Keyring {
	if (!/^[0-9a-fA-F]{64}$/.test(hexSecret)) {
		throw new Error('KIOSK_SECRET must be 64 hexadecimal characters (32 bytes)');
	}
	return new Keyring(Buffer.from(hexSecret, 'hex'));
}

export function loadKeyring({
	dataDir,
	kioskSecret,
	demo
}: Pick<ServerConfig, 'dataDir' | 'kioskSecret' | 'demo'>): Keyring {
	const file = dataDir === ':memory:' ? null : join(dataDir, SECRET_FILE);
	if (!demo) {
		if (!kioskSecret) throw new Error(SECRET_REQUIRED);
		if (file && existsSync(file)) {
			throw new Error(
				`${file} lies beside the data: outside demo mode the secret comes from KIOSK_SECRET ` +
					"only. Set KIOSK_SECRET to the file's content, keep a copy of it apart from the " +
					'data, and remove the file from DATA_DIR.'
			);
		}
		return keyringOf(kioskSecret);
	}
	if (kioskSecret) return keyringOf(kioskSecret);
	if (!file) return new Keyring(randomBytes(32));
	if (!existsSync(file)) {
		writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
	}
	return keyringOf(readFileSync(file, 'utf8').trim());
}
