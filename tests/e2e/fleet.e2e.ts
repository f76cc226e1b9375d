/**
 * Fleet health (docs/manual.md, Fleet health): the demo's screens on the fleet page; a kiosk that
 * stops beating (its page closed) is an alert on the order board and the fleet page within the
 * threshold, cleared once it beats again; a printer out of paper is an alert; a kiosk put out of
 * order from the fleet page says so on its attract screen and the server refuses its sales, until
 * it is back in service; a card terminal that did not answer a payment is an alert (last: the
 * payment it leaves to staff keeps the kiosk in alert). The threshold is set short on the page
 * (5 s: the screens then beat every 1.7 s), so nothing waits long; the waits are for what the
 * pages show.
 */
import { type Browser, type BrowserContext, type Page } from '@playwright/test';
import {
	startPrinterSimulator,
	type PrinterSimulator
} from '@venue-kiosk/device-doubles/printer/printer-simulator.ts';
import { expect, test } from './test.ts';
import { cardSale, pairKiosk, pilsAndPretzelAtPayment } from './kiosk-support.ts';
import {
	expectNoAxeViolations,
	logIn,
	openKioskDevicePage,
	screenshot,
	simulator,
	staffPageReady
} from './support.ts';

test.use({ hasTouch: true });

const KIOSK = 'Main Stage Kiosk 1';
const opened: BrowserContext[] = [];
let printer: PrinterSimulator | null = null;

async function touchPage(browser: Browser): Promise<Page> {
	const context = await browser.newContext({ hasTouch: true });
	opened.push(context);
	return context.newPage();
}

/** The fleet page, logged in as the manager. */
async function openFleet(browser: Browser): Promise<Page> {
	const staff = await touchPage(browser);
	await logIn(staff);
	await staff.getByRole('link', { name: 'Fleet health' }).tap();
	await expect(staff.getByRole('heading', { level: 1, name: 'Fleet health' })).toBeVisible();
	await staffPageReady(staff);
	return staff;
}

async function setThreshold(staff: Page, seconds: number): Promise<void> {
	const settings = staff.getByRole('region', { name: 'Fleet settings' });
	await settings.getByLabel(/^Alert when a screen is silent/).fill(String(seconds));
	await settings.getByRole('button', { name: 'Save' }).tap();
	await expect(settings.getByRole('status')).toHaveText('Fleet settings saved.');
}

async function openBoard(browser: Browser): Promise<Page> {
	const board = await touchPage(browser);
	await board.goto('/');
	await board.getByRole('button', { name: 'Order board' }).click();
	await expect(board).toHaveURL(/\/board$/);
	await expect(board.locator('main[data-ready]')).toBeVisible();
	return board;
}

/** The kiosk's row on the fleet page. */
const kioskRow = (staff: Page) =>
	staff.getByTestId('fleet-screen').filter({ has: staff.getByRole('rowheader', { name: KIOSK }) });
/** The alert about the kiosk on a page (the fleet page or the board). */
const kioskAlert = (page: Page, problem: string) =>
	page
		.getByTestId('fleet-alerts')
		.getByRole('listitem')
		.filter({ hasText: `${KIOSK}: ${problem}` });

test.beforeEach(async ({ request }) => {
	await request.post(`${simulator}/_sim/reset`);
});

test.afterEach(async ({ browser }) => {
	// The run's store outlives this file: the fleet as the other files expect it.
	const staff = await openFleet(browser);
	await setThreshold(staff, 45);
	const back = kioskRow(staff).getByRole('button', { name: `Back in service · ${KIOSK}` });
	if (await back.isVisible()) await back.tap();
	if (printer) {
		await openKioskDevicePage(staff);
		const section = staff.getByRole('region', { name: 'Receipt printer' });
		await section.getByLabel('Printer address (IP or host name)').fill('');
		await section.getByRole('button', { name: 'Save printer' }).tap();
		await expect(section.getByRole('status')).toHaveText('Printer saved.');
		await printer.close();
		printer = null;
	}
	await Promise.all(opened.splice(0).map((context) => context.close()));
});

test('a kiosk that stops beating is an alert on the board and the fleet page, cleared when back', async ({
	browser
}) => {
	const staff = await openFleet(browser);
	await setThreshold(staff, 5);
	// Every screen of the demo is listed.
	for (const name of [KIOSK, 'Main Stage Return Station', 'Main Stage Order Board']) {
		await expect(staff.getByRole('rowheader', { name })).toBeVisible();
	}

	const kiosk = await touchPage(browser);
	await pairKiosk(kiosk);
	await expect(kioskRow(staff)).toHaveAttribute('data-state', 'ok');
	const board = await openBoard(browser);
	await expect(kioskAlert(board, 'Silent')).toHaveCount(0);
	await expectNoAxeViolations(staff);
	await screenshot(staff, 'fleet-all-well');

	// The kiosk's page is gone (frozen, switched off, its network lost): no more beats.
	await kiosk.context().close();
	await expect(kioskAlert(board, 'Silent')).toBeVisible();
	await expect(kioskRow(staff)).toHaveAttribute('data-state', 'alert');
	await expect(kioskRow(staff)).toContainText('Silent: no heartbeat within the threshold');
	await expect(kioskRow(staff)).toContainText('Go to the screen');
	await expectNoAxeViolations(board);
	await screenshot(board, 'fleet-board-alert');
	await expectNoAxeViolations(staff);
	await screenshot(staff, 'fleet-silent');

	// Silenced until a new alert: the button gives way to the note, and the board remembers it
	// when it reloads (it does not beep again for the alert staff silenced).
	await board.getByTestId('fleet-alerts').getByRole('button', { name: 'Silence' }).tap();
	await expect(board.getByText('Silenced until the next alert')).toBeVisible();
	await board.reload();
	await expect(board.locator('main[data-ready]')).toBeVisible();
	await expect(kioskAlert(board, 'Silent')).toBeVisible();
	await expect(board.getByText('Silenced until the next alert')).toBeVisible();
	await expect(
		board.getByTestId('fleet-alerts').getByRole('button', { name: 'Silence' })
	).toHaveCount(0);

	// Back: cleared on both.
	const again = await touchPage(browser);
	await pairKiosk(again);
	await expect(kioskAlert(board, 'Silent')).toHaveCount(0);
	await expect(kioskRow(staff)).toHaveAttribute('data-state', 'ok');
});

