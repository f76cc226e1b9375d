/**
 * `npm run bench:fleet [-- --screens N --rounds R]` (no build needed): what fleet health costs
 * per screen (docs/server.md, Fleet health). N screens (default 200) each beat R times (default
 * 25), all screens of a round at once, through the server's own heartbeat path (fleet/fleet.ts:
 * the body validated, one upsert, the answer made) on a SQLite file store opened as the server
 * opens it. Prints the bytes of a beat's body and answer (a kiosk's full report, battery
 * included; HTTP headers come on top), the server's CPU time per beat (`process.cpuUsage`, the
 * whole process), the heartbeat rows afterwards (one per screen: beats add none) and the time
 * the fleet page's view takes over all screens; exits 1 when a goal is missed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { ScreenReport } from '../src/lib/shared/fleet.ts';
import { AuditLog } from '../src/lib/server/audit/audit-log.ts';
import { KnownPlaces } from '../src/lib/server/devices/known-places.ts';
import { placedDevices } from '../src/lib/server/devices/testing/placed-devices.ts';
import { Fleet } from '../src/lib/server/fleet/fleet.ts';
import { HeartbeatRepository } from '../src/lib/server/fleet/heartbeat-repository.ts';
import { Journal } from '../src/lib/server/journal/journal.ts';
import { Settings } from '../src/lib/server/settings.ts';
import { openSqliteStore } from '../src/lib/server/store/sqlite-store.ts';
import { percentile, reportFigures } from './bench-goals.ts';

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

/** The largest report a screen sends: a kiosk with everything filled in. */
const REPORT: ScreenReport = {
	version: '1764331200000',
	paused: ['loyalty', 'deposits'],
	printer: 'paper-out',
	terminal: 'unreachable',
	busy: true,
	visible: true,
	battery: 100,
	charging: false
};

const dataDir = mkdtempSync(join(tmpdir(), 'bench-fleet-'));
const store = openSqliteStore(dataDir);
try {
	const placed = placedDevices(store);
	const ids: string[] = [];
	for (let index = 0; index < SCREENS; index += 1) {
		ids.push(await placed.add(`Screen ${index + 1}`, 'kiosk', null));
	}
	const fleet = new Fleet({
		heartbeats: new HeartbeatRepository(store),
		devices: placed.devices,
		places: new KnownPlaces(placed.devices, placed.views),
		journal: new Journal(store),
		settings: new Settings(store),
		audit: new AuditLog(store),
		serverVersion: REPORT.version
	});
	const body = JSON.stringify(REPORT);
	let answerBytes = 0;
	const beat = async (id: string) => {
		// As the route gets it: the body's text, parsed, then answered as JSON.
		const answer = await fleet.receiveHeartbeat(id, JSON.parse(body));
		answerBytes = Math.max(answerBytes, Buffer.byteLength(JSON.stringify(answer)));
	};
	// A round not counted: the first calls compile what later ones reuse.
	await Promise.all(ids.map(beat));
	const cpuBefore = process.cpuUsage();
	for (let round = 0; round < ROUNDS; round += 1) await Promise.all(ids.map(beat));
	const cpu = process.cpuUsage(cpuBefore);
	const beats = SCREENS * ROUNDS;
	const rows = await store.db.selectFrom('screen_heartbeats').select('device_id').execute();
	const viewTimes: number[] = [];
	for (let read = 0; read < 20; read += 1) {
		const began = performance.now();
		await fleet.view();
		viewTimes.push(performance.now() - began);
	}
	reportFigures([
		{ what: 'screens', value: SCREENS, unit: 'screens' },
		{ what: 'beats timed', value: beats, unit: 'beats' },
		{ what: 'beat body', value: Buffer.byteLength(body), unit: 'bytes', goal: { max: 512 } },
		{ what: 'beat answer', value: answerBytes, unit: 'bytes', goal: { max: 256 } },
		{
			what: 'server CPU per beat',
			value: (cpu.user + cpu.system) / 1000 / beats,
			unit: 'ms',
			goal: { max: 1 }
		},
		{
			what: 'server CPU per screen and minute (4 beats)',
			value: ((cpu.user + cpu.system) / 1000 / beats) * 4,
			unit: 'ms'
		},
		{ what: 'heartbeat rows after', value: rows.length, unit: 'rows', goal: { max: SCREENS } },
		{ what: 'fleet view, p50', value: percentile(viewTimes, 50), unit: 'ms', goal: { max: 50 } }
	]);
} finally {
	await store.close();
	rmSync(dataDir, { recursive: true, force: true });
}
