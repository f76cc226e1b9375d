/**
 * How the browser tests (and scripts/bench-decode.ts) launch Chromium. No side effects, so a
 * script can import it without loading playwright.config.ts (which empties the test data folder).
 *
 * Browser tests run in the system Chromium where there is one (Debian's `chromium` package, as on
 * CI), since browser downloads are not reachable there; elsewhere in Playwright's own Chromium
 * (`npx playwright install chromium`). CHROMIUM_PATH overrides both.
 */
import { existsSync } from 'node:fs';
import type { BrowserContext } from '@playwright/test';
import { SCAN_STALL_KEY } from '#lib/scanner/scanner.ts';

const systemChromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find(existsSync);

export const chromiumLaunchOptions = {
	executablePath: process.env.CHROMIUM_PATH ?? systemChromium,
	// No background traffic: the test machines have no network beyond loopback.
	args: [
		'--disable-background-networking',
		'--disable-component-update',
		'--disable-sync',
		'--no-first-run',
		'--disable-quic'
	]
};

/**
 * The camera watchdog's wait in the fake-camera tests (ms; the product's is 8 s). The fake camera
 * repeats one frame, and html5-qrcode's decoder misreads some codes in one scan box on every
 * frame (src/lib/scanner/watchdog.ts): a short wait tries the next boxes within the tests' limits.
 */
export const TEST_SCAN_STALL_MS = 3_000;

/** Pages of `context` wait `TEST_SCAN_STALL_MS` before the camera watchdog restarts a camera. */
export async function shortScanStall(context: BrowserContext): Promise<void> {
	await context.addInitScript(([key, ms]) => localStorage.setItem(key, ms), [
		SCAN_STALL_KEY,
		String(TEST_SCAN_STALL_MS)
	] as const);
}

/** Chromium's fake camera: plays `video` (y4m or mjpeg), or its own test pattern without one. */
export function fakeCameraArgs({
	video,
	autoAccept = true
}: {
	video?: string;
	autoAccept?: boolean;
}) {
	return [
		'--use-fake-device-for-media-stream',
		// Accepts the camera prompt; without it a headless page is refused the camera.
		...(autoAccept ? ['--use-fake-ui-for-media-stream'] : []),
		...(video ? [`--use-file-for-fake-video-capture=${video}`] : [])
	];
}
