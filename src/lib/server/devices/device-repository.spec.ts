import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { keyringOf, loadKeyring } from '../store/keyring.ts';
import { openSqliteStore } from '../store/sqlite-store.ts';
import type { Store } from '../store/store.ts';
import { ENGINES, openSharedTestStores, openTestStore } from '../store/testing/test-stores.ts';
import { DeviceRepository, DuplicateDeviceKeyError, type NewDevice } from './device-repository.ts';

const API_KEY = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJkZXZfa2lvc2sifQ.c2lnbmF0dXJlLXNlY3JldA';
const SECRET = 'cd'.repeat(32);

const kiosk: NewDevice = {
	name: 'Bar kiosk',
	environment: 'simulator',
	baseUrl: 'http://127.0.0.1:4010',
	mode: 'kiosk',
	apiKey: API_KEY
};

describe.each(ENGINES)('DeviceRepository on %s', (engine) => {
	let store: Store;
	let devices: DeviceRepository;
	beforeEach(async () => {
		store = await openTestStore(engine);
		devices = new DeviceRepository(store, keyringOf(SECRET));
	});
	afterEach(() => store.close());

	it('adds, lists, gets and removes devices; records never carry the key', async () => {
		const added = await devices.add(kiosk, new Date('2026-11-22T10:00:00Z'));
		expect(added).toEqual({
			id: expect.any(String),
			name: 'Bar kiosk',
			environment: 'simulator',
			baseUrl: 'http://127.0.0.1:4010',
			mode: 'kiosk',
			createdAt: '2026-11-22T10:00:00.000Z'
		});
		expect(await devices.list()).toEqual([added]);
		expect(await devices.get(added.id)).toEqual(added);
		expect(JSON.stringify(await devices.list())).not.toContain(API_KEY);
		expect(await devices.apiKeyOf(added.id)).toBe(API_KEY);
		expect(await devices.platformAccessOf(added.id)).toEqual({
			baseUrl: 'http://127.0.0.1:4010',
			apiKey: API_KEY
		});
		expect(await devices.hasApiKey(API_KEY)).toBe(true);
		expect(await devices.remove(added.id)).toBe(true);
		expect(await devices.remove(added.id)).toBe(false);
		expect(await devices.list()).toEqual([]);
	});

	it('refuses the same key twice, also when two servers add it at the same moment', async () => {
		await devices.add(kiosk);
		await expect(devices.add({ ...kiosk, name: 'Other' })).rejects.toThrow(DuplicateDeviceKeyError);
		const [a, b] = await openSharedTestStores(engine, 2);
		try {
			const servers = [a!, b!].map((shared) => new DeviceRepository(shared, keyringOf(SECRET)));
			const other = { ...kiosk, apiKey: `${API_KEY}-2` };
			const results = await Promise.allSettled(servers.map((server) => server.add(other)));
			expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
			expect(results.find((result) => result.status === 'rejected')?.reason).toBeInstanceOf(
				DuplicateDeviceKeyError
			);
		} finally {
			await Promise.all([a!.close(), b!.close()]);
		}
	});

	it('forgets a removed device at once, in every repository on the store', async () => {
		const { id } = await devices.add(kiosk);
		const other = new DeviceRepository(store, keyringOf(SECRET));
		expect((await other.get(id))?.mode).toBe('kiosk');
		expect(await other.apiKeyOf(id)).toBe(API_KEY);
		await devices.remove(id);
		expect(await other.get(id)).toBeUndefined();
		await expect(other.apiKeyOf(id)).rejects.toThrow(`no device ${id}`);
		await expect(other.platformAccessOf(id)).rejects.toThrow(`no device ${id}`);
		const again = await devices.add(kiosk);
		expect(await other.get(again.id)).toEqual(again);
	});

	it('cannot read keys with another secret', async () => {
		const { id } = await devices.add(kiosk);
		const stranger = new DeviceRepository(store, keyringOf('ab'.repeat(32)));
		await expect(stranger.apiKeyOf(id)).rejects.toThrow();
	});

	it('fingerprints a key with the secret: the same key under two secrets has two fingerprints, neither a plain hash of it', async () => {
		await devices.add(kiosk);
		const first = await fingerprintOf(store);
		await store.db.deleteFrom('devices').execute();
		await new DeviceRepository(store, keyringOf('ab'.repeat(32))).add(kiosk);
		const second = await fingerprintOf(store);
		expect(second).not.toBe(first);
		const unkeyed = ['', 'venue-kiosk:'].map((prefix) =>
			createHash('sha256').update(`${prefix}${API_KEY}`).digest('base64url')
		);
		for (const fingerprint of [first, second]) expect(unkeyed).not.toContain(fingerprint);
	});

	it('at start-up replaces a fingerprint made another way (before keying, another secret), so a key is still found once', async () => {
		const { id } = await devices.add(kiosk);
		const keyed = await fingerprintOf(store);
		const unkeyed = createHash('sha256').update(`venue-kiosk:${API_KEY}`).digest('base64url');
		await store.db.updateTable('devices').set({ api_key_fingerprint: unkeyed }).execute();
		expect(await devices.hasApiKey(API_KEY)).toBe(false);
		await devices.refreshFingerprints();
		expect(await fingerprintOf(store)).toBe(keyed);
		expect(await devices.hasApiKey(API_KEY)).toBe(true);
		await expect(devices.add(kiosk)).rejects.toThrow(DuplicateDeviceKeyError);
		expect(await devices.apiKeyOf(id)).toBe(API_KEY);
	});

	it('at start-up stops, naming KIOSK_SECRET and secret.key, when a stored key does not open with the secret', async () => {
		await devices.add(kiosk);
		const stranger = new DeviceRepository(store, keyringOf('ab'.repeat(32)));
		await expect(stranger.refreshFingerprints()).rejects.toThrow(
			/device "Bar kiosk" does not open with this secret \(KIOSK_SECRET\)[\s\S]*DATA_DIR\/secret\.key/
		);
	});
});

async function fingerprintOf(store: Store): Promise<string> {
	const row = await store.db
		.selectFrom('devices')
		.select('api_key_fingerprint')
		.executeTakeFirstOrThrow();
	return row.api_key_fingerprint;
}

describe('DeviceRepository on a SQLite file', () => {
	it('stores the key encrypted: neither the database file nor its WAL contains it; a reopen reads it', async () => {
		const dataDir = mkdtempSync(join(tmpdir(), 'kiosk-store-'));
		const store = openSqliteStore(dataDir);
		const devices = new DeviceRepository(store, loadKeyring({ dataDir, demo: true }));
		const { id } = await devices.add(kiosk);
		await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(store.db);
		expect(readFileSync(join(dataDir, 'kiosk.sqlite')).includes(API_KEY)).toBe(false);
		expect(statSync(join(dataDir, 'secret.key')).mode & 0o077).toBe(0);
		await store.close();
		const reopened = openSqliteStore(dataDir);
		const again = new DeviceRepository(reopened, loadKeyring({ dataDir, demo: true }));
		expect(await again.apiKeyOf(id)).toBe(API_KEY);
		await reopened.close();
	});
});
