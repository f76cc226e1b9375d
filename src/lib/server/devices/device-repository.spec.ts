import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../store/database.ts';
import { loadKeyring } from '../store/keyring.ts';
import { DeviceRepository, DuplicateDeviceKeyError, type NewDevice } from './device-repository.ts';

const API_KEY = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJkZXZfa2lvc2sifQ.c2lnbmF0dXJlLXNlY3JldA';

const kiosk: NewDevice = {
	name: 'Bar kiosk',
	environment: 'simulator',
	baseUrl: 'http://127.0.0.1:4010',
	mode: 'kiosk',
	apiKey: API_KEY
};

function freshStore() {
	const dataDir = mkdtempSync(join(tmpdir(), 'kiosk-store-'));
	const db = openDatabase(dataDir);
	return { dataDir, db, devices: new DeviceRepository(db, loadKeyring(dataDir, undefined)) };
}

describe('DeviceRepository', () => {
	it('adds, lists, gets and removes devices; records never carry the key', () => {
		const { devices } = freshStore();
		const added = devices.add(kiosk, new Date('2026-11-22T10:00:00Z'));
		expect(added).toEqual({
			id: expect.any(String),
			name: 'Bar kiosk',
			environment: 'simulator',
			baseUrl: 'http://127.0.0.1:4010',
			mode: 'kiosk',
			createdAt: '2026-11-22T10:00:00.000Z'
		});
		expect(devices.list()).toEqual([added]);
		expect(devices.get(added.id)).toEqual(added);
		expect(JSON.stringify(devices.list())).not.toContain(API_KEY);
		expect(devices.apiKeyOf(added.id)).toBe(API_KEY);
		expect(devices.remove(added.id)).toBe(true);
		expect(devices.list()).toEqual([]);
	});

	it('refuses the same key twice', () => {
		const { devices } = freshStore();
		devices.add(kiosk);
		expect(() => devices.add({ ...kiosk, name: 'Other' })).toThrow(DuplicateDeviceKeyError);
	});

	it('stores the key encrypted: neither the database file nor its WAL contains it', () => {
		const { dataDir, db, devices } = freshStore();
		devices.add(kiosk);
		db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
		expect(readFileSync(join(dataDir, 'kiosk.sqlite')).includes(API_KEY)).toBe(false);
		const secretFile = statSync(join(dataDir, 'secret.key'));
		expect(secretFile.mode & 0o077).toBe(0);
	});

	it('cannot read keys with another secret', () => {
		const { dataDir, db, devices } = freshStore();
		const { id } = devices.add(kiosk);
		const stranger = new DeviceRepository(db, loadKeyring(dataDir, 'ab'.repeat(32)));
		expect(() => stranger.apiKeyOf(id)).toThrow();
	});

	it('survives a reopen of the store', () => {
		const { dataDir, devices } = freshStore();
		const { id } = devices.add(kiosk);
		const reopened = new DeviceRepository(openDatabase(dataDir), loadKeyring(dataDir, undefined));
		expect(reopened.apiKeyOf(id)).toBe(API_KEY);
	});
});
