/**
 * `npm run bench:load [-- --kiosks N --sales S --warm-up W --credits --store postgres --servers 2]` (after
 * `npm run build`): N kiosks (default 50) doing S full sales each (default 4; with credits 3,
 * which the demo wallet's €500 pays for) at the same time through the kiosk API, against the
 * built server in demo mode — figures to compare across SQLite, PostgreSQL and two servers. Each
 * sale: 2 × Pilsner and a pretzel (two cup deposits), started, paid by card (the simulated
 * terminal approved as soon as it waits), completed with its deposit code; with `--credits`, a
 * loyalty key first (credits cover the sale: preview and finalize too, no card). Exits 1 if a
 * sale does not complete or a goal is missed (scripts/bench-goals.ts).
 *
 * Before the measured sales, each kiosk makes W card sales (default 1) that are not counted: a
 * server at a festival runs for hours, and its first sales pay once for what the JavaScript engine
 * compiles. `--warm-up 0` measures a cold server.
 *
 * The simulator runs as a process of its own, so the server's process holds only the server: its
 * CPU time over the sales (/proc/<pid>/stat) ÷ the sales it served is the CPU per sale (each
 * server's, with two). Log flushes per sale: on SQLite the fsyncs of the store's write-ahead log
 * (commits that wait together share one), counted by running the server under strace (fsync and
 * fdatasync only); on PostgreSQL the
 * WAL flushes of the cluster (`pg_stat_wal.wal_sync`, read after the servers have stopped and
 * reported their statistics). The cluster runs with PostgreSQL's durable settings.
 *
 * `--store postgres` runs the server on a throwaway PostgreSQL cluster (tests/postgres, Debian's
 * `postgresql`); `--servers 2` runs two servers on it, and every request of a kiosk goes to the
 * next server in turn, as a round-robin balancer sends them — but for the tap on the simulated
 * terminal, which goes to the server whose payment waits for it. A real terminal (ZVT) answers
 * the server that drives it, so no sale of a venue waits for another server; the simulated
 * terminal's answer given to another server meets its payment through the store
 * (terminal/answer-rendezvous.ts), a demo's path that cost 2–2.5 ms of CPU per sale here
 * (measured 2026-11-29) and is tested on its own (simulated-terminal.spec.ts). Afterwards the
 * same kiosks call the simulator directly, the one platform call a card sale makes (the deposit
 * create), the same number of times: the sale's p50 and p99 are put against these as sale ÷
 * direct.
 *
 * `--heartbeats N [--beat-seconds B]` adds fleet health's load: N screens of their own
 * (scripts/bench-heartbeats.ts) beat while the kiosks sell, each every B s (default 15, as with
 * the default threshold; 1 as with the shortest), their beats spread evenly. A run of sales at
 * 15 s sees few beats: more `--sales` let each screen beat more often in each run. The
 * measured sales then run twelve times — without beats, with, with, without, three times over (a
 * load of others on the shared machine that comes and goes weighs on both alike) — and the sale's
 * p50 and p99 and the server's CPU per sale (the beats' CPU included) are put side by side, with
 * ÷ without. The figures above it are the runs without.
 *
 * Ports: from BENCH_PORT on (scripts/bench-kiosk.ts), else free ones.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createPlatformClient } from '../src/lib/server/platform/client.ts';
import { startCluster } from '../tests/postgres/cluster.ts';
import { percentile, reportFigures, type Figure } from './bench-goals.ts';
import { beatingWhile, pairScreens } from './bench-heartbeats.ts';
import {
	benchPort,
	fsyncsIn,
	processCpuMs,
	startKiosk,
	type RunningKiosk,
	pairedScreenCookie
} from './bench-kiosk.ts';
import { log } from '../src/lib/server/logging/logger.ts';

// The bench prints figures: its own platform calls' log lines (info) would bury them.
log.level = 'warn';

const { values } = parseArgs({
	options: {
		kiosks: { type: 'string', default: '50' },
		sales: { type: 'string' },
		'warm-up': { type: 'string', default: '1' },
		credits: { type: 'boolean', default: false },
		store: { type: 'string', default: 'sqlite' },
		servers: { type: 'string', default: '1' },
		heartbeats: { type: 'string', default: '0' },
		'beat-seconds': { type: 'string', default: '15' }
	}
});
const SERVERS = Number(values.servers);
if (!['sqlite', 'postgres'].includes(values.store) || ![1, 2].includes(SERVERS)) {
	console.error('--store takes sqlite or postgres, --servers 1 or 2');
	process.exit(2);
}
if (SERVERS === 2 && values.store !== 'postgres') {
	console.error('two servers share a PostgreSQL store: add --store postgres');
	process.exit(2);
}
const KIOSKS = Number(values.kiosks);
// With credits every sale spends about €17 of the demo wallet's €500: 3 per kiosk by default.
const SALES = Number(values.sales ?? (values.credits ? 3 : 4));
const WARM_UP = Number(values['warm-up']);
const HEARTBEATS = Number(values.heartbeats);
for (const [name, value, least] of [
	['--kiosks', KIOSKS, 1],
	['--sales', SALES, 1],
	['--warm-up', WARM_UP, 0],
	['--heartbeats', HEARTBEATS, 0]
] as const) {
	if (!Number.isInteger(value) || value < least || value > 1000) {
		console.error(`${name} takes a whole number from ${least} to 1000`);
		process.exit(2);
	}
}
/** The measured runs with `--heartbeats`, in this order (see the module header). */
const ALTERNATING = Array.from(
	{ length: 3 },
	() => ['without', 'with', 'with', 'without'] as const
).flat();
const BEAT_SECONDS = Number(values['beat-seconds']);
// 15 s: the venue's default threshold (45 s); 1 s: the shortest threshold's (3 s).
if (!Number.isInteger(BEAT_SECONDS) || BEAT_SECONDS < 1 || BEAT_SECONDS > 15) {
	console.error('--beat-seconds takes a whole number from 1 to 15');
	process.exit(2);
}
const BASKET = [
	{ productId: 'drink_pils', quantity: 2 },
	{ productId: 'food_pretzel', quantity: 1 }
];

