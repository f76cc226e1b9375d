/**
 * The migration that seals the callback tokens (SQLite 18, PostgreSQL 12) on a store from
 * before, whose tokens lie in clear: after it and the server's start, the address the platform
 * knows still finds its device, and no table holds the token in clear any more.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { testSchema, type TestSchema } from '../../../../tests/postgres/schema.ts';
import { CallbackTokens } from '../counter-orders/callback-tokens.ts';
import { keyringOf } from './keyring.ts';
import { postgresMigrations } from './postgres-migrations.ts';
import { openPostgresStore } from './postgres-store.ts';
import { migrations } from './sqlite-migrations.ts';
import { openSqliteStore } from './sqlite-store.ts';
import type { Store } from './store.ts';
import { COPY_ORDER } from './store-copy.ts';
import { runsOn } from './testing/test-stores.ts';

const TOKEN = 'Old-token_known-to-the-platform-0123456789A';
const keyring = keyringOf('cd'.repeat(32));

const DEVICE = `INSERT INTO devices (id, name, environment, base_url, mode, api_key_ciphertext,
	api_key_fingerprint, created_at) VALUES ('board-1', 'Board', 'simulator', 'http://sim.test',
	'board', 'sealed', 'fp', '2026-11-01T10:00:00.000Z')`;
const CLEAR_TOKEN = `INSERT INTO order_callback_tokens (device_id, token, created_at)
	VALUES ('board-1', '${TOKEN}', '2026-11-01T10:00:00.000Z')`;

/** After the start: the old address finds its device, and no row holds the token. */
async function expectSealed(store: Store): Promise<void> {
	const tokens = new CallbackTokens(store, keyring);
	await tokens.sealUnsealed();
	expect(await tokens.deviceOf(TOKEN)).toBe('board-1');
	expect(await tokens.tokenOf('board-1')).toBe(TOKEN);
	for (const table of COPY_ORDER) {
		const rows = await store.db.selectFrom(table).selectAll().execute();
		expect(JSON.stringify(rows), table).not.toContain(TOKEN);
	}
}

describe('the migration sealing the callback tokens', () => {
	let schema: TestSchema | undefined;
	const folders: string[] = [];
	afterEach(async () => {
		await schema?.drop();
		schema = undefined;
		for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
	});

	it.runIf(runsOn('sqlite'))('on SQLite', async () => {
		const dataDir = mkdtempSync(join(tmpdir(), 'sealed-tokens-'));
		folders.push(dataDir);
		const before = new DatabaseSync(join(dataDir, 'kiosk.sqlite'));
		for (const migration of migrations.slice(0, 17)) before.exec(migration);
		before.exec('PRAGMA user_version = 17');
		before.exec(DEVICE);
		before.exec(CLEAR_TOKEN);
		before.close();

		const store = openSqliteStore(dataDir);
		try {
			await expectSealed(store);
		} finally {
			await store.close();
		}
	});

	it.runIf(runsOn('postgres'))('on PostgreSQL', async () => {
		schema = await testSchema();
		for (const migration of postgresMigrations.slice(0, 11)) await schema.pool.query(migration);
		await schema.pool.query(`CREATE TABLE kiosk_schema (
			id integer PRIMARY KEY CHECK (id = 1), version integer NOT NULL)`);
		await schema.pool.query('INSERT INTO kiosk_schema (id, version) VALUES (1, 11)');
		await schema.pool.query(DEVICE);
		await schema.pool.query(CLEAR_TOKEN);

		const store = await openPostgresStore({ url: schema.url, schema: schema.name });
		try {
			await expectSealed(store);
		} finally {
			await store.close();
		}
	});
});
