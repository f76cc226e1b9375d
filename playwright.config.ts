import { existsSync, rmSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests run in the system Chromium where there is one (Debian's `chromium` package, as on
 * CI), since browser downloads are not reachable there; elsewhere in Playwright's own Chromium
 * (`npx playwright install chromium`). CHROMIUM_PATH overrides both.
 */
const systemChromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find(existsSync);
const executablePath = process.env.CHROMIUM_PATH ?? systemChromium;

export const KIOSK_PORT = 4173;
export const SIM_PORT = 4183;
const DATA_DIR = 'test-results/data';

// Every run starts from an empty store: demo set-up runs as for a newcomer.
rmSync(DATA_DIR, { recursive: true, force: true });

export default defineConfig({
	testDir: 'tests/e2e',
	testMatch: '**/*.e2e.ts',
	outputDir: 'test-results',
	fullyParallel: false,
	workers: 1,
	retries: 0,
	reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
	use: {
		...devices['Desktop Chrome'],
		baseURL: `http://127.0.0.1:${KIOSK_PORT}`,
		screenshot: 'only-on-failure',
		trace: 'retain-on-failure',
		launchOptions: {
			executablePath,
			// No background traffic: the test machines have no network beyond loopback.
			args: [
				'--disable-background-networking',
				'--disable-component-update',
				'--disable-sync',
				'--no-first-run',
				'--disable-quic'
			]
		}
	},
	webServer: {
		command: 'npm run build && node scripts/start.ts',
		url: `http://127.0.0.1:${KIOSK_PORT}/`,
		reuseExistingServer: false,
		timeout: 180_000,
		env: {
			PORT: String(KIOSK_PORT),
			HOST: '127.0.0.1',
			SIM_PORT: String(SIM_PORT),
			DATA_DIR,
			// Short, so the time-out path of a platform call can be tried.
			PLATFORM_TIMEOUT_MS: '1500'
		}
	}
});
