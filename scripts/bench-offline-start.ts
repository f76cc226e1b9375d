/**
 * `npm run bench:offline [-- --starts N]` (after `npm run build`): how fast a paired ordering
 * kiosk opens from the service worker's cache with its server gone, and how much the service
 * worker caches (issue 11: target ≤ 300 ms from navigation to the attract screen).
 *
 * Starts the built kiosk server (`scripts/start.ts`, with its simulator) on free ports with a
 * fresh data folder; pairs a Chromium page as the demo's ordering kiosk (the demo home page's
 * button), lets the service worker install and keep the screen, then stops the server (SIGKILL,
 * as a power cut would) and reloads the page N times (default 10): the time from navigation to
 * the screen being up is the `kiosk:ready` performance mark (KioskScreen, once hydrated).
 * Prints p50 and max, and the cached files: count and bytes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { KIOSK_READY_MARK } from '../src/lib/pwa/marks.ts';
import { chromiumLaunchOptions } from '../tests/e2e/chromium.ts';

const ROOT = resolve(import.meta.dirname, '..');
const TARGET_MS = 300;
const { values } = parseArgs({ options: { starts: { type: 'string', default: '10' } } });
const STARTS = Number(values.starts);
if (!Number.isSafeInteger(STARTS) || STARTS < 1) {
	console.error('--starts must be a whole number ≥ 1');
	process.exit(2);
}

const [port, simPort] = [await freePort(), await freePort()];
const dataDir = mkdtempSync(join(tmpdir(), 'bench-offline-'));
const server: ChildProcess = spawn(process.execPath, ['scripts/start.ts'], {
	cwd: ROOT,
	env: {
		...process.env,
		PORT: String(port),
		HOST: '127.0.0.1',
		SIM_PORT: String(simPort),
		DATA_DIR: dataDir,
		SIM_QUIET: '1'
	},
	stdio: ['ignore', 'ignore', 'inherit']
});
const url = `http://127.0.0.1:${port}`;
const browser = await chromium.launch(chromiumLaunchOptions);
try {
	await until(async () => (await fetch(`${url}/`).catch(() => null))?.ok === true);
	const page = await (await browser.newContext({ baseURL: url })).newPage();
	await page.goto('/');
	await page.getByRole('button', { name: 'Ordering kiosk' }).click();
	await page.waitForURL(/\/kiosk$/);
	await page.evaluate(async () => void (await navigator.serviceWorker.ready));
	await page.reload(); // now under the service worker, which keeps the screen
	await page.locator('.guest-screen[data-ready]').waitFor({ state: 'attached' });
	const cached = await page.evaluate(async () => {
		let files = 0;
		let bytes = 0;
		for (const name of await caches.keys()) {
			const cache = await caches.open(name);
			for (const request of await cache.keys()) {
				files += 1;
				bytes += (await (await cache.match(request))!.arrayBuffer()).byteLength;
			}
		}
		return { files, bytes };
	});

	server.kill('SIGKILL');
	await new Promise((done) => server.once('exit', done));
	const times: number[] = [];
	for (let start = 0; start < STARTS; start += 1) {
		await page.reload();
		await page.locator('.guest-screen[data-ready]').waitFor({ state: 'attached' });
		await page.getByRole('button', { name: /Tap to order/ }).waitFor();
		times.push(
			await page.evaluate(
				(mark) => performance.getEntriesByName(mark)[0]?.startTime ?? Number.NaN,
				KIOSK_READY_MARK
			)
		);
	}
	times.sort((a, b) => a - b);
	const p50 = times[Math.ceil(times.length / 2) - 1]!;
	console.table([
		{
			'starts (server gone)': STARTS,
			'p50 ms': Math.round(p50),
			'max ms': Math.round(times.at(-1)!),
			'cached files': cached.files,
			'cached KiB': Math.round(cached.bytes / 1024)
		}
	]);
	console.log(
		`Navigation → attract screen from the cache: p50 ${Math.round(p50)} ms ` +
			`${p50 <= TARGET_MS ? '≤' : '>'} the ${TARGET_MS} ms target.`
	);
} finally {
	await browser.close();
	if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
	rmSync(dataDir, { recursive: true, force: true });
}

async function until(done: () => Promise<boolean>): Promise<void> {
	const deadline = Date.now() + 30_000;
	while (!(await done())) {
		if (server.exitCode !== null) throw new Error('the kiosk server stopped: run `npm run build`?');
		if (Date.now() > deadline) throw new Error('waited 30 s for the kiosk server');
		await new Promise((resolve) => setTimeout(resolve, 100));
	}
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
