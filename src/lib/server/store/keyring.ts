/**
 * Platform API keys at rest: AES-256-GCM with a secret from KIOSK_SECRET (64 hex characters), or
 * else from `secret.key` in the data directory, generated on first use with owner-only
 * permissions. The database alone never reveals a key.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ALGORITHM = 'aes-256-gcm';

export class Keyring {
	readonly #secret: Buffer;

	constructor(secret: Buffer) {
		if (secret.length !== 32) throw new Error('the key-encryption secret must be 32 bytes');
		this.#secret = secret;
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
}

/** A keyed fingerprint of a key, to find duplicates without decrypting; reveals nothing. */
export function fingerprint(value: string): string {
	return createHash('sha256').update(`venue-kiosk:${value}`).digest('base64url');
}

export function loadKeyring(dataDir: string, envSecret: string | undefined): Keyring {
	if (envSecret) {
		if (!/^[0-9a-fA-F]{64}$/.test(envSecret)) {
			throw new Error('KIOSK_SECRET must be 64 hexadecimal characters (32 bytes)');
		}
		return new Keyring(Buffer.from(envSecret, 'hex'));
	}
	if (dataDir === ':memory:') return new Keyring(randomBytes(32));
	const file = join(dataDir, 'secret.key');
	if (!existsSync(file)) {
		writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
	}
	return new Keyring(Buffer.from(readFileSync(file, 'utf8').trim(), 'hex'));
}
