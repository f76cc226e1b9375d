/** Staff passwords: scrypt with a random salt, compared in constant time. */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const PARAMS = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } satisfies ScryptOptions;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, params: ScryptOptions): Promise<Buffer> {
	return new Promise((resolve, reject) =>
		scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, params, (error, key) =>
			error ? reject(error) : resolve(key)
		)
	);
}

/** `scrypt$N$r$p$salt$hash` (base64url parts). */
export async function hashPassword(password: string): Promise<string> {
	const salt = randomBytes(16);
	const key = await derive(password, salt, PARAMS);
	return [
		'scrypt',
		PARAMS.N,
		PARAMS.r,
		PARAMS.p,
		salt.toString('base64url'),
		key.toString('base64url')
	].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
	const [scheme, N, r, p, salt, hash] = stored.split('$');
	if (scheme !== 'scrypt' || !salt || !hash) return false;
	const expected = Buffer.from(hash, 'base64url');
	const actual = await derive(password, Buffer.from(salt, 'base64url'), {
		N: Number(N),
		r: Number(r),
		p: Number(p),
		maxmem: PARAMS.maxmem
	});
	return actual.length === expected.length && timingSafeEqual(actual, expected);
}
