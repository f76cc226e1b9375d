/**
 * `npm run bench:report [-- --sales N --kiosks K --pause P --runs R]` (after `npm run build`): the
 * day report over a day of N sales (default 100,000), while K kiosks (default 4) sell, each
 * pausing P ms (default 500) between sales as guests at a venue do.
 *
 * The day (yesterday, venue time zone UTC) is seeded straight into a fresh SQLite store in batched
 * inserts (reports/testing/seeded-day.ts: card, credit and split sales, options, three VAT rates,
 * deposits; a journal entry per card payment and credit finalize), then the built server starts on
 * it (bench-kiosk.ts; ports from BENCH_PORT's range, free ones otherwise) in demo
 * mode. The kiosks sell through the kiosk API as in bench:load, and a probe screen reads its
 * snapshot every 20 ms: its requests are the "kiosk request" timed — first for a few seconds without a
 * report, then while a manager fetches the report R times as the page loads it (its data) and R
 * times as CSV. A probe request that overlaps a report counts as during it. The server's memory
 * (VmRSS from /proc) is sampled throughout: the growth is the highest reading during the reports
 * less the highest while the kiosks sold without a report.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { JournalOperation } from '../src/lib/server/journal/journal-operation.ts';
import { daySale } from '../src/lib/server/reports/testing/seeded-day.ts';
import { newSaleRow } from '../src/lib/server/sales/sale-repository.ts';
import type { Sale } from '../src/lib/server/sales/sale.ts';
import { openSqliteStore } from '../src/lib/server/store/sqlite-store.ts';
import type { NewRow } from '../src/lib/server/store/tables.ts';
import { startKiosk, pairedScreenCookie } from './bench-kiosk.ts';
import { percentile, reportFigures, type Figure } from './bench-goals.ts';

const { values } = parseArgs({
	options: {
		sales: { type: 'string', default: '100000' },
		kiosks: { type: 'string', default: '4' },
		pause: { type: 'string', default: '500' },
		runs: { type: 'string', default: '5' }
	}
});
const SALES = Number(values.sales);
const KIOSKS = Number(values.kiosks);
const RUNS = Number(values.runs);
const PAUSE_MS = Number(values.pause);
for (const [name, value, min, max] of [
	['--pause', PAUSE_MS, 0, 60_000],
	['--sales', SALES, 1, 1_000_000],
	['--kiosks', KIOSKS, 1, 100],
	['--runs', RUNS, 1, 100]
] as const) {
	if (!Number.isInteger(value) || value < min || value > max) {
		console.error(`${name} takes a whole number from ${min} to ${max}`);
		process.exit(2);
	}
}
const DAY_MS = 86_400_000;
const from = Math.floor(Date.now() / DAY_MS) * DAY_MS - DAY_MS;
const day = new Date(from).toISOString().slice(0, 10);

/** Seeds the day: the sales, and the journal's card payments and credit finalizes of them. */
async function seed(dataDir: string): Promise<void> {
	const store = openSqliteStore(dataDir);
	const BATCH = 500;
	const began = performance.now();
	for (let start = 0; start < SALES; start += BATCH) {
		const sales: Sale[] = [];
		for (let index = start; index < Math.min(SALES, start + BATCH); index += 1) {
			const paidAt = from + Math.floor((index * DAY_MS) / SALES);
			sales.push(
				daySale(index, new Date(paidAt).toISOString(), new Date(paidAt + DAY_MS).toISOString())
			);
		}
		const entries: NewRow<'journal'>[] = sales.flatMap((sale) => {
			const at = sale.paidAt!;
			const entry = (operation: string, request: unknown): NewRow<'journal'> => ({
				device_id: sale.deviceId,
				operation,
				reference: sale.id,
				request: JSON.stringify(request),
				status: 'succeeded',
				attempts: 1,
				created_at: at,
				updated_at: at
			});
			return [
				...(sale.cardPaidMinor > 0
					? [entry(JournalOperation.cardPayment, { amountMinor: sale.cardPaidMinor })]
					: []),
				...(sale.credits ? [entry(JournalOperation.creditFinalize, {})] : [])
			];
		});
		await store.db.transaction().execute(async (db) => {
			// Well under SQLite's bound values per statement.
			for (let at = 0; at < sales.length; at += 100)
				await db
					.insertInto('sales')
					.values(sales.slice(at, at + 100).map(newSaleRow))
					.execute();
			for (let at = 0; at < entries.length; at += 200)
				await db
					.insertInto('journal')
					.values(entries.slice(at, at + 200))
					.execute();
		});
	}
	await store.close();
	console.log(`Seeded ${SALES} sales of ${day} in ${Math.round(performance.now() - began)} ms.`);
}

