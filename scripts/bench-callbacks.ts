/**
 * `npm run bench:callbacks [-- --orders N --concurrency C --warmup W]` (after `npm run build`):
 * how fast the built kiosk server answers the platform's order callbacks (spec 2, Events) in a
 * burst, and how long until every announced order is on the order board.
 *
 * A fresh simulator (`npm run sim` on a free port) and the built server as `npm start` runs it
 * (demo mode against that simulator, an empty temporary DATA_DIR, a free port) run as processes
 * of their own, so that the simulator answering the server's order fetches never delays this
 * process's timing of the answers. Demo set-up wires the board's callback address into the
 * simulator; the bench takes that address from there — exactly what the server told the
 * platform — and then removes it, so the simulator sends no callbacks of its own: N app orders
 * (default 500) are placed and paid without being announced, and the only callbacks the server
 * sees are the bench's, C at a time (default 50), each timed. W more orders (default 100) are
 * announced first to warm the server up, and not counted. A session paired as the board through
 * the demo home page's form follows the board's live feed and reads the board's data after each
 * change until all N orders are there.
 *
 * Prints the answer times (p50/p95/p99/max; target p99 ≤ 20 ms), the non-200 answers and the
 * time until the board shows every order; exits 1 when an answer was not 200, or an order is
 * missing from the board or on it twice.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { unflatten } from 'devalue';
import type { BoardOrder } from '#lib/board/order-board.ts';

const { values } = parseArgs({
	options: {
		orders: { type: 'string', default: '500' },
		concurrency: { type: 'string', default: '50' },
		warmup: { type: 'string', default: '100' }
	}
});
const ORDERS = Number(values.orders);
const CONCURRENCY = Number(values.concurrency);
const WARMUP = Number(values.warmup);
if (
	![ORDERS, CONCURRENCY, WARMUP + 1].every((value) => Number.isSafeInteger(value) && value >= 1)
) {
	console.error('--orders and --concurrency must be whole numbers ≥ 1, --warmup ≥ 0');
	process.exit(2);
}
const ROOT = resolve(import.meta.dirname, '..');
if (!existsSync(join(ROOT, 'build/handler.js'))) {
	console.error('No build: run `npm run build` first.');
	process.exit(2);
}
const BOARD_DEVICE = 'dev_board_main';
const PLACE = 'place_main_stage';
const TARGET_P99_MS = 20;
/** How long the board may take to show every order before the rest count as lost. */
const BOARD_DEADLINE_MS = 60_000;

const dataDir = mkdtempSync(join(tmpdir(), 'bench-callbacks-'));
const simulatorUrl = `http://127.0.0.1:${await freePort()}`;
const simulator = startProcess('src/sim/main.ts', {
	SIM_PORT: new URL(simulatorUrl).port,
	SIM_HOST: '127.0.0.1',
	SIM_QUIET: '1',
	SIM_CALLBACK_URL: undefined
});
// Demo set-up asks the simulator for its seed once, at start: the simulator must be up first.
await until(() => isUp(`${simulatorUrl}/_sim/seed`), 'the simulator');
const kiosk = `http://127.0.0.1:${await freePort()}`;
const server = startProcess('scripts/start.ts', {
	PORT: new URL(kiosk).port,
	HOST: '127.0.0.1',
	DATA_DIR: dataDir,
	SIMULATOR_URL: simulatorUrl,
	PLATFORM_BASE_URL: undefined
});
const live = new AbortController();

try {
	const right = await Promise.race([run(), simulator.exited, server.exited]);
	process.exitCode = right ? 0 : 1;
} catch (error) {
	console.error(`Bench failed: ${(error as Error).message}`);
	process.exitCode = 1;
} finally {
	live.abort();
	await Promise.all([server.stop(), simulator.stop()]);
	rmSync(dataDir, { recursive: true, force: true });
}

