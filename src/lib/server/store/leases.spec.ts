import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './database.ts';
import { claimDue, settleClaimed, type LeasedQueue } from './leases.ts';

const QUEUE: LeasedQueue = { table: 'jobs', key: 'id', open: "state = 'open'" };
const T0 = new Date(Date.UTC(2026, 10, 22, 10, 0, 0));
const at = (ms: number) => new Date(T0.getTime() + ms);

function jobs(db: Database, count: number, dueAt = T0): void {
	db.exec(`CREATE TABLE IF NOT EXISTS jobs (
		id INTEGER PRIMARY KEY, state TEXT NOT NULL, note TEXT,
		next_attempt_at TEXT NOT NULL, lease_owner TEXT, lease_until TEXT)`);
	const insert = db.prepare(`INSERT INTO jobs (state, next_attempt_at) VALUES ('open', ?)`);
	for (let i = 0; i < count; i += 1) insert.run(dueAt.toISOString());
}

const ids = (rows: { id: number }[]) => rows.map((row) => row.id).sort((a, b) => a - b);
const claim = (db: Database, owner: string, now: Date, limit = 10, leaseMs = 60_000) =>
	claimDue<{ id: number; lease_owner: string; lease_until: string }>(db, QUEUE, {
		owner,
		now,
		leaseMs,
		limit
	});

describe('claimDue', () => {
	it('gives two workers disjoint rows, and none to a third while the leases run', () => {
		const db = openDatabase(':memory:');
		jobs(db, 5);
		const a = claim(db, 'a', T0, 3);
		const b = claim(db, 'b', T0, 3);
		expect(a).toHaveLength(3);
		expect(b).toHaveLength(2);
		expect(ids([...a, ...b])).toEqual([1, 2, 3, 4, 5]);
		expect(claim(db, 'c', at(59_999))).toEqual([]);
		expect(a.every((row) => row.lease_owner === 'a')).toBe(true);
		expect(a[0]!.lease_until).toBe(at(60_000).toISOString());
	});

	it('never hands a row to two worker threads racing on one file', async () => {
		const dir = mkdtempSync(join(tmpdir(), 'leases-'));
		const db = openDatabase(dir);
		jobs(db, 300);
		const gate = new SharedArrayBuffer(4);
		const race = (owner: string) =>
			new Promise<number[]>((resolve, reject) => {
				const worker = new Worker(new URL('./testing/claim-worker.ts', import.meta.url), {
					workerData: { file: join(dir, 'kiosk.sqlite'), owner, gate, workers: 3 }
				});
				worker.once('message', resolve);
				worker.once('error', reject);
			});
		const got = await Promise.all([race('w1'), race('w2'), race('w3')]);
		const all = got.flat();
		expect(all).toHaveLength(300);
		expect(new Set(all).size).toBe(300);
		const owners = db
			.prepare('SELECT lease_owner, COUNT(*) AS rows FROM jobs GROUP BY lease_owner')
			.all() as { lease_owner: string; rows: number }[];
		expect(Object.fromEntries(owners.map((row) => [row.lease_owner, row.rows]))).toEqual(
			Object.fromEntries(
				got.flatMap((ids, index) => (ids.length > 0 ? [[`w${index + 1}`, ids.length]] : []))
			)
		);
		db.close();
	});

	it('makes a row due again when its lease ends (a worker that died)', () => {
		const db = openDatabase(':memory:');
		jobs(db, 1);
		expect(ids(claim(db, 'dead', T0, 1, 1_000))).toEqual([1]);
		expect(claim(db, 'next', at(999))).toEqual([]);
		const again = claim(db, 'next', at(1_000));
		expect(ids(again)).toEqual([1]);
		expect(again[0]!.lease_owner).toBe('next');
	});

	it('takes only rows that are open and due', () => {
		const db = openDatabase(':memory:');
		jobs(db, 2);
		jobs(db, 1, at(5_000));
		db.exec("UPDATE jobs SET state = 'done' WHERE id = 2");
		expect(ids(claim(db, 'a', T0))).toEqual([1]);
		expect(ids(claim(db, 'a', at(5_000)))).toEqual([3]);
	});
});

describe('settleClaimed', () => {
	it('settles only for the holder, and releases the lease', () => {
		const db = openDatabase(':memory:');
		jobs(db, 1);
		claim(db, 'a', T0);
		expect(settleClaimed(db, QUEUE, { key: 1, owner: 'b' }, "state = 'done'", [])).toBe(false);
		expect(db.prepare('SELECT state FROM jobs').get()).toEqual({ state: 'open' });
		expect(
			settleClaimed(db, QUEUE, { key: 1, owner: 'a' }, 'note = ?, next_attempt_at = ?', [
				'later',
				at(10_000).toISOString()
			])
		).toBe(true);
		expect(db.prepare('SELECT note, lease_owner, lease_until FROM jobs').get()).toEqual({
			note: 'later',
			lease_owner: null,
			lease_until: null
		});
		expect(claim(db, 'b', at(9_999))).toEqual([]);
		expect(ids(claim(db, 'b', at(10_000)))).toEqual([1]);
	});

	it('refuses a worker whose expired lease another worker took over', () => {
		const db = openDatabase(':memory:');
		jobs(db, 1);
		claim(db, 'slow', T0, 1, 1_000);
		claim(db, 'fast', at(2_000));
		expect(settleClaimed(db, QUEUE, { key: 1, owner: 'slow' }, "state = 'done'", [])).toBe(false);
		expect(settleClaimed(db, QUEUE, { key: 1, owner: 'fast' }, "state = 'done'", [])).toBe(true);
		expect(db.prepare('SELECT state FROM jobs').get()).toEqual({ state: 'done' });
	});
});