test('a receipt printer out of paper is an alert', async ({ browser }) => {
	printer = await startPrinterSimulator({ port: 0, host: '127.0.0.1' });
	const staff = await openFleet(browser);
	await setThreshold(staff, 5);
	await openKioskDevicePage(staff);
	const section = staff.getByRole('region', { name: 'Receipt printer' });
	await section.getByLabel('Printer address (IP or host name)').fill('127.0.0.1');
	await section.getByLabel('Port').fill(String(printer.port));
	await section.getByLabel('Print every receipt at once').check();
	await section.getByRole('button', { name: 'Save printer' }).tap();
	await expect(section.getByRole('status')).toHaveText('Printer saved.');
	printer.setState({ condition: 'paper-out' });

	const kiosk = await touchPage(browser);
	await cardSale(kiosk);
	await expect(kiosk.getByTestId('receipt-printing')).toContainText(
		'The receipt printer is out of paper.'
	);
	const board = await openBoard(browser);
	await expect(kioskAlert(board, 'Receipt printer out of paper')).toBeVisible();
	await staff.goto('/setup/fleet');
	await expect(kioskRow(staff)).toContainText('Put a new paper roll in the printer.');
	await expect(kioskRow(staff)).toHaveAttribute('data-state', 'alert');
});

test('out of order from the fleet page: the attract screen says so, a sale is refused; back in service', async ({
	browser
}) => {
	const staff = await openFleet(browser);
	await setThreshold(staff, 5);
	const kiosk = await touchPage(browser);
	await pairKiosk(kiosk);
	await expect(kioskRow(staff)).toHaveAttribute('data-state', 'ok');

	await kioskRow(staff)
		.getByRole('button', { name: `Out of order · ${KIOSK}` })
		.tap();
	const notice = kiosk.getByTestId('out-of-order');
	// In every language of the kiosk at once, each marked as its language (read out as such).
	await expect(notice.locator('[lang="en"]')).toHaveText(
		'This kiosk is out of order. Please order at the nearest counter.'
	);
	await expect(notice.locator('[lang="de"]')).toHaveText(
		'Dieser Kiosk ist außer Betrieb. Bitte bestellen Sie an der nächsten Theke.'
	);
	// Nothing on it starts a sale: no order button, no language choice after a tap.
	await expect(kiosk.getByRole('button', { name: /Tap to order/ })).toHaveCount(0);
	await notice.tap();
	await expect(
		kiosk.getByRole('heading', { level: 1, name: 'This kiosk is out of order.' })
	).toBeAttached();
	await expect(kiosk.getByRole('heading', { name: /Choose your language/ })).toHaveCount(0);
	await expectNoAxeViolations(kiosk);
	await screenshot(kiosk, 'fleet-kiosk-out-of-order');
	// The server refuses a sale from it too (a screen that has not heard yet, or a crafted call).
	const refused = await kiosk.request.post('/api/kiosk/sales', {
		data: { basket: [{ productId: 'drink_pils', quantity: 1 }] }
	});
	expect(refused.status()).toBe(409);
	expect(await refused.json()).toEqual({ error: { failure: 'out-of-order' } });
	await expect(kioskRow(staff)).toContainText('Out of order (put so by staff)');

	await kioskRow(staff)
		.getByRole('button', { name: `Back in service · ${KIOSK}` })
		.tap();
	await expect(kiosk.getByRole('button', { name: /Tap to order/ })).toBeVisible();
	await expect(notice).toHaveCount(0);
});

test('a card terminal that did not answer is an alert', async ({ browser }) => {
	const staff = await openFleet(browser);
	await setThreshold(staff, 5);
	const kiosk = await touchPage(browser);
	await pilsAndPretzelAtPayment(kiosk);
	const saleId = kiosk
		.waitForResponse(
			(response) =>
				response.url().endsWith('/api/kiosk/sales') && response.request().method() === 'POST'
		)
		.then(async (response) => (await response.json()).id as string);
	await kiosk.getByRole('button', { name: /^Pay by card/ }).tap();
	// The terminal loses its connection mid-payment (the test drives the simulated terminal).
	const terminal = `/api/kiosk/sales/${await saleId}/terminal`;
	await expect
		.poll(async () =>
			(await kiosk.request.post(terminal, { data: { outcome: 'uncertain' } })).status()
		)
		.toBe(200);
	await expect(kiosk.getByRole('heading', { level: 1, name: 'Please call staff' })).toBeVisible();

	const board = await openBoard(browser);
	await expect(kioskAlert(board, 'Card terminal unreachable')).toBeVisible();
	await expect(kioskRow(staff)).toHaveAttribute('data-state', 'alert');
	await expect(kioskRow(staff)).toContainText(
		'Check the card terminal is on and connected; until then put the kiosk out of order.'
	);
});
