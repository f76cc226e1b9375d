/**
 * Where the secret comes from (KIOSK_SECRET; demo mode's generated file), and the keyed hashes
 * made with it.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { keyringOf, loadKeyring, SECRET_REQUIRED } from './keyring.ts';

const SECRET = 'cd'.repeat(32);

const folders: string[] = [];
afterEach(() => {
	for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function dataDir(): string {
	const folder = mkdtempSync(join(tmpdir(), 'keyring-'));
	folders.push(folder);
	return folder;
}

describe('loadKeyring outside demo mode', () => {
	it('requires KIOSK_SECRET: the refusal names it, how to make one, and how secret.key moves', () => {
		expect(() => loadKeyring({ dataDir: dataDir(), demo: false })).toThrow(SECRET_REQUIRED);
		expect(SECRET_REQUIRED).toMatch(/^KIOSK_SECRET is required outside demo mode/);
		expect(SECRET_REQUIRED).toContain('`openssl rand -hex 32`');
		expect(SECRET_REQUIRED).toContain(
			"DATA_DIR/secret.key: set KIOSK_SECRET to that file's content"
		);
	});

	it('uses KIOSK_SECRET and writes no key file beside the data', () => {
		const folder = dataDir();
		const keyring = loadKeyring({ dataDir: folder, kioskSecret: SECRET, demo: false });
		expect(keyringOf(SECRET).decrypt(keyring.encrypt('api-key'))).toBe('api-key');
		expect(existsSync(join(folder, 'secret.key'))).toBe(false);
	});

	it('refuses a secret.key beside the data, also with KIOSK_SECRET set: the operator moves it', () => {
		const folder = dataDir();
		writeFileSync(join(folder, 'secret.key'), SECRET, { mode: 0o600 });
		for (const kioskSecret of [undefined, SECRET]) {
			expect(() => loadKeyring({ dataDir: folder, kioskSecret, demo: false })).toThrow(
				kioskSecret
					? /secret\.key lies beside the data[\s\S]*Set KIOSK_SECRET to the file's content/
					: 'KIOSK_SECRET is required'
			);
		}
	});
});

describe('loadKeyring in demo mode', () => {
	it('generates secret.key for its owner only, and opens what it sealed after a restart', () => {
		const folder = dataDir();
		const sealed = loadKeyring({ dataDir: folder, demo: true }).encrypt('api-key');
		expect(statSync(join(folder, 'secret.key')).mode & 0o777).toBe(0o600);
		expect(readFileSync(join(folder, 'secret.key'), 'utf8')).toMatch(/^[0-9a-f]{64}$/);
		expect(loadKeyring({ dataDir: folder, demo: true }).decrypt(sealed)).toBe('api-key');
	});

	it('prefers KIOSK_SECRET when it is set', () => {
		const folder = dataDir();
		const keyring = loadKeyring({ dataDir: folder, kioskSecret: SECRET, demo: true });
		expect(keyringOf(SECRET).decrypt(keyring.encrypt('x'))).toBe('x');
		expect(existsSync(join(folder, 'secret.key'))).toBe(false);
	});
});

describe('Keyring.keyedHash', () => {
	it('is the same for the same secret, differs with another secret and for another purpose', () => {
		const keyring = keyringOf(SECRET);
		const hash = keyring.keyedHash('api-key', 'value');
		expect(hash).toMatch(/^[\w-]{43}$/);
		expect(keyringOf(SECRET).keyedHash('api-key', 'value')).toBe(hash);
		expect(keyringOf('ab'.repeat(32)).keyedHash('api-key', 'value')).not.toBe(hash);
		expect(keyring.keyedHash('callback-token', 'value')).not.toBe(hash);
	});

	it('a secret is 64 hexadecimal characters', () => {
		for (const bad of ['', 'ab', 'zz'.repeat(32), `${SECRET}0`])
			expect(() => keyringOf(bad)).toThrow(/64 hexadecimal characters/);
	});
});
