/**
 * A kiosk server as a venue runs it: the production start command (`node scripts/serve.ts`)
 * against the simulator standing in for a real platform (PLATFORM_BASE_URL), not demo, with
 * ORIGIN set. Nothing of the demo is reachable — no passwords or PIN on the home page, no demo
 * pairing, no on-screen card terminal, another host name refused — and the operator sets it up
 * from nothing: the first run with the set-up code from the server's log, a device added with
 * its key from the platform, the menu imported, a browser paired as the ordering kiosk. Without a
 * card terminal the kiosk says card payment is off and sells for credits that pay everything;
 * once its ZVT terminal (the project's double) is set up on the device page, it takes cards.
 */
import { request as httpRequest } from 'node:http';
import { rmSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, test } from './test.ts';
import {
	startZvtSimulator,
	type RunningZvtSimulator
} from '@venue-kiosk/device-doubles/zvt/server.ts';
import { ownPorts } from '../../playwright.config.ts';
import { beginOrder, orderPilsAndPretzel, payWithCredits, toPayment } from './kiosk-support.ts';
import {
	killHard,
	startProductionServer,
	startSimulator,
	type ProductionServer
} from './processes.ts';
import {
	expectNoAxeViolations,
	guestScreenReady,
	recordResponses,
	scanWithReader,
	screenshot
} from './support.ts';

const PORT = ownPorts(0);
const PLATFORM_PORT = PORT + 1;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const PLATFORM = `http://127.0.0.1:${PLATFORM_PORT}`;
const DATA_DIR = `test-results/production-${PORT}`;
const MANAGER = { name: 'Olga Operator', password: 'venue-manager-1' };
const ZVT_PASSWORD = '135790';

test.use({ baseURL: ORIGIN, hasTouch: true });

let platform: Awaited<ReturnType<typeof startSimulator>>;
let server: ProductionServer;
let zvt: RunningZvtSimulator;
const opened: BrowserContext[] = [];

test.beforeAll(async ({ request }) => {
	rmSync(DATA_DIR, { recursive: true, force: true });
	platform = await startSimulator(request, PLATFORM_PORT);
	server = await startProductionServer(request, {
		port: PORT,
		platformUrl: PLATFORM,
		dataDir: DATA_DIR,
		env: { ORIGIN }
	});
	zvt = await startZvtSimulator({ port: 0, host: '127.0.0.1', password: ZVT_PASSWORD });
});
test.afterAll(async () => {
	await Promise.all(opened.splice(0).map((context) => context.close()));
	await zvt?.close();
	if (server) await killHard(server.process);
	if (platform) await killHard(platform);
});

async function newPage(browser: Browser): Promise<Page> {
	const context = await browser.newContext({ baseURL: ORIGIN, hasTouch: true });
	opened.push(context);
	return context.newPage();
}

/** A request to the server naming `host` in its Host header (a browser cannot send one). */
function statusFor(host: string, path: string): Promise<number> {
	return new Promise((resolve, reject) => {
		httpRequest({ host: '127.0.0.1', port: PORT, path, headers: { host } }, (response) => {
			response.resume();
			resolve(response.statusCode!);
		})
			.on('error', reject)
			.end();
	});
}

async function logInAsManager(page: Page) {
	await page.goto('/setup');
	await page.getByLabel('Your name').fill(MANAGER.name);
	await page.getByLabel('Password').fill(MANAGER.password);
	await page.getByRole('button', { name: 'Log in' }).tap();
	await expect(page.getByRole('heading', { level: 1, name: 'Devices' })).toBeVisible();
	await expect(page.locator('main[data-ready]')).toBeAttached();
}

async function guestKey(walletId: string): Promise<string> {
	const response = await fetch(`${PLATFORM}/_sim/transaction-keys`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ walletId })
	});
	return ((await response.json()) as { transactionKey: string }).transactionKey;
}

