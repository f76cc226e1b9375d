/**
 * What the benchmarks share: a port, the built kiosk server started as `npm start` runs it
 * (`scripts/start.ts` with its own simulator, or against one running on its own) with a fresh
 * data folder, and the CPU time a process has used.
 *
 * Ports come from the environment: BENCH_PORT names the first of a range the bench may use (the
 * next ones in turn, as it needs them), so benches run beside other people's tests without
 * taking their ports; without it, free ports the system gives.
 *
 * BENCH_SERVER_NODE_ARGS passes Node options to the kiosk server alone (not to the bench or the
 * simulator), split at spaces: `--cpu-prof --cpu-prof-dir=/tmp/profiles` profiles the server
 * under a bench's load (the profile is written as the bench stops it).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');

/** The Node options BENCH_SERVER_NODE_ARGS gives the kiosk server. */
export const serverNodeArgs = (): string[] =>
	process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];

let nextPort = Number(process.env.BENCH_PORT ?? 0);

/** The next port of BENCH_PORT's range, or a free one the system gives without BENCH_PORT. */
export function benchPort(): Promise<number> {
	if (!Number.isInteger(nextPort) || nextPort <= 0) return freePort();
	return Promise.resolve(nextPort++);
}

/** The CPU time (user and system, ms) process `pid` has used so far (Linux: /proc/<pid>/stat). */
export function processCpuMs(pid: number): number {
	// Fields after the command name (which is in parentheses and may hold spaces): utime and
	// stime are the 12th and 13th, in clock ticks of 10 ms.
	const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
	return (Number(fields[11]) + Number(fields[12])) * 10;
}

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
	simulator: string;
	/** Its data folder (the SQLite store, unless DATABASE_URL names another). */
	dataDir: string;
	/** The server's process (its simulator runs in it unless `simulatorUrl` named another). */
	pid: number;
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
	/**
	 * Runs the server under strace, which writes a line per fsync or fdatasync of the server (each
	 * commit of its SQLite store) to this file: `fsyncsIn` counts them.
	 */
	traceFsyncsTo?: string;
	/** A data folder prepared beforehand (e.g. a seeded store), instead of a fresh one. */
	dataDir?: string;
}

/** How many fsync/fdatasync calls strace has written to `file` so far. */
export function fsyncsIn(file: string): number {
	return readFileSync(file, 'utf8')
		.split('\n')
		.filter((line) => /\bf(data)?sync\(/.test(line)).length;
}

/** Starts the built server and resolves once it answers (30 s at most). */
export async function startKiosk(name: string, options: KioskOptions = {}): Promise<RunningKiosk> {
	const port = await benchPort();
	const simPort = options.simulatorUrl ? 0 : await benchPort();
	const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), `${name}-`));
	const server = [process.execPath, ...serverNodeArgs(), 'scripts/start.ts'];
	// Only fsync and fdatasync stop the server (seccomp filter): strace costs it nothing else.
	const traced = options.traceFsyncsTo
		? ['strace', '-f', '--seccomp-bpf', '-qq', '-e', 'trace=fsync,fdatasync']
		: [];
	const command = options.traceFsyncsTo
		? [...traced, '-o', options.traceFsyncsTo, ...server]
		: server;
	const child = spawn(command[0]!, command.slice(1), {
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
	/** The server's own process: strace's child when traced. */
	let pid = child.pid!;
	const end = async (signal: NodeJS.Signals) => {
		if (!running()) return;
		const exited = new Promise((done) => child.once('exit', done));
		// strace itself would detach and leave the server running: the signal goes to the server.
		process.kill(pid, signal);
		await exited;
	};
	const url = `http://127.0.0.1:${port}`;
	const kiosk: RunningKiosk = {
		url,
		simulator: options.simulatorUrl ?? `http://127.0.0.1:${simPort}`,
		dataDir,
		get pid() {
			return pid;
		},
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
		if (options.traceFsyncsTo) pid = tracedChild(child.pid!) ?? pid;
		if ((await fetch(`${url}/`).catch(() => null))?.ok) return kiosk;
		if (Date.now() > deadline) {
			await kiosk.stop();
			throw new Error('the kiosk server did not start within 30 s');
		}
		await new Promise((done) => setTimeout(done, 200));
	}
}

/** The process strace (`pid`) started, once it runs. */
function tracedChild(pid: number): number | undefined {
	const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
	return children ? Number(children.split(' ')[0]) : undefined;
}

/** A screen session paired as `mode` by demo mode's home page: its cookie, as a browser keeps it. */
export async function pairedScreenCookie(
	kioskUrl: string,
	mode: 'kiosk' | 'board' = 'kiosk'
): Promise<string> {
	const response = await fetch(`${kioskUrl}/demo/pair`, {
		method: 'POST',
		headers: { origin: kioskUrl, 'content-type': 'application/x-www-form-urlencoded' },
		body: new URLSearchParams({ mode }),
		redirect: 'manual'
	});
	const cookie = response.headers.getSetCookie().find((line) => line.startsWith('kiosk_screen='));
	if (!cookie) throw new Error(`pairing answered ${response.status} without a screen cookie`);
	return cookie.split(';')[0]!;
}