type StepName = 'start' | 'loyalty' | 'pay' | 'sale' | 'simulator';
const timings: Record<StepName, number[]> = {
	start: [],
	loyalty: [],
	pay: [],
	sale: [],
	simulator: []
};
/** The whole sales of the runs with the screens beating (`--heartbeats`). */
const salesWithBeats: number[] = [];
const failures: string[] = [];

const simulator = await startSimulator();
const traces = mkdtempSync(join(tmpdir(), 'bench-load-'));
const servers: RunningKiosk[] = [];
let cluster: Awaited<ReturnType<typeof startCluster>> | null = null;
/** The servers' secret on PostgreSQL (on SQLite demo mode keeps one in the data folder). */
const kioskSecret = randomBytes(32).toString('hex');
/** Stops what was started: after the run, or when starting failed (nothing is left behind). */
async function stopAll(): Promise<void> {
	await Promise.all(servers.map((server) => server.stop()));
	await simulator.stop();
	cluster?.stop();
	rmSync(traces, { recursive: true, force: true });
}
try {
	if (values.store === 'postgres') {
		cluster = await startCluster({ durable: true, port: await benchPort() });
	}
	const env: Record<string, string> = cluster
		? { DATABASE_URL: cluster.url, KIOSK_SECRET: kioskSecret }
		: {};
	for (let index = 0; index < SERVERS; index += 1) {
		const traceFsyncsTo = cluster ? undefined : join(traces, `fsyncs-${index}`);
		servers.push(
			await startKiosk(`load-${index}`, { env, simulatorUrl: simulator.url, traceFsyncsTo })
		);
	}
} catch (error) {
	await stopAll();
	throw error;
}
const kiosk = servers[0]!;

