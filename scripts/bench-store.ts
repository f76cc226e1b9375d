/**
 * `npm run bench:store [-- --writers W --commits C]` (no build needed): what the SQLite store's
 * commits cost the server's one thread. W writers (default 50, as many kiosks) each make C
 * durable commits (default 400) at once through the store as the server opens it
 * (store/sqlite-store.ts): a row of sale-sized text inserted and a random earlier one updated,
 * so the log passes SQLite's checkpoint threshold many times over. Each COMMIT statement is timed
 * as it runs on the thread (node:sqlite's statements are synchronous): a commit that holds the
 * thread — a flush or a checkpoint on it — is time every kiosk on the server waits.
 *
 * A long commit is counted against the goal only if the thread gave up the CPU in it to wait (a
 * voluntary context switch of the thread, /proc/thread-self/status: the disk, a lock). A commit
 * the system merely took the CPU from, on a machine busy with other work (involuntary switches
 * only), is listed beside it: it says how loaded the machine was, not what the store does.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StatementSync, type SQLInputValue, type StatementResultingChanges } from 'node:sqlite';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { openSqliteStore } from '../src/lib/server/store/sqlite-store.ts';
import { percentile, reportFigures } from './bench-goals.ts';

const { values } = parseArgs({
	options: {
		writers: { type: 'string', default: '50' },
		commits: { type: 'string', default: '400' }
	}
});
const WRITERS = Number(values.writers);
const COMMITS = Number(values.commits);
for (const [name, value] of [
	['--writers', WRITERS],
	['--commits', COMMITS]
] as const) {
	if (!Number.isInteger(value) || value < 1 || value > 10_000) {
		console.error(`${name} takes a whole number from 1 to 10000`);
		process.exit(2);
	}
}

/** A commit this long is a stall a kiosk notices among its requests' few milliseconds. */
const LONG_MS = 5;

const THREAD_STATUS = '/proc/thread-self/status';
/**
 * Linux's count of the times this thread gave up the CPU to wait. Where the system has none to
 * read, every long commit counts as one the thread waited in.
 */
const waits = existsSync(THREAD_STATUS)
	? () =>
			Number(/^voluntary_ctxt_switches:\s+(\d+)$/m.exec(readFileSync(THREAD_STATUS, 'utf8'))?.[1])
	: null;

const dataDir = mkdtempSync(join(tmpdir(), 'bench-store-'));
const store = openSqliteStore(dataDir);
/** How long each COMMIT held the thread, in ms, and whether the thread waited in it. */
const commits: { ms: number; waited: boolean }[] = [];
/** The store binds its parameters as a list (node-sqlite-dialect.ts), never by name. */
type Run = (this: StatementSync, ...parameters: SQLInputValue[]) => StatementResultingChanges;
const run = StatementSync.prototype.run as Run;
const timedRun: Run = function (...parameters) {
	if (!/^\s*commit\b/i.test(this.sourceSQL)) return run.apply(this, parameters);
	const waitsBefore = waits?.() ?? 0;
	const began = performance.now();
	try {
		return run.apply(this, parameters);
	} finally {
		const ms = performance.now() - began;
		commits.push({ ms, waited: waits === null || waits() > waitsBefore });
	}
};
StatementSync.prototype.run = timedRun as StatementSync['run'];
try {
	await sql`CREATE TABLE bench_rows (id INTEGER PRIMARY KEY, body TEXT NOT NULL)`.execute(store.db);
	const body = (seed: number) => `${seed}:${'x'.repeat(600)}`;
	let written = 0;
	const began = performance.now();
	await Promise.all(
		Array.from({ length: WRITERS }, async (_, writer) => {
			for (let commit = 0; commit < COMMITS; commit += 1) {
				await store.db.transaction().execute(async (trx) => {
					await sql`INSERT INTO bench_rows (body) VALUES (${body(writer)})`.execute(trx);
					written += 1;
					const earlier = 1 + Math.floor(Math.random() * written);
					await sql`UPDATE bench_rows SET body = ${body(commit)} WHERE id = ${earlier}`.execute(
						trx
					);
				});
			}
		})
	);
	const seconds = (performance.now() - began) / 1000;
	console.log(
		`${WRITERS} writers × ${COMMITS} durable commits: ${Math.round((WRITERS * COMMITS) / seconds)} commits/s.`
	);
	const durations = commits.map(({ ms }) => ms);
	const long = commits.filter(({ ms }) => ms > LONG_MS);
	const held = long.filter(({ waited }) => waited);
	reportFigures([
		{ what: 'commit on the thread, p50', value: percentile(durations, 50), unit: 'ms' },
		{ what: 'commit on the thread, p99.9', value: percentile(durations, 99.9), unit: 'ms' },
		{ what: 'commit on the thread, longest', value: Math.max(...durations), unit: 'ms' },
		{
			what: `commits holding the thread > ${LONG_MS} ms, waiting in it`,
			value: held.length,
			unit: 'commits',
			goal: { max: 0 }
		},
		{
			what: 'thread time in those',
			value: held.reduce((sum, { ms }) => sum + ms, 0),
			unit: 'ms'
		},
		{
			what: `commits > ${LONG_MS} ms the machine's load took the CPU from`,
			value: long.length - held.length,
			unit: 'commits'
		}
	]);
} finally {
	await store.close();
	rmSync(dataDir, { recursive: true, force: true });
}