test('production: nothing of the demo, a first run with the set-up code, credits only until a card terminal is set up', async ({
	browser,
	request
}) => {
	test.setTimeout(180_000);
	expect(server.log()).toContain(
		`Production mode: DEMO is not set to true; platform PLATFORM_BASE_URL=${PLATFORM}.`
	);

	// Nothing of the demo: no passwords or PIN at home, no pairing without staff, no other host.
	const staff = await newPage(browser);
	const responses = recordResponses(staff);
	await staff.goto('/');
	await expect(staff.getByRole('heading', { level: 1, name: 'Venue Kiosk' })).toBeVisible();
	const html = await staff.content();
	for (const secret of ['kiosk-demo', 'kiosk-manager']) expect(html).not.toContain(secret);
	expect(await staff.locator('body').innerText()).not.toMatch(/password|passwort|PIN|1234/i);
	await expect(staff.getByRole('button', { name: 'Ordering kiosk' })).toHaveCount(0);
	const pairing = await request.post(`${ORIGIN}/demo/pair`, {
		form: { mode: 'kiosk' },
		headers: { origin: ORIGIN },
		maxRedirects: 0
	});
	expect(pairing.status()).toBe(404);
	expect(await statusFor('rebound.evil.example', '/setup/first-run')).toBe(421);
	expect(await statusFor(`127.0.0.1:${PORT}`, '/setup/first-run')).toBe(200);

	// First run: the set-up code from the server's log, and only that.
	const setupCode = await server.setupCode();
	await staff.goto('/setup');
	await expect(staff).toHaveURL(`${ORIGIN}/setup/first-run`);
	await expect(staff.locator('main[data-ready]')).toBeAttached();
	const fill = async (code: string) => {
		await staff.getByLabel('Set-up code').fill(code);
		await staff.getByLabel('Your name').fill(MANAGER.name);
		await staff.getByLabel('Staff password', { exact: true }).fill('venue-staff-1');
		await staff.getByLabel('Repeat the staff password').fill('venue-staff-1');
		await staff.getByLabel('Manager password', { exact: true }).fill(MANAGER.password);
		await staff.getByLabel('Repeat the manager password').fill(MANAGER.password);
		await staff.getByRole('button', { name: 'Create passwords' }).tap();
	};
	await fill('AAAA-BBBB-CCCC');
	await expect(staff.locator('#setupCode-error')).toHaveText(
		'That is not the set-up code. Nothing was changed. Copy it from the server’s log.'
	);
	await expect(staff.getByLabel('Set-up code')).toHaveAttribute('aria-invalid', 'true');
	await expectNoAxeViolations(staff);
	await fill(setupCode);
	await expect(staff.getByRole('heading', { level: 1, name: 'Devices' })).toBeVisible();
	await expect(staff.getByTestId('logged-in-as')).toHaveText(`${MANAGER.name} (Manager)`);

	// A device with its key from the platform, and the menu.
	const seed = await (await request.get(`${PLATFORM}/_sim/seed`)).json();
	const apiKey = seed.devices.find((device: { id: string }) => device.id === 'dev_kiosk_main')
		.apiKey as string;
	await staff.getByRole('link', { name: 'Add a device' }).tap();
	await expect(staff.getByRole('radio', { name: 'Simulator (demo)' })).toHaveCount(0);
	await staff.getByLabel('Name on this kiosk').fill('Main Stage Kiosk');
	await staff.getByLabel('API key').fill(apiKey);
	await staff.getByRole('radio', { name: 'Other address' }).check();
	await staff.getByLabel('Platform address (for “Other address”)').fill(PLATFORM);
	await staff.getByRole('radio', { name: 'Ordering kiosk' }).check();
	await staff.getByRole('button', { name: 'Verify and save' }).tap();
	await expect(staff.getByRole('heading', { level: 1, name: 'Main Stage Kiosk' })).toBeVisible();
	const devicePage = staff.url().replace(/\?saved=1$/, '');
	const off = staff.getByTestId('card-payments-off');
	await expect(off).toContainText('Card payments off');
	await expect(off).toContainText('a manager sets up its ZVT card terminal on this page');
	await expect(
		staff.getByRole('region', { name: 'Card terminal' }).getByLabel('None: card payments off')
	).toBeChecked();
	await expectNoAxeViolations(staff);
	await screenshot(staff, 'production-device-card-payments-off');

	await staff.goto('/setup');
	await expect(staff.getByTestId('card-payments-off')).toContainText(
		'guests can pay only with loyalty credits that cover their whole order'
	);
	await staff.getByRole('link', { name: 'Set up the card terminal of Main Stage Kiosk' }).tap();
	await expect(staff).toHaveURL(`${devicePage}#terminal-heading`);

	await staff.goto('/setup/menu');
	await staff.getByLabel('JSON or CSV file').setInputFiles('src/lib/server/catalog/demo-menu.json');
	await staff.getByRole('button', { name: 'Import and replace the menu' }).tap();
	await expect(staff.getByText(/products imported\./)).toBeVisible();

	// The ordering kiosk: card payment off, said plainly; credits pay everything.
	const kiosk = await newPage(browser);
	await logInAsManager(kiosk);
	await kiosk.goto(devicePage);
	await kiosk.getByRole('button', { name: 'Pair this browser as Ordering kiosk' }).tap();
	await expect(kiosk).toHaveURL(/\/kiosk$/);
	await guestScreenReady(kiosk);
	await beginOrder(kiosk);
	await orderPilsAndPretzel(kiosk);
	await toPayment(kiosk);
	await expect(kiosk.getByTestId('card-unavailable')).toHaveText(
		'Card payment is not available at this kiosk.'
	);
	await expect(kiosk.getByRole('button', { name: /Pay by card/ })).toHaveCount(0);
	await expectNoAxeViolations(kiosk);
	await screenshot(kiosk, 'production-kiosk-no-card');
	const started = kiosk.waitForResponse(
		(response) =>
			response.url().endsWith('/api/kiosk/sales') && response.request().method() === 'POST'
	);
	await payWithCredits(kiosk);
	const saleId = ((await (await started).json()) as { id: string }).id;
	await expect(kiosk.getByRole('button', { name: 'Pay by card instead' })).toHaveCount(0);
	// The on-screen terminal's approve does not exist here, not even for the kiosk's own sale.
	const approve = await kiosk.request.post(`/api/kiosk/sales/${saleId}/terminal`, {
		data: { outcome: 'approved' }
	});
	expect(approve.status()).toBe(404);

	await scanWithReader(kiosk, await guestKey('wallet_plenty'));
	await expect(kiosk.getByRole('heading', { level: 1, name: 'Your credits' })).toBeVisible();
	await expect(kiosk.getByTestId('credits-card')).toHaveText('€0.00');
	await kiosk.getByRole('button', { name: 'Confirm and pay with credits' }).tap();
	await expect(kiosk.getByRole('heading', { level: 1, name: 'Thank you!' })).toBeVisible();
	await expect(kiosk.getByTestId('order-number')).not.toBeEmpty();
	await expect(kiosk.getByTestId('receipt-credits')).toBeVisible();
	await expect(kiosk.getByTestId('receipt-card')).toHaveCount(0);

	// Its ZVT terminal set up on the device page: the kiosk takes cards.
	await staff.goto(devicePage);
	const terminal = staff.getByRole('region', { name: 'Card terminal' });
	await terminal.getByLabel('ZVT card terminal').check();
	await terminal.getByLabel('Terminal address (IP or host name)').fill('127.0.0.1');
	await terminal.getByLabel('Port').fill(String(zvt.port));
	await terminal.getByLabel('Terminal password (6 digits)').fill(ZVT_PASSWORD);
	await terminal.getByRole('button', { name: 'Save terminal' }).tap();
	await expect(terminal.getByRole('status')).toHaveText('Terminal saved.');
	await expect(staff.getByTestId('card-payments-off')).toHaveCount(0);
	await staff.goto('/setup');
	await expect(staff.getByTestId('card-payments-off')).toHaveCount(0);

	await kiosk.reload();
	await guestScreenReady(kiosk);
	await beginOrder(kiosk);
	await orderPilsAndPretzel(kiosk);
	await toPayment(kiosk);
	await expect(kiosk.getByTestId('card-unavailable')).toHaveCount(0);
	zvt.terminal.scriptNext({ result: 'approve' });
	await kiosk.getByRole('button', { name: /^Pay by card/ }).tap();
	await expect(kiosk.getByRole('heading', { level: 1, name: 'Thank you!' })).toBeVisible();
	await expect(kiosk.getByTestId('receipt-card')).toHaveText('€18.00');
	expect(
		zvt.terminal.transactions.filter((t) => t.kind === 'payment').map((t) => t.amountMinor)
	).toEqual([1800]);

	// The set-up code was in the log only: no page or answer carried it.
	for (const body of await responses()) expect(body).not.toContain(setupCode);

	// The server's log (docs/server.md, The log): JSON lines, a line per request with its id and
	// route and one per platform call; no API key or password in any of them.
	const log = server.log();
	const lines = log
		.split('\n')
		.filter((line) => line.startsWith('{'))
		.map((line) => JSON.parse(line) as Record<string, unknown>);
	expect(lines).toContainEqual(
		expect.objectContaining({
			level: 'info',
			msg: 'request',
			method: 'POST',
			route: '/api/kiosk/sales',
			status: 200,
			requestId: expect.any(String),
			deviceId: expect.any(String)
		})
	);
	expect(lines).toContainEqual(
		expect.objectContaining({ msg: 'platform call', outcome: 'ok', attempt: 1 })
	);
	for (const secret of [apiKey, MANAGER.password]) expect(log).not.toContain(secret);
});
