/**
 * `npm run copy-store`: moves a venue from one kiosk server's SQLite store to a PostgreSQL database
 * that several kiosk servers share (docs/server.md, Several kiosk servers on one PostgreSQL).
 *
 *   DATA_DIR=./data DATABASE_URL=postgres://… KIOSK_SECRET=<64 hex> npm run copy-store
 *
 * DATA_DIR is the source (its `kiosk.sqlite`, and `secret.key` unless SOURCE_KIOSK_SECRET names
 * the secret it ran with); DATABASE_URL the target, migrated here and required to be empty;
 * KIOSK_SECRET the secret every server of the target runs with: the device keys and the order
 * callback tokens are sealed again with it. Stop the old server first: what it writes during the
 * copy is not copied.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { keyringOf, SECRET_FILE, type Keyring } from '../src/lib/server/store/keyring.ts';
import { openPostgresStore } from '../src/lib/server/store/postgres-store.ts';
import { openSqliteStore } from '../src/lib/server/store/sqlite-store.ts';
import { copyStore } from '../src/lib/server/store/store-copy.ts';

function fail(message: string): never {
	console.error(`copy-store: ${message}`);
	process.exit(2);
}

function keyring(secret: string | undefined, name: string): Keyring {
	try {
		return keyringOf(secret?.trim() ?? '');
	} catch {
		fail(`${name} must be 64 hexadecimal characters`);
	}
}

const dataDir = process.env.DATA_DIR ?? './data';
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl || !/^postgres(ql)?:\/\//.test(databaseUrl)) {
	fail('DATABASE_URL must name the target PostgreSQL database (postgres://…)');
}
if (!existsSync(join(dataDir, 'kiosk.sqlite'))) fail(`no kiosk.sqlite in ${dataDir} (DATA_DIR)`);
const secretFile = join(dataDir, SECRET_FILE);
const sourceSecret =
	process.env.SOURCE_KIOSK_SECRET ??
	(existsSync(secretFile) ? readFileSync(secretFile, 'utf8') : undefined);
const sourceKeys = keyring(sourceSecret, 'SOURCE_KIOSK_SECRET (or DATA_DIR/secret.key)');
const targetKeys = keyring(process.env.KIOSK_SECRET, 'KIOSK_SECRET');

const from = openSqliteStore(dataDir);
const to = await openPostgresStore({ url: databaseUrl });
try {
	const copied = await copyStore({
		from,
		to,
		keyrings: { from: sourceKeys, to: targetKeys }
	});
	for (const [table, rows] of Object.entries(copied)) console.log(`${table.padEnd(28)} ${rows}`);
	console.log('Copied. Start every kiosk server with this DATABASE_URL and KIOSK_SECRET.');
} catch (error) {
	fail(error instanceof Error ? error.message : String(error));
} finally {
	await Promise.all([from.close(), to.close()]);
}
