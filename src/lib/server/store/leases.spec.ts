import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { claimDue, settleClaimed, type LeasedQueue } from './leases.ts';
import { openSqliteStore } from './sqlite-store.ts';
import type { Store, StoreDb } from './store.ts';
import { ENGINES, openTestStore } from './testing/test-stores.ts';

const QUEUE: LeasedQueue = { table: 'jobs', key: 'id', open: sql`state = 'open'` };
const T0 = new Date(Date.UTC(2026, 10, 22, 10, 0, 0));
const at = (ms: number) => new Date(T0.getTime() + ms);

interface JobsTable {
	id: number;
	state: string;
	note: string | null;
	next_attempt_at: string;
	lease_owner: string | null;
	lease_until: string | null;
}

const jobsOf = (db: StoreDb) => db.withTables<{ jobs: JobsTable }>();

/** Adds `count` open jobs due at `dueAt` (ids go on from the last). */
async function jobs(db: StoreDb, count: number, dueAt = T0): Promise<void> {
	await jobsOf(db)
		.schema.createTable('jobs')
		.ifNotExists()
		.addColumn('id', 'integer', (column) => column.primaryKey())
		.addColumn('state', 'text', (column) => column.notNull())
		.addColumn('note', 'text')
		.addColumn('next_attempt_at', 'text', (column) => column.notNull())
		.addColumn('lease_owner', 'text')
		.addColumn('lease_until', 'text')
		.execute();
	const { last } = await jobsOf(db)
		.selectFrom('jobs')
		.select((eb) => eb.fn.coalesce(eb.fn.max('id'), eb.lit(0)).as('last'))
		.executeTakeFirstOrThrow();
	await jobsOf(db)
		.insertInto('jobs')
		.values(
			Array.from({ length: count }, (_, index) => ({
				id: Number(last) + index + 1,
				state: 'open',
				next_attempt_at: dueAt.toISOString()
			}))
		)
		.execute();
}

const ids = (rows: { id: number }[]) => rows.map((row) => row.id).sort((a, b) => a - b);

describe.each(ENGINES)('leases on %s', (engine) => {
	let store: Store;
	beforeEach(async () => {
		store = await openTestStore(engine);
	});
	afterEach(() => store.close());

	const claim = (owner: string, now: Date, limit = 10, leaseMs = 60_000) =>
		claimDue<JobsTable>(store.db, store.engine, QUEUE, { owner, now, leaseMs, limit });
	const settle = (key: number, owner: string, assignments: Record<string, unknown>) =>
		settleClaimed(store.db, QUEUE, { key, owner }, assignments);
	const job = () =>
		jobsOf(store.db)
			.selectFrom('jobs')
			.select(['state', 'note', 'lease_owner', 'lease_until'])
			.executeTakeFirstOrThrow();

	describe('claimDue', () => {
		it('gives two workers disjoint rows, and none to a third while the leases run', async () => {
			await jobs(store.db, 5);
			const a = await claim('a', T0, 3);
			const b = await claim('b', T0, 3);
			expect(a).toHaveLength(3);
			expect(b).toHaveLength(2);
			expect(ids([...a, ...b])).toEqual([1, 2, 3, 4, 5]);
			expect(await claim('c', at(59_999))).toEqual([]);
			expect(a.every((row) => row.lease_owner === 'a')).toBe(true);
			expect(a[0]!.lease_until).toBe(at(60_000).toISOString());
		});

		it('never hands a row to two claims running at once', async () => {
			await jobs(store.db, 120);
			// Each worker claims until nothing is left; on PostgreSQL each claim has a connection of
			// its own, so the claims really overlap.
			const worker = async (owner: string) => {
				const got: number[] = [];
				for (;;) {
					const rows = await claim(owner, T0, 3);
					if (rows.length === 0) return got;
					got.push(...rows.map((row) => row.id));
				}
			};
			const got = await Promise.all(['w1', 'w2', 'w3', 'w4'].map(worker));
			const all = got.flat();
			expect(all).toHaveLength(120);
			expect(new Set(all).size).toBe(120);
			const owners = await jobsOf(store.db)
				.selectFrom('jobs')
				.select((eb) => ['lease_owner', eb.fn.countAll<number>().as('rows')])
				.groupBy('lease_owner')
				.execute();
			expect(Object.fromEntries(owners.map((row) => [row.lease_owner, Number(row.rows)]))).toEqual(
				Object.fromEntries(
					got.flatMap((rows, index) => (rows.length > 0 ? [[`w${index + 1}`, rows.length]] : []))
				)
			);
		});

		it('makes a row due again when its lease ends (a worker that died)', async () => {
			await jobs(store.db, 1);
			expect(ids(await claim('dead', T0, 1, 1_000))).toEqual([1]);
			expect(await claim('next', at(999))).toEqual([]);
			const again = await claim('next', at(1_000));
			expect(ids(again)).toEqual([1]);
			expect(again[0]!.lease_owner).toBe('next');
		});

		it('takes only rows that are open and due', async () => {
			await jobs(store.db, 2);
			await jobs(store.db, 1, at(5_000));
			await jobsOf(store.db)
				.updateTable('jobs')
				.set({ state: 'done' })
				.where('id', '=', 2)
				.execute();
			expect(ids(await claim('a', T0))).toEqual([1]);
			expect(ids(await claim('a', at(5_000)))).toEqual([3]);
		});
	});

	describe('settleClaimed', () => {
		it('settles only for the holder, and releases the lease', async () => {
			await jobs(store.db, 1);
			await claim('a', T0);
			expect(await settle(1, 'b', { state: 'done' })).toBe(false);
			expect(await job()).toMatchObject({ state: 'open' });
			expect(
				await settle(1, 'a', { note: 'later', next_attempt_at: at(10_000).toISOString() })
			).toBe(true);
			expect(await job()).toEqual({
				state: 'open',
				note: 'later',
				lease_owner: null,
				lease_until: null
			});
			expect(await claim('b', at(9_999))).toEqual([]);
			expect(ids(await claim('b', at(10_000)))).toEqual([1]);
		});

		it('refuses a worker whose expired lease another worker took over', async () => {
			await jobs(store.db, 1);
			await claim('slow', T0, 1, 1_000);
			await claim('fast', at(2_000));
			expect(await settle(1, 'slow', { state: 'done' })).toBe(false);
			expect(await settle(1, 'fast', { state: 'done', note: sql`'by ' || lease_owner` })).toBe(
				true
			);
			expect(await job()).toMatchObject({ state: 'done', note: 'by fast' });
		});
	});
});

describe('leases on one SQLite file', () => {
	it('never hand a row to two worker threads racing on it', async () => {
		const dir = mkdtempSync(join(tmpdir(), 'leases-'));
		const store = openSqliteStore(dir);
		await jobs(store.db, 300);
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
		const owners = await jobsOf(store.db)
			.selectFrom('jobs')
			.select((eb) => ['lease_owner', eb.fn.countAll<number>().as('rows')])
			.groupBy('lease_owner')
			.execute();
		expect(Object.fromEntries(owners.map((row) => [row.lease_owner, Number(row.rows)]))).toEqual(
			Object.fromEntries(
				got.flatMap((rows, index) => (rows.length > 0 ? [[`w${index + 1}`, rows.length]] : []))
			)
		);
		await store.close();
	});
});
