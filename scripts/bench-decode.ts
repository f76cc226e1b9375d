/**
 * `npm run bench:decode` (after `npm run build`): how long from a QR code in view to the decoded
 * key, with Chromium's fake camera playing a video of a loyalty key QR (as the browser tests do).
 * Starts the built kiosk server (`scripts/start.ts`, with its simulator) on free ports with a
 * fresh data folder, and stops it at the end.
 *
 * 1. The product: the Scanner component on /setup/scanner (html5-qrcode; Linux Chromium has no
 *    BarcodeDetector, so its zxing-js decoder), a new page per scan: the time from the camera
 *    start to the first decoded value (the `scanner:*` performance marks of camera-scanner.ts).
 * 2. The same camera loop (scan box, 10 fps) in a bare page with html5-qrcode's decoder and with
 *    the alternative: zxing-wasm via the `barcode-detector` ponyfill (its .wasm from
 *    node_modules; the CDN, its default, is blocked and would be reported).
 * 3. The same captured frames decoded by both: the cost of one decode.
 *
 * Prints through scripts/bench-goals.ts each decode time (median, p90, max), the bare loops' scans
 * that missed the code and the requests that left the machine: a comparison, with no stated goal,
 * so no figure fails the run (a product scan that never decodes does, after 20 s).
 *
 * Options: --scans N (default 20), --warm-up N (default 1, not counted), --fps N (default 10).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type Page } from '@playwright/test';
import { build } from 'vite';
import { SCAN_MARKS } from '../src/lib/scanner/scanner.ts';
import { chromiumLaunchOptions, fakeCameraArgs } from '../tests/e2e/chromium.ts';
import { writeQrVideo } from '../tests/e2e/fixtures/qr-video.ts';
import type { DecoderName, FrameResult, ScanResult } from './bench-decode-harness.ts';
import { percentile, reportFigures, type Figure } from './bench-goals.ts';
import { startKiosk } from './bench-kiosk.ts';

const ROOT = resolve(import.meta.dirname, '..');
/** Demo mode's manager password (pairing a screen is a manager's). */
const MANAGER_PASSWORD = 'kiosk-manager';
const HARNESS_PATH = '/__bench/harness.html';
const WASM_PATH = '/__bench/zxing_reader.wasm';

const { values } = parseArgs({
	options: {
		scans: { type: 'string', default: '20' },
		'warm-up': { type: 'string', default: '1' },
		fps: { type: 'string', default: '10' }
	}
});
const SCANS = Number(values.scans);
const WARM_UP = Number(values['warm-up']);
const FPS = Number(values.fps);

/** The harness, bundled with Vite into one classic script for the page. */
async function bundleHarness(): Promise<string> {
	const output = await build({
		configFile: false,
		root: ROOT,
		logLevel: 'warn',
		build: {
			write: false,
			minify: true,
			lib: {
				entry: join(ROOT, 'scripts/bench-decode-harness.ts'),
				formats: ['iife'],
				name: 'benchHarness'
			}
		}
	});
	const results = Array.isArray(output) ? output : [output];
	for (const result of results) {
		if ('output' in result) {
			const chunk = result.output.find((o) => o.type === 'chunk' && o.isEntry);
			if (chunk && chunk.type === 'chunk') return chunk.code;
		}
	}
	throw new Error('the harness bundle has no entry chunk');
}

interface Stats {
	n: number;
	median: number;
	p90: number;
	max: number;
}

function stats(samples: number[]): Stats {
	return {
		n: samples.length,
		median: percentile(samples, 50),
		p90: percentile(samples, 90),
		max: Math.max(...samples)
	};
}

async function logIn(page: Page, url: string): Promise<void> {
	await page.goto(`${url}/setup/login`);
	await page.getByLabel('Your name').fill('Benchmark');
	await page.getByLabel('Password').fill(MANAGER_PASSWORD);
	await page.getByRole('button', { name: 'Log in' }).click();
	await page.waitForURL(`${url}/setup`);
}

/** One scan with the product's Scanner: a fresh page, the camera starts, the key is decoded. */
async function scanWithProduct(page: Page, url: string, key: string): Promise<ScanResult> {
	await page.goto(`${url}/setup/scanner`);
	await page.waitForFunction(
		(name) => performance.getEntriesByName(name).length > 0,
		SCAN_MARKS.decoded,
		{ timeout: 20_000 }
	);
	const masked = key.slice(-4);
	await page.getByText(masked, { exact: false }).first().waitFor();
	return page.evaluate((marks) => {
		const start = performance.getEntriesByName(marks.start).at(-1);
		const decoded = performance.getEntriesByName(marks.decoded).at(-1);
		if (!start || !decoded) throw new Error('the scanner marks are missing');
		return { ms: decoded.startTime - start.startTime, openMs: NaN, value: null, frames: 0 };
	}, SCAN_MARKS);
}

async function harnessPage(browser: Browser, url: string, harness: string): Promise<Page> {
	const page = await browser.newPage();
	await page.route(`${url}${HARNESS_PATH}`, (route) =>
		route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>bench</title>' })
	);
	await page.route(`${url}${WASM_PATH}`, (route) =>
		route.fulfill({
			contentType: 'application/wasm',
			body: readFileSync(join(ROOT, 'node_modules/zxing-wasm/dist/reader/zxing_reader.wasm'))
		})
	);
	await page.goto(`${url}${HARNESS_PATH}`);
	await page.addScriptTag({ content: harness });
	return page;
}

