/**
 * The data folder at rest: readable by the server's own user only — the folder 0700, the SQLite
 * database with its -wal and -shm files and demo mode's secret.key 0600 — whether the server
 * makes them or finds them left readable by others (an older version, a copy, a restore).
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { loadKeyring } from './keyring.ts';
import { openSqliteStore } from './sqlite-store.ts';

const modeOf = (path: string) => statSync(path).mode & 0o777;

const folders: string[] = [];
afterEach(() => {
	for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function scratch(): string {
	const folder = mkdtempSync(join(tmpdir(), 'data-dir-'));
	folders.push(folder);
	return folder;
}

describe('DATA_DIR at rest', () => {
	it('a new one: the folder 0700; the database, its WAL and shared memory, and the demo secret 0600', async () => {
		const dataDir = join(scratch(), 'data');
		const store = openSqliteStore(dataDir);
		try {
			loadKeyring({ dataDir, demo: true });
			await sql`CREATE TABLE t (x)`.execute(store.db);
			await sql`INSERT INTO t VALUES (1)`.execute(store.db);
			expect(modeOf(dataDir)).toBe(0o700);
			for (const file of ['kiosk.sqlite', 'kiosk.sqlite-wal', 'kiosk.sqlite-shm', 'secret.key'])
				expect(modeOf(join(dataDir, file)), file).toBe(0o600);
		} finally {
			await store.close();
		}
	});

	it('one left readable by others is tightened at start: the folder, every file, a folder inside', async () => {
		const dataDir = scratch();
		const first = openSqliteStore(dataDir);
		await first.close();
		mkdirSync(join(dataDir, 'backups'));
		writeFileSync(join(dataDir, 'secret.key'), 'ab'.repeat(32));
		writeFileSync(join(dataDir, 'backups', 'kiosk-2026-11-01.sqlite'), 'old copy');
		for (const path of ['', 'backups']) chmodSync(join(dataDir, path), 0o755);
		for (const file of ['kiosk.sqlite', 'secret.key', 'backups/kiosk-2026-11-01.sqlite'])
			chmodSync(join(dataDir, file), 0o644);

		const store = openSqliteStore(dataDir);
		await store.close();

		for (const folder of ['', 'backups']) expect(modeOf(join(dataDir, folder)), folder).toBe(0o700);
		for (const file of ['kiosk.sqlite', 'secret.key', 'backups/kiosk-2026-11-01.sqlite'])
			expect(modeOf(join(dataDir, file)), file).toBe(0o600);
	});
});