/** The simulator as a process of its own, up once it answers. */
async function startSimulator() {
	const url = `http://127.0.0.1:${await benchPort()}`;
	const child = spawn(process.execPath, ['packages/platform-sim/src/main.ts'], {
		cwd: resolve(import.meta.dirname, '..'),
		env: { ...process.env, SIM_PORT: new URL(url).port, SIM_HOST: '127.0.0.1', SIM_QUIET: '1' },
		stdio: ['ignore', 'ignore', 'inherit']
	});
	const stop = async () => {
		if (child.exitCode !== null || child.signalCode !== null) return;
		const exited = new Promise((done) => child.once('exit', done));
		child.kill('SIGTERM');
		await exited;
	};
	for (let tries = 0; !(await fetch(`${url}/_sim/seed`).catch(() => null))?.ok; tries += 1) {
		if (tries > 150) {
			await stop();
			throw new Error('the simulator did not start within 30 s');
		}
		await new Promise((done) => setTimeout(done, 200));
	}
	return { url, stop };
}

/** The cluster's WAL flushes so far (statistics of servers still connected may lag). */
async function walSyncs(url: string): Promise<number> {
	const client = new pg.Client({ connectionString: url });
	await client.connect();
	try {
		const { rows } = await client.query<{ wal_sync: string }>('select wal_sync from pg_stat_wal');
		return Number(rows[0]!.wal_sync);
	} finally {
		await client.end();
	}
}
let turn = 0;
/** The server the balancer sends the next request to. */
const nextServer = () => servers[turn++ % servers.length]!.url;

const pairedCookie = () => pairedScreenCookie(kiosk.url);

async function newKey(): Promise<string> {
	const response = await fetch(`${kiosk.simulator}/_sim/transaction-keys`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ walletId: 'wallet_plenty' })
	});
	return ((await response.json()) as { transactionKey: string }).transactionKey;
}

/** One kiosk's calls: JSON as the screen sends it, with its cookie; timed by step. */
function kioskApi(cookie: string) {
	return async (method: 'GET' | 'POST', path: string, body?: unknown, server = nextServer()) => {
		const response = await fetch(`${server}/api/kiosk${path}`, {
			method,
			headers: { cookie, 'content-type': 'application/json', origin: server },
			body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined
		});
		return {
			status: response.status,
			body: (await response.json().catch(() => null)) as Record<string, unknown> | null
		};
	};
}

/** Whether the sales now running are counted (not the warm-up), and with the beats or not. */
let counting: false | 'without' | 'with' = false;

async function timed<T>(step: StepName, run: () => Promise<T>): Promise<T> {
	const started = performance.now();
	try {
		return await run();
	} finally {
		if (counting === 'without') timings[step].push(performance.now() - started);
	}
}

async function sale(api: ReturnType<typeof kioskApi>): Promise<void> {
	const key = values.credits && counting ? await newKey() : null;
	const began = performance.now();
	const started = await timed('start', () =>
		api('POST', '/sales', { basket: BASKET, confirmedAge: 16 })
	);
	if (started.status !== 200) throw new Error(`start answered ${started.status}`);
	const id = String(started.body!.id);
	if (key) {
		const scanned = await timed('loyalty', () => api('POST', `/sales/${id}/loyalty`, { key }));
		if (scanned.status !== 200) throw new Error(`loyalty answered ${scanned.status}`);
	}
	const state = { settled: false };
	const payingServer = nextServer();
	const paying = timed('pay', () =>
		api('POST', `/sales/${id}/pay`, undefined, payingServer)
	).finally(() => (state.settled = true));
	// The guest taps "approve" on the (simulated) terminal as soon as it waits for the card
	// (credits covering everything leave nothing for the card: the payment ends without it). The
	// tap reaches the server the payment waits on, as a real terminal answers the server that
	// drives it (see the module header).
	while (!state.settled) {
		const answered = await api(
			'POST',
			`/sales/${id}/terminal`,
			{ outcome: 'approved' },
			payingServer
		);
		if (answered.status === 200) break;
		await new Promise((done) => setTimeout(done, 5));
	}
	const paid = await paying;
	if (counting)
		(counting === 'with' ? salesWithBeats : timings.sale).push(performance.now() - began);
	if (paid.status !== 200 || paid.body?.state !== 'completed')
		throw new Error(`pay answered ${paid.status} ${String(paid.body?.state)}`);
}