async function main() {
	const kiosk = await startKiosk('bench-decode');
	const workDir = mkdtempSync(join(tmpdir(), 'bench-decode-video-'));
	let browser: Browser | undefined;
	const cdnRequests: string[] = [];
	try {
		const response = await fetch(`${kiosk.simulator}/_sim/transaction-keys`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ walletId: 'wallet_plenty', leadingZeros: 3 })
		});
		const { transactionKey: key } = (await response.json()) as { transactionKey: string };
		const video = writeQrVideo(join(workDir, 'loyalty-key.y4m'), key);
		console.log(`Code: a loyalty key QR (${key.length} characters), fake camera 640×480`);
		console.log(`Scans: ${SCANS} (after ${WARM_UP} warm-up), decoder loop at ${FPS} fps\n`);

		browser = await chromium.launch({
			...chromiumLaunchOptions,
			args: [...chromiumLaunchOptions.args, ...fakeCameraArgs({ video })]
		});
		const context = await browser.newContext({ permissions: ['camera'] });
		// Offline proof: nothing may come from a CDN (zxing-wasm's default .wasm location).
		await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => {
			cdnRequests.push(route.request().url());
			return route.abort();
		});

		const rows: [string, Stats, string][] = [];
		const misses: Figure[] = [];

		// 1. The product.
		const page = await context.newPage();
		await logIn(page, kiosk.url);
		const product: number[] = [];
		for (let i = 0; i < WARM_UP + SCANS; i++) {
			const result = await scanWithProduct(page, kiosk.url, key);
			if (i >= WARM_UP) product.push(result.ms);
		}
		await page.close();
		rows.push([
			'html5-qrcode 2.3.8 (Scanner on /setup/scanner)',
			stats(product),
			'camera start → decoded'
		]);

		// 2. and 3. The bare loop with each decoder; the same captured frames for both.
		const harness = await bundleHarness();
		const decoders: DecoderName[] = ['zxing-js', 'zxing-wasm'];
		const labels: Record<DecoderName, string> = {
			'zxing-js': 'zxing-js (html5-qrcode’s decoder), bare loop',
			'zxing-wasm': 'zxing-wasm (barcode-detector ponyfill), bare loop'
		};
		const warmUps: Record<string, number> = {};
		for (const name of decoders) {
			const samples: number[] = [];
			const attempts: number[] = [];
			const opening: number[] = [];
			let missed = 0;
			for (let i = 0; i < WARM_UP + SCANS; i++) {
				const bench = await harnessPage(browser, kiosk.url, harness);
				const result = await bench.evaluate(
					async ([name, fps, wasmUrl]) => {
						const instance = window.createBench(wasmUrl);
						const warm = await instance.warm(name);
						return { warm, ...(await instance.scan(name, fps)) };
					},
					[name, FPS, `${kiosk.url}${WASM_PATH}`] as [DecoderName, number, string]
				);
				await bench.close();
				if (result.value !== key) missed++;
				if (i === 0) warmUps[name] = result.warm;
				if (i >= WARM_UP) {
					samples.push(result.ms);
					attempts.push(result.frames);
					opening.push(result.openMs);
				}
			}
			rows.push([
				labels[name],
				stats(samples),
				`camera open → decoded (opening: median ${stats(opening).median.toFixed(0)} ms), median ${stats(attempts).median} frame(s) tried`
			]);
			misses.push({
				what: `${labels[name]}: scans that missed the code`,
				value: missed,
				unit: 'scans'
			});
		}

		const frames = await harnessPage(browser, kiosk.url, harness);
		const perFrame = await frames.evaluate(
			async ([count, fps, wasmUrl, expected]) => {
				const instance = window.createBench(wasmUrl);
				await instance.capture(count, 1000 / fps);
				const results: Record<string, FrameResult> = {};
				for (const name of ['zxing-js', 'zxing-wasm'] as const) {
					await instance.warm(name);
					results[name] = await instance.decodeCaptured(name, expected);
				}
				return results;
			},
			[SCANS, FPS, `${kiosk.url}${WASM_PATH}`, key] as [number, number, string, string]
		);
		await frames.close();
		for (const name of decoders) {
			const result = perFrame[name]!;
			rows.push([
				`${name}: one decode of a captured frame`,
				stats(result.ms),
				`${result.decoded}/${result.ms.length} frames decoded`
			]);
		}

		for (const [label, { n }, note] of rows) console.log(`${label} (${n}): ${note}`);
		console.log(
			`Once per page, before the first scan (not counted): zxing-js ready in ${warmUps['zxing-js']?.toFixed(0)} ms, zxing-wasm module loaded and compiled in ${warmUps['zxing-wasm']?.toFixed(0)} ms.`
		);
		if (cdnRequests.length)
			console.log(`Requests off this machine (blocked): ${cdnRequests.join(', ')}`);
		reportFigures([
			...rows.flatMap(([label, { median, p90, max }]) => [
				{ what: `${label}, median`, value: median, unit: 'ms' },
				{ what: `${label}, p90`, value: p90, unit: 'ms' },
				{ what: `${label}, max`, value: max, unit: 'ms' }
			]),
			...misses,
			{
				what: 'requests off this machine (the .wasm from node_modules)',
				value: cdnRequests.length,
				unit: 'requests'
			}
		]);
	} finally {
		await browser?.close();
		await kiosk.stop();
		rmSync(workDir, { recursive: true, force: true });
	}
}

await main();