async function run(): Promise<boolean> {
	await until(() => isUp(kiosk), 'the kiosk server');
	await until(
		async () => (await callbackAddresses(null))[BOARD_DEVICE] !== undefined,
		'demo set-up to wire the callback'
	);
	const callbackUrl = (await callbackAddresses(null))[BOARD_DEVICE]!;
	// From here on the simulator announces nothing: the burst is the bench's own.
	const left = await callbackAddresses(BOARD_DEVICE);
	if (Object.keys(left).length > 0)
		throw new Error(`the simulator still calls ${Object.keys(left)}`);

	const warmUpIds = await placePaidOrders(WARMUP);
	const orderIds = await placePaidOrders(ORDERS);
	const board = await openBoard();

	// A server that has just started loads each route's code on its first request and runs it
	// unoptimised for a while; a burst from the platform meets a server that has been up. So the
	// first callbacks (their own orders) are sent and put on the board first, and not counted.
	const warmUp = await announce(callbackUrl, warmUpIds);
	if ((await board.allOf(warmUpIds, performance.now())).atMs === null)
		throw new Error('the warm-up orders did not reach the board');

	const started = performance.now();
	const answers = await announce(callbackUrl, orderIds);
	const burstMs = performance.now() - started;
	const seen = await board.allOf(orderIds, started);

	const times = answers.map((answer) => answer.ms).sort((a, b) => a - b);
	const nonOk = answers.filter((answer) => answer.status !== 200).length;
	const ours = new Set(orderIds);
	const attempts = (await control('GET', '/_sim/callbacks')) as { orderId: string }[];
	const simulatorCallbacks = attempts.filter((attempt) => ours.has(attempt.orderId)).length;
	const onBoard = new Set(seen.ids).size;
	const twice = seen.ids.length - onBoard;
	const p99 = percentile(times, 0.99);
	console.table([
		{
			'callbacks sent': answers.length,
			concurrency: CONCURRENCY,
			'p50 ms': round(percentile(times, 0.5)),
			'p95 ms': round(percentile(times, 0.95)),
			'p99 ms': round(p99),
			'max ms': round(times.at(-1)!),
			'non-200': nonOk,
			'burst ms': Math.round(burstMs),
			'all on board ms': seen.atMs === null ? 'never' : Math.round(seen.atMs)
		}
	]);
	console.log(
		`Board: ${onBoard} of ${ORDERS} orders, ${twice} shown twice; the simulator sent ` +
			`${simulatorCallbacks} callbacks of its own (not counted). p99 ${round(p99)} ms ` +
			`${p99 <= TARGET_P99_MS ? '≤' : '>'} the ${TARGET_P99_MS} ms target.`
	);
	if (warmUp.length > 0) {
		const cold = warmUp.map((answer) => answer.ms).sort((a, b) => a - b);
		console.log(
			`Warm-up (not counted): ${warmUp.length} callbacks on the fresh server, p99 ` +
				`${round(percentile(cold, 0.99))} ms, max ${round(cold.at(-1)!)} ms.`
		);
	}
	const right = nonOk === 0 && onBoard === ORDERS && twice === 0;
	console.log(right ? 'Nothing lost, no duplicates.' : 'WRONG: see above.');
	return right;
}

/** `count` app orders placed and paid in the app (NEW → APPROVABLE), announced to nobody. */
async function placePaidOrders(count: number): Promise<string[]> {
	const ids: string[] = [];
	for (let i = 0; i < count; i += 1) {
		const order = (await control('POST', '/_sim/counter-orders', { placeId: PLACE })) as {
			id: string;
		};
		await control('POST', `/_sim/counter-orders/${order.id}/confirm-payment`);
		ids.push(order.id);
	}
	return ids;
}

/** The platform's callback for each order, CONCURRENCY at a time; each answer timed (status 0: none). */
async function announce(
	callbackUrl: string,
	orderIds: string[]
): Promise<{ ms: number; status: number }[]> {
	const answers: { ms: number; status: number }[] = [];
	const queue = [...orderIds];
	await Promise.all(
		Array.from({ length: CONCURRENCY }, async () => {
			for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
				const sent = performance.now();
				const status = await fetch(`${callbackUrl}?orderId=${encodeURIComponent(id)}`, {
					method: 'POST'
				}).then(
					async (response) => (await response.arrayBuffer(), response.status),
					() => 0
				);
				answers.push({ ms: performance.now() - sent, status });
			}
		})
	);
	return answers;
}

/**
 * A browser session paired as the order board (the demo home page's form), following the live
 * feed: after each change it reads the board's data, as the board screen does.
 */
