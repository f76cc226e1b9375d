/**
 * `npm run bench:start`: how long the kiosk server takes to build and to serve — the message
 * compile; `npm run build`; `npm start` of a changed tree (it builds, then serves); `npm start`
 * with the build current (a restart by a supervisor); and a start on the same data after kill -9
 * (a crash or a power cut) — each start to its first answer of `/api/health`. Prints each figure
 * beside its goal; exits 1 when one is missed.
 *
 * It builds into `build/` as `npm run build` does, and starts the server as `npm start` does
 * (`scripts/start.ts` with its own simulator) on free ports with a fresh data folder.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from './bench-kiosk.ts';
import { reportFigures, type Figure } from './bench-goals.ts';
import { BUILD_STAMP } from './build.ts';

const ROOT = resolve(import.meta.dirname, '..');

function timed(what: string, script: string): number {
	const started = performance.now();
	const run = spawnSync(process.execPath, [script], {
		cwd: ROOT,
		stdio: ['ignore', 'ignore', 'inherit']
	});
	if (run.status !== 0) throw new Error(`${what} failed (${run.signal ?? run.status})`);
	return (performance.now() - started) / 1000;
}

/** Starts `npm start`'s script and resolves with the seconds until `/api/health` answered. */
async function startServer(
	env: Record<string, string>
): Promise<{ child: ChildProcess; seconds: number }> {
	const started = performance.now();
	const child = spawn(process.execPath, ['scripts/start.ts'], {
		cwd: ROOT,
		env: { ...process.env, ...env },
		stdio: ['ignore', 'ignore', 'inherit']
	});
	const health = `http://127.0.0.1:${env.PORT}/api/health`;
	for (;;) {
		if (child.exitCode !== null) throw new Error('the kiosk server stopped');
		if ((await fetch(health).catch(() => null))?.ok) {
			return { child, seconds: (performance.now() - started) / 1000 };
		}
		if (performance.now() - started > 120_000) throw new Error('no answer within 120 s');
		await new Promise((done) => setTimeout(done, 25));
	}
}

async function end(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
	const exited = new Promise((done) => child.once('exit', done));
	child.kill(signal);
	await exited;
}
const stop = (child: ChildProcess) => end(child, 'SIGTERM');
const killHard = (child: ChildProcess) => end(child, 'SIGKILL');

const figures: Figure[] = [
	{
		what: 'message compile',
		value: timed('the message compile', 'scripts/compile-messages.ts'),
		unit: 's',
		goal: { max: 5 }
	},
	{
		what: 'npm run build',
		value: timed('the build', 'scripts/build.ts'),
		unit: 's',
		goal: { max: 45 }
	}
];

const dataDir = mkdtempSync(join(tmpdir(), 'bench-start-'));
const env = {
	PORT: String(await freePort()),
	SIM_PORT: String(await freePort()),
	HOST: '127.0.0.1',
	DATA_DIR: dataDir,
	SIM_QUIET: '1'
};
try {
	rmSync(BUILD_STAMP); // as after an edit or a pull: the start builds first
	const changed = await startServer(env);
	figures.push({
		what: 'npm start, tree changed',
		value: changed.seconds,
		unit: 's',
		goal: { max: 45 + 10 }
	});
	await stop(changed.child);
	const current = await startServer(env);
	figures.push({
		what: 'npm start, build current',
		value: current.seconds,
		unit: 's',
		goal: { max: 10 }
	});
	await killHard(current.child);
	const again = await startServer(env);
	figures.push({
		what: 'start again after kill -9',
		value: again.seconds,
		unit: 's',
		goal: { max: 5 }
	});
	await killHard(again.child);
} finally {
	rmSync(dataDir, { recursive: true, force: true });
}

reportFigures(figures);
