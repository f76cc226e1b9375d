/**
 * A worker thread that claims rows of the leases spec's `jobs` table one at a time until none
 * is left, and reports the ids it got: two of these on one file race for real.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { DatabaseSync } from 'node:sqlite';
import { Kysely, sql } from 'kysely';
import { claimDue } from '../leases.ts';
import { NodeSqliteDialect } from '../node-sqlite-dialect.ts';
import type { KioskTables } from '../tables.ts';

const { file, owner, gate, workers } = workerData as {
	file: string;
	owner: string;
	/** Shared by all workers: each counts itself in and waits for the others, so they race. */
	gate: SharedArrayBuffer;
	workers: number;
};
const database = new DatabaseSync(file);
database.exec('PRAGMA busy_timeout = 5000;');
const db = new Kysely<KioskTables>({ dialect: new NodeSqliteDialect(database, null) });
const arrived = new Int32Array(gate);
if (Atomics.add(arrived, 0, 1) + 1 === workers) Atomics.notify(arrived, 0);
while (Atomics.load(arrived, 0) < workers)
	Atomics.wait(arrived, 0, Atomics.load(arrived, 0), 5_000);
const got: number[] = [];
const now = new Date(Date.UTC(2026, 10, 22, 10, 0, 0));
for (;;) {
	const rows = await claimDue<{ id: number }>(
		db,
		'sqlite',
		{ table: 'jobs', key: 'id', open: sql`state = 'open'` },
		{ owner, now, leaseMs: 60_000, limit: 1 }
	);
	if (rows.length === 0) break;
	got.push(...rows.map((row) => row.id));
}
await db.destroy();
database.close();
parentPort!.postMessage(got);
