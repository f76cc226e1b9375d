/**
 * `npm run bench:load [-- --kiosks N --sales S --credits --store postgres --servers 2]` (after
 * `npm run build`): N kiosks
 * (default 8) doing S full sales each (default 25; with credits 3, which the demo wallet's €500
 * pays for) at the same time through the kiosk API, against the built server in demo mode with
 * its own simulator (bench-kiosk.ts) — figures to compare across SQLite, PostgreSQL
 * and two servers. Each sale: 2 × Pilsner and a pretzel (two cup deposits), started, paid by card
 * (the simulated terminal approved as soon as it waits), completed with its deposit code; with
 * `--credits`, a loyalty key first (credits cover the sale: preview and finalize too, no card).
 * Reports sales per second and the p50/p99 of each API step and of the whole sale (the key's
 * fetch from the simulator not counted); exits 1 if a sale does not complete.
 *
 * `--store postgres` runs the server on a throwaway PostgreSQL cluster (tests/postgres, Debian's
 * `postgresql`); `--servers 2` runs two servers on it, and every request of a kiosk goes to the
 * next server in turn, as a round-robin balancer sends them. Afterwards the same kiosks call the
 * simulator directly, the one platform call a card sale makes (the deposit create), so the kiosk
 * server's own part of a sale can be put against the simulator's: (sale − simulator) / simulator.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { createPlatformClient } from '../src/lib/server/platform/client.ts';
import { startCluster } from '../tests/postgres/cluster.ts';
import { startKiosk, type RunningKiosk } from './bench-kiosk.ts';

const { values } = parseArgs({
	options: {
		kiosks: { type: 'string', default: '8' },
		sales: { type: 'string' },
		credits: { type: 'boolean', default: false },
		store: { type: 'string', default: 'sqlite' },
		servers: { type: 'string', default: '1' }
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
const SALES = Number(values.sales ?? (values.credits ? 3 : 25));
for (const [name, value] of [
	['--kiosks', KIOSKS],
	['--sales', SALES]
] as const) {
	if (!Number.isInteger(value) || value < 1 || value > 1000) {
		console.error(`${name} takes a whole number from 1 to 1000`);
		process.exit(2);
	}
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
const failures: string[] = [];

const cluster = values.store === 'postgres' ? await startCluster() : null;
const env: Record<string, string> = cluster
	? { DATABASE_URL: cluster.url, KIOSK_SECRET: randomBytes(32).toString('hex') }
	: {};
const servers: RunningKiosk[] = [await startKiosk('load', { env })];
if (SERVERS === 2) {
	servers.push(await startKiosk('load-b', { env, simulatorUrl: servers[0]!.simulator }));
}
const kiosk = servers[0]!;
let turn = 0;
/** The server the balancer sends the next request to. */
const nextServer = () => servers[turn++ % servers.length]!.url;

/** A screen session paired as the demo kiosk (its cookie), as the demo home page pairs one. */
async function pairedCookie(): Promise<string> {
	const response = await fetch(`${kiosk.url}/demo/pair`, {
		method: 'POST',
		headers: { origin: kiosk.url, 'content-type': 'application/x-www-form-urlencoded' },
		body: 'mode=kiosk',
		redirect: 'manual'
	});
	const cookie = response.headers.getSetCookie().find((line) => line.startsWith('kiosk_screen='));
	if (!cookie) throw new Error(`pairing answered ${response.status} without a screen cookie`);
	return cookie.split(';')[0]!;
}

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
	return async (method: 'GET' | 'POST', path: string, body?: unknown) => {
		const server = nextServer();
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

async function timed<T>(step: StepName, run: () => Promise<T>): Promise<T> {
	const started = performance.now();
	try {
		return await run();
	} finally {
		timings[step].push(performance.now() - started);
	}
}

async function sale(api: ReturnType<typeof kioskApi>): Promise<void> {
	const key = values.credits ? await newKey() : null;
	const began = performance.now();
	const started = await timed('start', () => api('POST', '/sales', { basket: BASKET }));
	if (started.status !== 200) throw new Error(`start answered ${started.status}`);
	const id = String(started.body!.id);
	if (key) {
		const scanned = await timed('loyalty', () => api('POST', `/sales/${id}/loyalty`, { key }));
		if (scanned.status !== 200) throw new Error(`loyalty answered ${scanned.status}`);
	}
	const state = { settled: false };
	const paying = timed('pay', () => api('POST', `/sales/${id}/pay`)).finally(
		() => (state.settled = true)
	);
	// The guest taps "approve" on the (simulated) terminal as soon as it waits for the card
	// (credits covering everything leave nothing for the card: the payment ends without it).
	while (!state.settled) {
		const answered = await api('POST', `/sales/${id}/terminal`, { outcome: 'approved' });
		if (answered.status === 200) break;
		await new Promise((done) => setTimeout(done, 5));
	}
	const paid = await paying;
	timings.sale.push(performance.now() - began);
	if (paid.status !== 200 || paid.body?.state !== 'completed')
		throw new Error(`pay answered ${paid.status} ${String(paid.body?.state)}`);
}

const percentile = (numbers: number[], p: number) => {
	const sorted = [...numbers].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

/** When the sales began and ended (after pairing), and how many completed. */
const run = { began: 0, ended: 0, completed: 0 };
try {
	const cookies = await Promise.all(Array.from({ length: KIOSKS }, pairedCookie));
	run.began = performance.now();
	await Promise.all(
		cookies.map(async (cookie) => {
			const api = kioskApi(cookie);
			for (let i = 0; i < SALES; i += 1)
				await sale(api).then(
					() => void (run.completed += 1),
					(error: Error) => void failures.push(error.message)
				);
		})
	);
	run.ended = performance.now();
	await simulatorAlone();
} finally {
	await Promise.all(servers.map((server) => server.stop()));
	cluster?.stop();
}

/** The deposit create a card sale makes, called by the same kiosks straight at the simulator. */
async function simulatorAlone(): Promise<void> {
	const seed = (await (await fetch(`${kiosk.simulator}/_sim/seed`)).json()) as {
		devices: { id: string; apiKey: string }[];
	};
	const apiKey = seed.devices.find((device) => device.id === 'dev_kiosk_main')!.apiKey;
	const platform = createPlatformClient({ baseUrl: kiosk.simulator, apiKey });
	const items = [{ productId: 'drink_pils', quantity: 2 }];
	await Promise.all(
		Array.from({ length: KIOSKS }, async () => {
			for (let i = 0; i < SALES; i += 1) {
				await timed('simulator', () => platform.deposits.createTransaction(items));
			}
		})
	);
}

const elapsed = (run.ended - run.began) / 1000;
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
	`${KIOSKS} kiosks × ${SALES} sales${values.credits ? ' with credits' : ''} (${where}): ` +
		`${run.completed} completed in ${elapsed.toFixed(1)} s = ${(run.completed / elapsed).toFixed(1)} sales/s`
);
const [sale50, simulator50] = [percentile(timings.sale, 50), percentile(timings.simulator, 50)];
console.log(
	`kiosk server's part of a sale (p50): ${Math.round(sale50 - simulator50)} ms against the ` +
		`simulator's ${Math.round(simulator50)} ms = ${((sale50 - simulator50) / simulator50).toFixed(1)}×`
);
if (failures.length > 0) {
	console.log(`${failures.length} sales did not complete: ${[...new Set(failures)].join('; ')}`);
	process.exit(1);
}
