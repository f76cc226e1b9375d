/**
 * `npm run bench:fleet [-- --screens N --rounds R]` (after `npm run build`): what fleet health
 * costs per screen (docs/server.md, Fleet health), over HTTP against the built server in demo
 * mode (scripts/bench-kiosk.ts). N kiosks of their own (default 200; scripts/bench-heartbeats.ts)
 * each beat R times (default 25), all screens of a round at once, each beat on a connection of
 * its own with the headers Chromium sends and a kiosk's full report (battery included).
 *
 * Prints the bytes of a beat each way as they went over the socket (request line, headers and
 * body; status line, headers and answer) and per screen and hour at the default 15 s, the server
 * process's CPU time per beat (/proc/<pid>/stat over the timed rounds: the server alone, the
 * simulator runs apart) and what 200 screens at 15 s take of one core, the heartbeat rows
 * afterwards (one per screen: beats add none) and how long the order board's read of the fleet
 * (`/api/fleet`: every screen judged) takes with all of them; exits 1 when a goal is missed or a
 * beat is not answered 200.
 *
 * Ports: from BENCH_PORT on (scripts/bench-kiosk.ts), else free ones.
 */
import { parseArgs } from 'node:util';
import { openStore } from '../src/lib/server/store/open-store.ts';
import { log } from '../src/lib/server/logging/logger.ts';
import { percentile, reportFigures } from './bench-goals.ts';
import { beat, FULL_REPORT, pairScreens, type BeatBytes } from './bench-heartbeats.ts';
import { pairedScreenCookie, processCpuMs, startKiosk } from './bench-kiosk.ts';

// The bench prints figures: the store's log lines would bury them.
log.level = 'warn';

const { values } = parseArgs({
	options: {
		screens: { type: 'string', default: '200' },
		rounds: { type: 'string', default: '25' }
	}
});
const SCREENS = Number(values.screens);
const ROUNDS = Number(values.rounds);
for (const [name, value] of [
	['--screens', SCREENS],
	['--rounds', ROUNDS]
] as const) {
	if (!Number.isInteger(value) || value < 1 || value > 10_000) {
		console.error(`${name} takes a whole number from 1 to 10000`);
		process.exit(2);
	}
}
/** A screen's beat at a venue: every 15 s (the default threshold's interval). */
const BEATS_PER_HOUR = 3600 / 15;

const kiosk = await startKiosk('bench-fleet');
try {
	const cookies = await pairScreens({ dataDir: kiosk.dataDir }, SCREENS);
	const body = JSON.stringify(FULL_REPORT);
	const largest = { sent: 0, received: 0, answer: 0 };
	let refused = 0;
	const take = (bytes: BeatBytes) => {
		if (bytes.status !== 200) refused += 1;
		largest.sent = Math.max(largest.sent, bytes.sent);
		largest.received = Math.max(largest.received, bytes.received);
		largest.answer = Math.max(largest.answer, bytes.answer);
	};
	const round = () =>
		Promise.all(cookies.map(async (cookie) => take(await beat(kiosk.url, cookie, body))));
	// A round not counted: the first beats compile what later ones reuse.
	await round();
	const cpuBefore = processCpuMs(kiosk.pid);
	for (let index = 0; index < ROUNDS; index += 1) await round();
	const cpuPerBeat = (processCpuMs(kiosk.pid) - cpuBefore) / (SCREENS * ROUNDS);

	const store = await openStore({ dataDir: kiosk.dataDir });
	const rows = await store.db
		.selectFrom('screen_heartbeats')
		.select('device_id')
		.execute()
		.finally(() => store.close());

	const board = await pairedScreenCookie(kiosk.url, 'board');
	const readTimes: number[] = [];
	for (let read = 0; read < 20; read += 1) {
		const began = performance.now();
		const response = await fetch(`${kiosk.url}/api/fleet`, { headers: { cookie: board } });
		const alerts = ((await response.json()) as { alerts: unknown[] }).alerts;
		readTimes.push(performance.now() - began);
		if (!response.ok || alerts.length < SCREENS) throw new Error('the board read no alerts');
	}

	const wire = largest.sent + largest.received;
	reportFigures([
		{ what: 'screens', value: SCREENS, unit: 'screens' },
		{ what: 'beats timed', value: SCREENS * ROUNDS, unit: 'beats' },
		{
			what: 'beat body (the report)',
			value: Buffer.byteLength(body),
			unit: 'bytes',
			goal: { max: 512 }
		},
		{
			what: 'beat request, headers included',
			value: largest.sent,
			unit: 'bytes',
			goal: { max: 1536 }
		},
		{ what: 'beat answer (body)', value: largest.answer, unit: 'bytes', goal: { max: 256 } },
		{
			what: 'beat answer, headers included',
			value: largest.received,
			unit: 'bytes',
			goal: { max: 768 }
		},
		{ what: 'per screen and hour, both ways', value: (wire * BEATS_PER_HOUR) / 1024, unit: 'KB' },
		// 1.5 ms: 200 screens beating every 15 s take 2 % of one core.
		{ what: 'server CPU per beat', value: cpuPerBeat, unit: 'ms', goal: { max: 1.5 } },
		{
			what: '200 screens at 15 s, share of one core',
			value: ((cpuPerBeat * 200) / 15_000) * 100,
			unit: '%'
		},
		{ what: 'heartbeat rows after', value: rows.length, unit: 'rows', goal: { max: SCREENS } },
		{
			what: 'board reads the fleet, p50',
			value: percentile(readTimes, 50),
			unit: 'ms',
			goal: { max: 50 }
		}
	]);
	if (refused > 0) {
		console.error(`${refused} beats were not answered 200.`);
		process.exitCode = 1;
	}
} finally {
	await kiosk.stop();
}