/** The measured runs without beats: how long they took, how many completed, what they cost. */
const run = {
	seconds: 0,
	completed: 0,
	cpuMs: servers.map(() => 0),
	flushes: 0
};
/** The same of the runs with the screens beating, and the beats answered and failed. */
const withBeats = { completed: 0, cpuMs: servers.map(() => 0), beats: 0, failedBeats: 0 };
/** The store's log flushes so far (see the module header). */
const flushes = async () =>
	cluster
		? walSyncs(cluster.url)
		: servers.reduce((sum, _, index) => sum + fsyncsIn(join(traces, `fsyncs-${index}`)), 0);
try {
	const cookies = await Promise.all(Array.from({ length: KIOSKS }, pairedCookie));
	const beating =
		HEARTBEATS > 0
			? await pairScreens(
					{
						dataDir: kiosk.dataDir,
						databaseUrl: cluster?.url,
						kioskSecret: cluster ? kioskSecret : undefined
					},
					HEARTBEATS
				)
			: [];
	await Promise.all(
		cookies.map(async (cookie) => {
			for (let i = 0; i < WARM_UP; i += 1) await sale(kioskApi(cookie));
		})
	);
	/** Each kiosk's S sales at once; the servers' CPU they took and how many completed. */
	const sales = async () => {
		const cpuBefore = servers.map((server) => processCpuMs(server.pid));
		let completed = 0;
		await Promise.all(
			cookies.map(async (cookie) => {
				const api = kioskApi(cookie);
				for (let i = 0; i < SALES; i += 1)
					await sale(api).then(
						() => void (completed += 1),
						(error: Error) => void failures.push(error.message)
					);
			})
		);
		const cpuMs = servers.map((server, index) => processCpuMs(server.pid) - cpuBefore[index]!);
		return { completed, cpuMs };
	};
	const add = (into: number[], cpuMs: number[]) => cpuMs.forEach((ms, at) => (into[at]! += ms));
	// PostgreSQL's flushes are read once all runs are over (see `flushes`): with beats, theirs too.
	const flushesBefore = cluster ? await flushes() : 0;
	for (const phase of HEARTBEATS > 0 ? ALTERNATING : (['without'] as const)) {
		counting = phase;
		if (phase === 'with') {
			const beaten = await beatingWhile(kiosk.url, beating, BEAT_SECONDS * 1000, sales);
			withBeats.completed += beaten.result.completed;
			add(withBeats.cpuMs, beaten.result.cpuMs);
			withBeats.beats += beaten.beats;
			withBeats.failedBeats += beaten.failed;
		} else {
			const began = performance.now();
			const flushed = cluster ? 0 : await flushes();
			const ran = await sales();
			run.seconds += (performance.now() - began) / 1000;
			run.completed += ran.completed;
			add(run.cpuMs, ran.cpuMs);
			if (!cluster) run.flushes += (await flushes()) - flushed;
		}
	}
	await Promise.all(servers.map((server) => server.stop()));
	// PostgreSQL's statistics of a connection are complete once it has closed.
	if (cluster) run.flushes = (await flushes()) - flushesBefore;
	counting = 'without';
	await simulatorAlone();
} finally {
	await stopAll();
}

/** The deposit create a card sale makes, called by the same kiosks straight at the simulator. */
async function simulatorAlone(): Promise<void> {
	const seed = (await (await fetch(`${simulator.url}/_sim/seed`)).json()) as {
		devices: { id: string; apiKey: string }[];
	};
	const apiKey = seed.devices.find((device) => device.id === 'dev_kiosk_main')!.apiKey;
	const platform = createPlatformClient({ baseUrl: simulator.url, apiKey });
	const items = [{ productId: 'drink_pils', quantity: 2 }];
	await Promise.all(
		Array.from({ length: KIOSKS }, async () => {
			for (let i = 0; i < SALES; i += 1) {
				await timed('simulator', () => platform.deposits.createTransaction(items));
			}
		})
	);
}