const median = (numbers: number[]) => percentile(numbers, 50);

/** The process's resident memory in MB; NaN once it has ended. */
const rssOf = (pid: number) => {
	try {
		const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
		return line ? Number(line[1]) / 1024 : NaN;
	} catch {
		return NaN;
	}
};

const dataDir = mkdtempSync(join(tmpdir(), 'bench-report-'));
await seed(dataDir);
const kiosk = await startKiosk('report', {
	dataDir,
	env: { VENUE_TIME_ZONE: 'UTC' }
});

const pairedCookie = () => pairedScreenCookie(kiosk.url);

/** A manager's session cookie (demo mode's manager password). */
async function managerCookie(): Promise<string> {
	const response = await fetch(`${kiosk.url}/setup/login`, {
		method: 'POST',
		headers: { origin: kiosk.url, 'content-type': 'application/x-www-form-urlencoded' },
		body: 'name=Bench+Manager&password=kiosk-manager',
		redirect: 'manual'
	});
	const cookie = response.headers.getSetCookie().find((line) => line.startsWith('kiosk_staff='));
	if (!cookie) throw new Error(`login answered ${response.status} without a staff cookie`);
	return cookie.split(';')[0]!;
}

function kioskApi(cookie: string) {
	return async (method: 'GET' | 'POST', path: string, body?: unknown) => {
		const response = await fetch(`${kiosk.url}/api/kiosk${path}`, {
			method,
			headers: { cookie, 'content-type': 'application/json', origin: kiosk.url },
			body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined
		});
		return {
			status: response.status,
			body: (await response.json().catch(() => null)) as Record<string, unknown> | null
		};
	};
}

const BASKET = [
	{ productId: 'drink_pils', quantity: 2 },
	{ productId: 'food_pretzel', quantity: 1 }
];
const state = { selling: true, failures: [] as string[], completed: 0 };

/** A full card sale, as bench:load makes one. */
async function sale(api: ReturnType<typeof kioskApi>): Promise<void> {
	const started = await api('POST', '/sales', { basket: BASKET, confirmedAge: 16 });
	if (started.status !== 200) throw new Error(`start answered ${started.status}`);
	const id = String(started.body!.id);
	const paying = { settled: false };
	const pay = api('POST', `/sales/${id}/pay`).finally(() => (paying.settled = true));
	while (!paying.settled) {
		const answered = await api('POST', `/sales/${id}/terminal`, { outcome: 'approved' });
		if (answered.status === 200) break;
		await new Promise((done) => setTimeout(done, 5));
	}
	const paid = await pay;
	if (paid.status !== 200 || paid.body?.state !== 'completed')
		throw new Error(`pay answered ${paid.status} ${String(paid.body?.state)}`);
}

/** The probe's requests: when each began and ended (performance.now()). */
const probes: { began: number; ended: number }[] = [];
const memory: { at: number; mb: number }[] = [];
const reports: { kind: 'page' | 'csv'; began: number; ended: number; bytes: number }[] = [];

