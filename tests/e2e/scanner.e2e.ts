/**
 * The scanner for real: Chromium's fake camera plays a video of a QR code that the test makes
 * (tests/e2e/fixtures/qr-video.ts). The video file is fixed for a browser's lifetime, so each
 * code gets its own browser. Linux Chromium has no BarcodeDetector: this runs html5-qrcode's
 * JavaScript decoder. The USB reader is a keyboard: fast keys and Enter.
 */
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { expect, test, watchCsp } from './test.ts';
import { SCAN_MARKS } from '#lib/scanner/scanner.ts';
import { ZERO_PREFIXED_DEMO_KEYS } from '@venue-kiosk/platform-sim/seed.ts';
import { WATCHDOG_RESTART_MARK } from '#lib/scanner/watchdog.ts';
import { chromiumLaunchOptions, KIOSK_URL } from '../../playwright.config.ts';
import { fakeCameraArgs, shortScanStall, TEST_SCAN_STALL_MS } from './chromium.ts';
import { writeQrVideo } from './fixtures/qr-video.ts';
import { payWithCredits, pilsAndPretzelAtPayment } from './kiosk-support.ts';
import { pairReturnStation } from './return-support.ts';
import { expectNoAxeViolations, logIn, scanWithReader, screenshot, simulator } from './support.ts';

const VIDEOS = 'test-results/fake-camera';
const DEPOSIT_CODE = 'kT9_xQ2-mB7vLw4ZpR8sN1cY6hJ3fG5dE0aU-_Kq';
/** A string html5-qrcode's code keeps through minification (the id of its scan box shading). */
const HTML5_QRCODE_MARKER = 'qr-shaded-region';

interface CameraOptions {
	/** The y4m video the fake camera plays; none: Chromium's own test pattern. */
	video?: string;
	/** false: the page has no camera permission (and no auto-accepting prompt). */
	allowed?: boolean;
}

async function launch({ video, allowed = true }: CameraOptions): Promise<Browser> {
	return watchCsp(
		await chromium.launch({
			...chromiumLaunchOptions,
			args: [...chromiumLaunchOptions.args, ...fakeCameraArgs({ video, autoAccept: allowed })]
		})
	);
}

async function openScannerCheck(
	browser: Browser,
	allowed = true
): Promise<{ context: BrowserContext; page: Page }> {
	const context = await browser.newContext({
		baseURL: KIOSK_URL,
		permissions: allowed ? ['camera'] : []
	});
	await shortScanStall(context);
	const page = await context.newPage();
	await logIn(page);
	await page.getByRole('link', { name: 'Scanner check' }).click();
	await expect(page.getByRole('heading', { level: 1, name: 'Scanner check' })).toBeVisible();
	return { context, page };
}

const reading = (page: Page) => page.getByRole('region', { name: 'Last value read' });

/** Expects the reading's term–value pairs, e.g. {Source: 'Camera'}. */
async function expectReading(page: Page, pairs: Record<string, string | RegExp>) {
	for (const [term, value] of Object.entries(pairs)) {
		await expect(
			reading(page)
				.locator('dt')
				.filter({ hasText: new RegExp(`^${term.replace(/[()]/g, '\\$&')}$`) })
				.locator('xpath=following-sibling::dd[1]')
		).toHaveText(value);
	}
}

async function freshKey(request: import('@playwright/test').APIRequestContext) {
	const response = await request.post(`${simulator}/_sim/transaction-keys`, {
		data: { walletId: 'wallet_plenty', leadingZeros: 3 }
	});
	expect(response.status()).toBe(201);
	const { transactionKey } = (await response.json()) as { transactionKey: string };
	expect(transactionKey).toMatch(/^000[0-9a-fA-F]{29}$/);
	return transactionKey;
}

/** As the page shows it: all but the last 4 characters hidden, in groups of 4. */
const masked = (key: string) => `${'•••• '.repeat(7)}${key.slice(-4)}`;

