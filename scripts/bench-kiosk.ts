/**
 * What the benchmarks share: a free port, and the built kiosk server started as `npm start` runs
 * it (`scripts/start.ts` with its own simulator) on free ports with a fresh data folder.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');

export function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const probe = createServer();
		probe.once('error', reject);
		probe.listen(0, '127.0.0.1', () => {
			const { port } = probe.address() as { port: number };
			probe.close(() => resolve(port));
		});
	});
}

export interface RunningKiosk {
	url: string;
	/** The server's process (its memory can be read from /proc). */
	pid: number;
	simulator: string;
	/** Kills the server as a power cut would (SIGKILL); its data folder stays until `stop`. */
	kill(): Promise<void>;
	/** Stops the server (SIGTERM) if it still runs, and removes its data folder. */
	stop(): Promise<void>;
}

export interface KioskOptions {
	/** More of the server's environment (e.g. DATABASE_URL and KIOSK_SECRET). */
	env?: Record<string, string>;
	/** A simulator already running (another server's): none of its own is started. */
	simulatorUrl?: string;
	/** A data folder prepared beforehand (e.g. a seeded store), instead of a fresh one. */
	dataDir?: string;
	/** The server's and the simulator's ports; free ones when not given. */
	port?: number;
	simPort?: number;
}

/** Starts the built server and resolves once it answers (30 s at most). */
export async function startKiosk(name: string, options: KioskOptions = {}): Promise<RunningKiosk> {
	const port = options.port ?? (await freePort());
	const simPort = options.simPort ?? (await freePort());
	const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), `${name}-`));
	const child = spawn(process.execPath, ['scripts/start.ts'], {
		cwd: ROOT,
		env: {
			...process.env,
			PORT: String(port),
			HOST: '127.0.0.1',
			SIM_PORT: String(simPort),
			DATA_DIR: dataDir,
			SIM_QUIET: '1',
			...(options.simulatorUrl ? { SIMULATOR_URL: options.simulatorUrl } : {}),
			...options.env
		},
		stdio: ['ignore', 'ignore', 'inherit']
	});
	const running = () => child.exitCode === null && child.signalCode === null;
	const end = async (signal: NodeJS.Signals) => {
		if (!running()) return;
		const exited = new Promise((done) => child.once('exit', done));
		child.kill(signal);
		await exited;
	};
	const url = `http://127.0.0.1:${port}`;
	const kiosk: RunningKiosk = {
		url,
		pid: child.pid!,
		simulator: options.simulatorUrl ?? `http://127.0.0.1:${simPort}`,
		kill: () => end('SIGKILL'),
		stop: async () => {
			await end('SIGTERM');
			rmSync(dataDir, { recursive: true, force: true });
		}
	};
	const deadline = Date.now() + 30_000;
	for (;;) {
		if (!running()) {
			await kiosk.stop();
			throw new Error('the kiosk server stopped: run `npm run build`?');
		}
		if ((await fetch(`${url}/`).catch(() => null))?.ok) return kiosk;
		if (Date.now() > deadline) {
			await kiosk.stop();
			throw new Error('the kiosk server did not start within 30 s');
		}
		await new Promise((done) => setTimeout(done, 200));
	}
}