const figures: Figure[] = [];
try {
	const [manager, probeCookie, ...cookies] = await Promise.all([
		managerCookie(),
		pairedCookie(),
		...Array.from({ length: KIOSKS }, pairedCookie)
	]);
	const selling = cookies.map(async (cookie) => {
		const api = kioskApi(cookie);
		while (state.selling) {
			await sale(api).then(
				() => void (state.completed += 1),
				(error: Error) => void state.failures.push(error.message)
			);
			await new Promise((done) => setTimeout(done, PAUSE_MS));
		}
	});
	const probeApi = kioskApi(probeCookie!);
	const probing = (async () => {
		while (state.selling) {
			const began = performance.now();
			const answered = await probeApi('GET', '/snapshot').catch((error: Error) => ({
				status: error.message
			}));
			probes.push({ began, ended: performance.now() });
			if (answered.status !== 200) state.failures.push(`probe answered ${answered.status}`);
			await new Promise((done) => setTimeout(done, 20));
		}
	})();
	const sampling = setInterval(
		() => memory.push({ at: performance.now(), mb: rssOf(kiosk.pid) }),
		10
	);

	const report = async (kind: 'page' | 'csv') => {
		const path =
			kind === 'page'
				? `/setup/reports/day/__data.json?day=${day}`
				: `/setup/reports/day/report.csv?day=${day}`;
		const began = performance.now();
		const response = await fetch(`${kiosk.url}${path}`, { headers: { cookie: manager! } });
		const body = await response.text();
		if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
		reports.push({ kind, began, ended: performance.now(), bytes: body.length });
	};

	// A warm-up report of each kind (the first request of a route loads its code), then the
	// quiet phase.
	await report('page');
	await report('csv');
	await new Promise((done) => setTimeout(done, 5000));
	const quietEnded = performance.now();
	const warmupEnded = reports.at(-1)!.ended;
	reports.length = 0;
	for (let run = 0; run < RUNS; run += 1) {
		await report('page');
		await new Promise((done) => setTimeout(done, 200));
		await report('csv');
		await new Promise((done) => setTimeout(done, 200));
	}
	state.selling = false;
	clearInterval(sampling);
	await Promise.all([...selling, probing]);

	const quiet = probes.filter((p) => p.began > warmupEnded + 500 && p.ended < quietEnded);
	const during = probes.filter((p) => reports.some((r) => p.began < r.ended && p.ended > r.began));
	const baseline = Math.max(
		...memory.filter((m) => m.at > warmupEnded && m.at < quietEnded).map((m) => m.mb)
	);
	const peak = Math.max(...memory.filter((m) => m.at >= quietEnded).map((m) => m.mb));
	const timesOf = (kind: 'page' | 'csv') =>
		reports.filter((r) => r.kind === kind).map((r) => r.ended - r.began);
	console.log(
		`${SALES} sales of ${day}; ${KIOSKS} kiosks sold ${state.completed} meanwhile; ` +
			`${quiet.length} probe requests without a report, ${during.length} during one.`
	);
	console.log(
		`page data ${timesOf('page').map(Math.round).join(', ')} ms; ` +
			`CSV ${timesOf('csv').map(Math.round).join(', ')} ms; memory ${Math.round(baseline)} MB at most without a report.`
	);
	figures.push(
		{
			what: 'report page data, median',
			value: median(timesOf('page')),
			unit: 'ms',
			goal: { max: 300 }
		},
		{ what: 'report page data, slowest', value: Math.max(...timesOf('page')), unit: 'ms' },
		{ what: 'report CSV, median', value: median(timesOf('csv')), unit: 'ms', goal: { max: 300 } },
		{ what: 'report CSV, slowest', value: Math.max(...timesOf('csv')), unit: 'ms' },
		{
			what: 'server RSS growth during the reports',
			value: peak - baseline,
			unit: 'MB',
			goal: { max: 20 }
		},
		{
			what: 'kiosk request p99, no report',
			value: percentile(
				quiet.map((p) => p.ended - p.began),
				99
			),
			unit: 'ms'
		},
		{
			what: 'kiosk request p99, during a report',
			value: percentile(
				during.map((p) => p.ended - p.began),
				99
			),
			unit: 'ms',
			goal: { max: 50 }
		},
		{ what: 'kiosk requests failed', value: state.failures.length, unit: '', goal: { max: 0 } }
	);
} finally {
	state.selling = false;
	await kiosk.stop();
}
if (state.failures.length > 0) console.error(state.failures.slice(0, 5).join('\n'));
reportFigures(figures);