test.describe('camera with a loyalty key QR', () => {
	/**
	 * A key of the demo seed, the same picture on every run (a random one is missed in every scan
	 * box now and then; see the watchdog's test below). Fresh keys: the reader's test.
	 */
	const key = ZERO_PREFIXED_DEMO_KEYS[0]!.key;
	let browser: Browser;

	test.beforeAll(async () => {
		browser = await launch({ video: writeQrVideo(join(VIDEOS, 'loyalty-key.y4m'), key) });
	});
	test.afterAll(async () => {
		await browser?.close();
	});

	test('the camera reads the key; it shows as a loyalty key, masked; axe finds nothing', async () => {
		const { context, page } = await openScannerCheck(browser);
		await expect(page.getByText(/^Camera on: /)).toBeVisible();
		await expectReading(page, {
			Source: 'Camera',
			'Recognised as': 'Loyalty key',
			'Key (masked)': `${masked(key)} 32 characters read, left-padded with zeros to 32.`
		});
		// The whole key is a secret: it is never on the page.
		await expect(page.locator('body')).not.toContainText(key);
		await expect(page.getByText('Decoder: JavaScript')).toBeVisible();
		await expectNoAxeViolations(page);
		await screenshot(page, 'scanner-camera-loyalty-key');
		await context.close();
	});

	test('html5-qrcode is not in the initial JavaScript: it loads when the scan area mounts', async () => {
		const { context, page } = await openScannerCheck(browser);
		// A full load of the page (the link above was a client-side navigation).
		await page.reload();
		await expect(page.getByText(/^Camera on: /)).toBeVisible();
		await expectReading(page, { Source: 'Camera' });

		// What the server has the browser load first: SvelteKit's modulepreload links.
		const html = await (await page.request.get('/setup/scanner')).text();
		const initial = [...html.matchAll(/<link\b[^>]*>/g)]
			.map(([tag]) => tag)
			.filter((tag) => /\brel="modulepreload"/.test(tag))
			.map((tag) => new URL(/\bhref="([^"]+)"/.exec(tag)![1]!, page.url()).href);
		expect(initial.length).toBeGreaterThan(3);
		for (const url of initial) {
			expect(await (await page.request.get(url)).text(), url).not.toContain(HTML5_QRCODE_MARKER);
		}

		// What the browser loaded, and when (Resource Timing, in the page's own clock).
		const scripts = await page.evaluate(() =>
			performance
				.getEntriesByType('resource')
				.filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
				.map((entry) => ({
					url: entry.name,
					start: entry.startTime,
					end: (entry as PerformanceResourceTiming).responseEnd
				}))
		);
		const bodies = await Promise.all(
			scripts.map(async (s) => ({ ...s, body: await (await page.request.get(s.url)).text() }))
		);
		const scannerChunks = bodies.filter((s) => s.body.includes(HTML5_QRCODE_MARKER));
		expect(scannerChunks.map((s) => s.url)).toHaveLength(1);
		const scannerChunk = scannerChunks[0]!;
		expect(initial).not.toContain(scannerChunk.url);
		// Every initial script had arrived before the scan area (mounted after hydration) asked for it.
		const initialScripts = bodies.filter((s) => initial.includes(s.url));
		expect(initialScripts.length).toBe(initial.length);
		expect(scannerChunk.start).toBeGreaterThanOrEqual(
			Math.max(...initialScripts.map((s) => s.end))
		);
		await context.close();
	});
});

test.describe('camera with a deposit code QR', () => {
	let browser: Browser;

	test.beforeAll(async () => {
		expect(DEPOSIT_CODE).toHaveLength(40);
		browser = await launch({ video: writeQrVideo(join(VIDEOS, 'deposit-code.y4m'), DEPOSIT_CODE) });
	});
	test.afterAll(async () => {
		await browser?.close();
	});

	test('a 40-character deposit code is recognised as a deposit code', async () => {
		const { context, page } = await openScannerCheck(browser);
		await expectReading(page, {
			Source: 'Camera',
			'Recognised as': 'Deposit code',
			Code: DEPOSIT_CODE
		});
		await screenshot(page, 'scanner-camera-deposit-code');
		await context.close();
	});
});