const elapsed = run.seconds;
console.table(
	(Object.keys(timings) as StepName[])
		.filter((step) => timings[step].length > 0)
		.map((step) => ({
			step:
				step === 'sale'
					? 'whole sale'
					: step === 'simulator'
						? 'simulator alone (deposit create)'
						: `POST ${step}`,
			count: timings[step].length,
			'p50 ms': Math.round(percentile(timings[step], 50)),
			'p99 ms': Math.round(percentile(timings[step], 99))
		}))
);
const where = `${values.store === 'postgres' ? 'PostgreSQL' : 'SQLite'}, ${SERVERS === 2 ? 'two servers' : 'one server'}`;
console.log(
	`${KIOSKS} kiosks × ${SALES} sales${values.credits ? ' with credits' : ''} (${where}, ` +
		`after ${WARM_UP} warm-up sale${WARM_UP === 1 ? '' : 's'} each): ` +
		`${run.completed} completed in ${elapsed.toFixed(1)} s = ${(run.completed / elapsed).toFixed(1)} sales/s`
);
const ratio = (p: number) => percentile(timings.sale, p) / percentile(timings.simulator, p);
const perSale = (value: number) => value / Math.max(1, run.completed);
const figures: Figure[] = [
	{ what: 'sale p50', value: percentile(timings.sale, 50), unit: 'ms' },
	{ what: 'simulator direct p50', value: percentile(timings.simulator, 50), unit: 'ms' },
	{ what: 'sale p99', value: percentile(timings.sale, 99), unit: 'ms' },
	{ what: 'simulator direct p99', value: percentile(timings.simulator, 99), unit: 'ms' },
	{ what: 'sale ÷ direct, p50', value: ratio(50), unit: '×', goal: { max: 1.5 } },
	{ what: 'sale ÷ direct, p99', value: ratio(99), unit: '×', goal: { max: 2 } },
	// Each server served its share of the requests (round robin): its CPU over that share.
	...run.cpuMs.map((cpuMs, index) => ({
		what: `server ${SERVERS === 1 ? '' : `${index + 1} `}CPU per sale`,
		value: perSale(cpuMs) * SERVERS,
		unit: 'ms',
		goal: { max: 3 }
	})),
	// On PostgreSQL the flushes are of every run (see `flushesBefore`), beats' included.
	cluster && HEARTBEATS > 0
		? {
				what: 'log flushes per sale, beats included',
				value: run.flushes / Math.max(1, run.completed + withBeats.completed),
				unit: 'flushes'
			}
		: {
				what: 'log flushes per sale',
				value: perSale(run.flushes),
				unit: 'flushes',
				goal: { max: 4 }
			}
];
reportFigures(figures);
if (HEARTBEATS > 0) reportHeartbeatEffect();

/** The sales without and with the screens beating, side by side (`--heartbeats`). */
function reportHeartbeatEffect(): void {
	const cpuPerSale = (cpuMs: number[], completed: number) =>
		cpuMs.reduce((sum, ms) => sum + ms, 0) / Math.max(1, completed);
	const compared = [
		['sale p50', percentile(timings.sale, 50), percentile(salesWithBeats, 50), 1.1],
		['sale p99', percentile(timings.sale, 99), percentile(salesWithBeats, 99), 1.25],
		[
			// The beats' CPU counts with the sales' in the runs with them.
			'server CPU per sale',
			cpuPerSale(run.cpuMs, run.completed),
			cpuPerSale(withBeats.cpuMs, withBeats.completed),
			1.15
		]
	] as const;
	console.log(
		`With ${HEARTBEATS} screens beating every ${BEAT_SECONDS} s: ` +
			`${withBeats.beats} beats answered, ${withBeats.failedBeats} failed, ` +
			`${withBeats.completed} sales completed (without: ${run.completed}).`
	);
	reportFigures([
		...compared.flatMap(([what, without, withThem, most]): Figure[] => [
			{ what: `${what} without beats`, value: without, unit: 'ms' },
			{ what: `${what} with beats`, value: withThem, unit: 'ms' },
			{ what: `${what}, with ÷ without`, value: withThem / without, unit: '×', goal: { max: most } }
		]),
		{
			what: 'beats not answered 200',
			value: withBeats.failedBeats,
			unit: 'beats',
			goal: { max: 0 }
		}
	]);
}
if (failures.length > 0) {
	console.log(`${failures.length} sales did not complete: ${[...new Set(failures)].join('; ')}`);
	process.exit(1);
}