async function openBoard() {
	const paired = await fetch(`${kiosk}/demo/pair`, {
		method: 'POST',
		headers: { origin: kiosk, 'content-type': 'application/x-www-form-urlencoded' },
		body: new URLSearchParams({ mode: 'board' }),
		redirect: 'manual'
	});
	const cookie = paired.headers
		.getSetCookie()
		.map((line) => line.split(';')[0])
		.join('; ');
	if (paired.status !== 303 || !cookie) throw new Error(`pairing answered ${paired.status}`);

	/** The app order ids the board shows now, once per card. */
	const read = async (): Promise<string[]> => {
		const response = await fetch(`${kiosk}/board/__data.json`, { headers: { cookie } });
		// SvelteKit's data endpoint: one devalue-flattened node per layout and page (null: unused).
		const body = (await response.json()) as { nodes?: ({ data?: unknown[] } | null)[] };
		const page = body.nodes
			?.flatMap((node) => (node?.data ? [node.data] : []))
			.map((data) => unflatten(data) as { board?: { orders: BoardOrder[] } })
			.find((data) => data.board);
		if (!page?.board) throw new Error(`the board's data answered ${response.status}`);
		return page.board.orders.flatMap((card) => (card.kind === 'app' ? [card.orderId] : []));
	};
	const changes = await fetch(`${kiosk}/api/board/events`, {
		headers: { cookie, accept: 'text/event-stream' },
		signal: live.signal
	});
	if (!changes.ok || !changes.body) throw new Error(`the live feed answered ${changes.status}`);
	const feed = changes.body.pipeThrough(new TextDecoderStream()).getReader();
	const change = () => {
		const next = feed.read();
		next.catch(() => undefined); // a read still waiting when the bench ends is aborted
		return next;
	};
	if ((await read()).length !== 0) throw new Error('the board shows app orders already');

	return {
		/**
		 * Reads the board after every change until it shows all of `ids` (or the deadline passes):
		 * what it showed of them then, and when, in ms since `since`.
		 */
		async allOf(ids: string[], since: number): Promise<{ ids: string[]; atMs: number | null }> {
			const wanted = new Set(ids);
			const deadline = since + BOARD_DEADLINE_MS;
			for (;;) {
				const shown = (await read()).filter((id) => wanted.has(id));
				if (new Set(shown).size === wanted.size)
					return { ids: shown, atMs: performance.now() - since };
				// The next change (events that came meanwhile are read at once).
				const next = await Promise.race([change(), delay(deadline - performance.now())]);
				if (next === 'late' || next.done) return { ids: shown, atMs: null };
			}
		}
	};
}

async function control(method: string, path: string, body?: unknown): Promise<unknown> {
	const response = await fetch(`${simulatorUrl}${path}`, {
		method,
		headers: { 'content-type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body)
	});
	if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}`);
	return response.json();
}

/**
 * The simulator's callback addresses by device after removing `deviceId`'s (null: none): the
 * control API answers every change of the table with the whole table.
 */
async function callbackAddresses(deviceId: string | null): Promise<Record<string, string>> {
	return (await control('PUT', '/_sim/callback-url', {
		url: null,
		deviceId: deviceId ?? 'no-such-device'
	})) as Record<string, string>;
}

async function isUp(url: string): Promise<boolean> {
	const response = await fetch(url).catch(() => null);
	await response?.body?.cancel();
	return response?.ok === true;
}

/** `node <script>` from the project root with these changes to the environment (undefined: unset). */
function startProcess(script: string, changes: Record<string, string | undefined>) {
	const env = { ...process.env, ...changes };
	for (const [name, value] of Object.entries(changes)) if (value === undefined) delete env[name];
	const child = spawn(process.execPath, [join(ROOT, script)], {
		cwd: ROOT,
		env,
		stdio: ['ignore', 'ignore', 'inherit']
	});
	const ended = new Promise<void>((done) => child.once('exit', () => done()));
	return {
		/** Rejects when the process ends before it is stopped. */
		exited: ended.then((): never => {
			throw new Error(`${script} stopped (exit ${child.exitCode})`);
		}),
		async stop(): Promise<void> {
			if (child.exitCode !== null || child.signalCode !== null) return;
			child.kill('SIGTERM');
			setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
			await ended;
		}
	};
}

async function until(done: () => boolean | Promise<boolean>, what: string): Promise<void> {
	const deadline = Date.now() + 30_000;
	while (!(await done())) {
		if (Date.now() > deadline) throw new Error(`waited 30 s for ${what}`);
		await delay(50);
	}
}

/** Resolves 'late' after `ms`; it keeps nothing running once the bench is done. */
function delay(ms: number): Promise<'late'> {
	return new Promise((resolve) => setTimeout(() => resolve('late'), Math.max(0, ms)).unref());
}

function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const probe = createServer();
		probe.once('error', reject);
		probe.listen(0, '127.0.0.1', () => {
			const { port } = probe.address() as { port: number };
			probe.close(() => resolve(port));
		});
	});
}

/** The value below which a share `q` of the sorted values lie (nearest rank). */
function percentile(sorted: number[], q: number): number {
	return sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? 0;
}

function round(ms: number): number {
	return Number(ms.toFixed(1));
}