test.describe('the camera watchdog', () => {
	/**
	 * html5-qrcode's JavaScript decoder (zxing-js) misreads this key's code in the usual scan box
	 * on every frame of the fake camera; the whole viewfinder, the box of the first restart,
	 * reads it.
	 */
	const STUCK_KEY = '000d1be16ea2975dbdd231a698e3e4df';
	let browser: Browser;

	test.beforeAll(async () => {
		browser = await launch({ video: writeQrVideo(join(VIDEOS, 'stuck-key.y4m'), STUCK_KEY) });
	});
	test.afterAll(async () => {
		await browser?.close();
	});

	test('a camera that reads nothing restarts itself with another scan box, and then reads the code', async () => {
		const { context, page } = await openScannerCheck(browser);
		await expectReading(page, {
			Source: 'Camera',
			'Recognised as': 'Loyalty key',
			'Key (masked)': `${masked(STUCK_KEY)} 32 characters read, left-padded with zeros to 32.`
		});
		const marks = await page.evaluate(
			(names) =>
				Object.fromEntries(
					names.map((name) => [
						name,
						performance.getEntriesByName(name, 'mark').map((mark) => mark.startTime)
					])
				),
			[SCAN_MARKS.start, SCAN_MARKS.decoded, WATCHDOG_RESTART_MARK]
		);
		// Read only after a restart, one stall time after the first camera start at the earliest.
		const [restart] = marks[WATCHDOG_RESTART_MARK]!;
		const [firstStart] = marks[SCAN_MARKS.start]!;
		const [decoded] = marks[SCAN_MARKS.decoded]!;
		expect(restart, 'a watchdog restart').toBeDefined();
		expect(marks[SCAN_MARKS.start]!.length).toBeGreaterThan(1);
		expect(decoded!).toBeGreaterThan(restart!);
		expect(restart! - firstStart!).toBeGreaterThanOrEqual(TEST_SCAN_STALL_MS);
		await context.close();
	});
});

test.describe('USB reader and a blocked camera', () => {
	let browser: Browser;

	test.beforeAll(async () => {
		// The fake camera is there, but the page may not use it: no permission, no prompt.
		browser = await launch({ allowed: false });
	});
	test.afterAll(async () => {
		await browser?.close();
	});

	test('a denied camera says so clearly; the reader still works; axe finds nothing', async () => {
		const { context, page } = await openScannerCheck(browser, false);
		await expect(
			page.getByRole('status').filter({ hasText: 'The camera is blocked for this page.' })
		).toBeVisible();
		await expect(page.getByText('The USB card or QR reader still works.')).toBeVisible();
		await expect(page.getByRole('button', { name: 'Try the camera again' })).toBeVisible();
		await expectNoAxeViolations(page);
		await screenshot(page, 'scanner-camera-denied');

		await scanWithReader(page, DEPOSIT_CODE);
		await expectReading(page, {
			Source: 'Card reader (USB)',
			'Recognised as': 'Deposit code',
			Code: DEPOSIT_CODE
		});
		await context.close();
	});

	test('a guest screen names its own reader where the camera is blocked', async () => {
		const blocked = (page: Page) =>
			page.getByRole('status').filter({ hasText: 'The camera is blocked for this page.' });
		const station = await browser.newContext({ baseURL: KIOSK_URL, hasTouch: true });
		const returns = await station.newPage();
		await pairReturnStation(returns);
		await expect(blocked(returns)).toContainText(
			'You can still scan the code with the handheld scanner.'
		);
		await expect(blocked(returns)).not.toContainText(/card/i);

		const kiosk = await browser.newContext({ baseURL: KIOSK_URL, hasTouch: true });
		const guest = await kiosk.newPage();
		await pilsAndPretzelAtPayment(guest);
		await payWithCredits(guest);
		await expect(blocked(guest)).toContainText(
			'You can still hold your loyalty card to the reader.'
		);
		await expectNoAxeViolations(guest);
		await Promise.all([station.close(), kiosk.close()]);
	});

	test('the reader types a key without its leading zeros: read and left-padded to 32; slow typing is no scan', async ({
		request
	}) => {
		const key = await freshKey(request);
		const { context, page } = await openScannerCheck(browser, false);
		const cardValue = key.slice(3); // the card reader dropped the leading zeros
		expect(cardValue).toHaveLength(29);

		await scanWithReader(page, cardValue);
		await expectReading(page, {
			Source: 'Card reader (USB)',
			'Read at': /\(#1\)$/,
			'Recognised as': 'Loyalty key',
			'Key (masked)': `${masked(key)} 29 characters read, left-padded with zeros to 32.`
		});
		await expectNoAxeViolations(page);
		await screenshot(page, 'scanner-usb-reader');

		// A person typing the same characters is not a reader. (The page handles each key as it is
		// sent, Enter last: had it taken this for a scan, the next scan would be #3, not #2.)
		await scanWithReader(page, '0123456789abcdef', 120);
		await expectReading(page, { 'Read at': /\(#1\)$/, Source: 'Card reader (USB)' });

		// A second scan is read again.
		await scanWithReader(page, DEPOSIT_CODE);
		await expectReading(page, { 'Read at': /\(#2\)$/, 'Recognised as': 'Deposit code' });
		await context.close();
	});
});
