/**
 * A simulator and a kiosk server of a test's own, as processes it can kill -9 and start again on
 * the same data (the crash tests), in demo mode or as a venue runs it in production; the
 * Playwright web server is left alone.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import type { APIRequestContext } from '@playwright/test';

const ROOT = resolve(import.meta.dirname, '../..');

export function startProcess(script: string, env: Record<string, string>): ChildProcess {
	return spawn(process.execPath, [script], {
		cwd: ROOT,
		env: { ...process.env, ...env },
		stdio: ['ignore', 'ignore', 'inherit']
	});
}

/** Polls `probe` until it gives a value (errors count as "not yet"). */
export async function until<T>(
	what: string,
	probe: () => Promise<T | undefined>,
	ms = 30_000
): Promise<T> {
	const deadline = Date.now() + ms;
	for (;;) {
		const value = await probe().catch(() => undefined);
		if (value !== undefined) return value;
		if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
		await new Promise((done) => setTimeout(done, 50));
	}
}

/** Starts a simulator on `port` and waits until it answers. */
export async function startSimulator(
	request: APIRequestContext,
	port: number
): Promise<ChildProcess> {
	const simulator = startProcess('packages/platform-sim/src/main.ts', {
		SIM_PORT: String(port),
		SIM_QUIET: '1'
	});
	await until('the simulator', async () =>
		(await request.get(`http://127.0.0.1:${port}/_sim/seed`)).ok() ? true : undefined
	);
	return simulator;
}

/** Starts the built kiosk server (demo mode against `simulatorUrl`) and waits until it answers. */
export async function startKioskServer(
	request: APIRequestContext,
	options: { port: number; simulatorUrl: string; dataDir: string; env?: Record<string, string> }
): Promise<ChildProcess> {
	const kiosk = startProcess('scripts/start.ts', {
		PORT: String(options.port),
		HOST: '127.0.0.1',
		DEMO: 'true',
		SIMULATOR_URL: options.simulatorUrl,
		DATA_DIR: options.dataDir,
		...options.env
	});
	await until('the kiosk server', async () =>
		(await request.get(`http://127.0.0.1:${options.port}/`)).ok() ? true : undefined
	);
	return kiosk;
}

/** kill -9, and wait until the process is gone. */
export async function killHard(child: ChildProcess): Promise<void> {
	const exited = new Promise((done) => child.once('exit', done));
	child.kill('SIGKILL');
	await exited;
}

/** A kiosk server started as a venue runs it, and what it printed so far. */
export interface ProductionServer {
	process: ChildProcess;
	/** Its standard output so far. */
	log(): string;
	/** The first run's set-up code, from its log (auth/setup-code.ts). */
	setupCode(): Promise<string>;
}

/**
 * Starts the built kiosk server with the production start command (`node scripts/serve.ts`)
 * against `platformUrl` as PLATFORM_BASE_URL — not demo — and waits until it answers.
 */
export async function startProductionServer(
	request: APIRequestContext,
	options: { port: number; platformUrl: string; dataDir: string; env?: Record<string, string> }
): Promise<ProductionServer> {
	let output = '';
	const server = spawn(process.execPath, ['scripts/serve.ts'], {
		cwd: ROOT,
		env: {
			...process.env,
			PORT: String(options.port),
			HOST: '127.0.0.1',
			PLATFORM_BASE_URL: options.platformUrl,
			DATA_DIR: options.dataDir,
			// Required outside demo mode; the same for every start on the same data.
			KIOSK_SECRET: 'ab'.repeat(32),
			...options.env
		},
		stdio: ['ignore', 'pipe', 'inherit']
	});
	server.stdout!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
	// The health endpoint answers whatever ORIGIN says (http/allowed-host.ts).
	await until('the kiosk server', async () =>
		(await request.get(`http://127.0.0.1:${options.port}/api/health`)).ok() ? true : undefined
	);
	return {
		process: server,
		log: () => output,
		setupCode: () =>
			until('the set-up code in the log', async () => /Set-up code[^:]*: (\S+)/.exec(output)?.[1])
	};
}
