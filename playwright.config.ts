import { rmSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/e2e/chromium.ts';

/** Chromium: the system one where there is one, see tests/e2e/chromium.ts. */
export { chromiumLaunchOptions };

// Overridable so two test runs can share a machine: moving the kiosk's port moves the
// simulator's with it, unless that is given too.
export const KIOSK_PORT = Number(process.env.E2E_KIOSK_PORT ?? 4173);
export const SIM_PORT = Number(process.env.E2E_SIM_PORT ?? KIOSK_PORT + 10);
/**
 * The tests that start servers of their own (a kiosk server, a simulator, a proxy) take their
 * ports from KIOSK_PORT + 20 to + 89, each file ten of them: a run keeps to the hundred ports from
 * KIOSK_PORT (SIM_PORT among its first twenty), so runs given ports a hundred apart never meet.
 */
export const ownPorts = (slice: number): number => KIOSK_PORT + 20 + slice * 10;
const DATA_DIR = 'test-results/data';
export const KIOSK_URL = `http://127.0.0.1:${KIOSK_PORT}`;

// Every run starts from an empty store: demo set-up runs as for a newcomer. Only in the runner:
// each worker loads this file again, once the server is up on that store.
if (process.env.TEST_WORKER_INDEX === undefined) rmSync(DATA_DIR, { recursive: true, force: true });

export default defineConfig({
	testDir: 'tests/e2e',
	testMatch: '**/*.e2e.ts',
	outputDir: 'test-results',
	fullyParallel: false,
	workers: 1,
	retries: 0,
	// Hang detectors, not speed checks: a step waits for what the page shows once the server
	// answered, which takes seconds on a loaded machine. A test that holds the product to a time
	// (a dialog after a 3 s hold, a board within 2 s) names that limit itself.
	timeout: 90_000,
	expect: { timeout: 15_000 },
	reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
	use: {
		...devices['Desktop Chrome'],
		baseURL: KIOSK_URL,
		screenshot: 'only-on-failure',
		trace: 'retain-on-failure',
		launchOptions: chromiumLaunchOptions,
		// The service worker is tried in pwa.e2e.ts; elsewhere every request reaches the server, as
		// the tests that count requests, route them or kill the server expect.
		serviceWorkers: 'block'
	},
	webServer: {
		command: 'node scripts/start.ts',
		url: `${KIOSK_URL}/`,
		reuseExistingServer: false,
		timeout: 180_000,
		env: {
			PORT: String(KIOSK_PORT),
			HOST: '127.0.0.1',
			SIM_PORT: String(SIM_PORT),
			DATA_DIR,
			// Short, so the time-out path of a platform call can be tried.
			PLATFORM_TIMEOUT_MS: '1500',
			// A part of the platform out of reach is paused on the screens this long (30 s by
			// default): long enough to be seen, short enough to see it end.
			PLATFORM_PAUSE_SECONDS: '5',
			// A sale completed in the background reaches the screen within a second or two.
			RECOVERY_INTERVAL_SECONDS: '1',
			// The back office shows the venue's clock, whatever the machine's time zone.
			VENUE_TIME_ZONE: 'Europe/Berlin'
		}
	}
});
