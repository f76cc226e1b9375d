/**
 * `npm run bench:offline [-- --starts N]` (after `npm run build`): how fast a paired ordering
 * kiosk opens from the service worker's cache with its server gone, and how much the service
 * worker caches (target ≤ 300 ms from navigation to the attract screen).
 *
 * Starts the built kiosk server (`scripts/start.ts`, with its simulator) on free ports with a
 * fresh data folder; pairs a Chromium page as the demo's ordering kiosk (the demo home page's
 * button), lets the service worker install and keep the screen, then stops the server (SIGKILL,
 * as a power cut would) and reloads the page N times (default 10): the time from navigation to
 * the screen being up is the `kiosk:ready` performance mark (KioskScreen, once hydrated).
 * Prints p50 and max, and the cached files: count and bytes.
 */
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { KIOSK_READY_MARK } from '../src/lib/pwa/marks.ts';
import { chromiumLaunchOptions } from '../tests/e2e/chromium.ts';
import { percentile, reportFigures } from './bench-goals.ts';
import { startKiosk } from './bench-kiosk.ts';

const TARGET_MS = 300;
const { values } = parseArgs({ options: { starts: { type: 'string', default: '10' } } });
const STARTS = Number(values.starts);
if (!Number.isSafeInteger(STARTS) || STARTS < 1) {
	console.error('--starts must be a whole number ≥ 1');
	process.exit(2);
}

const kiosk = await startKiosk('bench-offline');
const browser = await chromium.launch(chromiumLaunchOptions);
try {
	const page = await (await browser.newContext({ baseURL: kiosk.url })).newPage();
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

	await kiosk.kill();
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
	reportFigures([
		{
			what: `navigation → attract screen from the cache, p50 of ${STARTS} (server gone)`,
			value: percentile(times, 50),
			unit: 'ms',
			goal: { max: TARGET_MS }
		},
		{ what: 'the same, max', value: Math.max(...times), unit: 'ms' },
		{ what: 'files the service worker keeps', value: cached.files, unit: 'files' },
		{ what: 'size of what the service worker keeps', value: cached.bytes / 1024, unit: 'KiB' }
	]);
} finally {
	await browser.close();
	await kiosk.stop();
}
