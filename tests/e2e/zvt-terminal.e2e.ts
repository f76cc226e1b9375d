/**
 * A kiosk with a ZVT card terminal (docs/zvt.md), against the project's ZVT terminal double
 * (packages/device-doubles/src/zvt), touch only: a manager sets the terminal up on the kiosk's
 * device page and tests the connection; a split sale's card part is paid on it while the screen
 * says what it asks; declined and cancelled payments charge nothing; the back office's refund is
 * a reversal (06 30) of the whole card part; the day is closed on the terminal. The drop points
 * and the recovery of lost answers are the adapter's specs (src/lib/server/terminal/*.spec.ts),
 * over TCP to the same double.
 */
import { type Browser, type BrowserContext, type Page } from '@playwright/test';
import { expect, test } from './test.ts';
import {
	startZvtSimulator,
	type RunningZvtSimulator
} from '@venue-kiosk/device-doubles/zvt/server.ts';
import { newKey, payWithCredits, pilsAndPretzelAtPayment } from './kiosk-support.ts';
import {
	expectNoAxeViolations,
	logIn,
	openKioskDevicePage,
	scanWithReader,
	simulator
} from './support.ts';

test.use({ hasTouch: true });

const PASSWORD = '246810';
const opened: BrowserContext[] = [];
let zvt: RunningZvtSimulator;

async function touchPage(browser: Browser): Promise<Page> {
	const context = await browser.newContext({ hasTouch: true });
	opened.push(context);
	return context.newPage();
}

/** The demo kiosk's device page, and its card terminal section. */
async function terminalSection(page: Page) {
	await openKioskDevicePage(page);
	return page.getByRole('region', { name: 'Card terminal' });
}

test.beforeEach(async ({ request }) => {
	await request.post(`${simulator}/_sim/reset`);
	zvt = await startZvtSimulator({ port: 0, host: '127.0.0.1', password: PASSWORD });
});
test.afterEach(async ({ browser }) => {
	// The kiosk pays on the screen again for the files after this one.
	const staff = await touchPage(browser);
	await logIn(staff);
	const section = await terminalSection(staff);
	await section.getByLabel('On-screen demo terminal').check();
	await section.getByRole('button', { name: 'Save terminal' }).tap();
	await expect(section.getByRole('status')).toHaveText('Terminal saved.');
	await Promise.all(opened.splice(0).map((context) => context.close()));
	await zvt.close();
});

/** A manager sets the kiosk's ZVT terminal: the double's address, port and password. */
async function setUpTerminal(page: Page) {
	await logIn(page);
	const section = await terminalSection(page);
	await section.getByLabel('ZVT card terminal').check();
	await section.getByLabel('Terminal address (IP or host name)').fill('127.0.0.1');
	await section.getByLabel('Port').fill(String(zvt.port));
	await section.getByLabel('Terminal password (6 digits)').fill(PASSWORD);
	await section.getByRole('button', { name: 'Save terminal' }).tap();
	await expect(section.getByRole('status')).toHaveText('Terminal saved.');
	return section;
}

const payments = () => zvt.terminal.transactions.filter((t) => t.kind === 'payment');

test('a split sale’s card part is paid on the ZVT terminal, refunded by reversal, the day closed', async ({
	browser,
	request
}) => {
	test.setTimeout(120_000);
	const staff = await touchPage(browser);
	let section = await setUpTerminal(staff);
	await section.getByRole('button', { name: 'Test connection' }).tap();
	await expect(section.getByTestId('terminal-test')).toContainText('The terminal answers');
	await expect(section.getByLabel('Terminal password (6 digits)')).toHaveValue('');
	await expectNoAxeViolations(staff);

	const kiosk = await touchPage(browser);
	await pilsAndPretzelAtPayment(kiosk);
	await payWithCredits(kiosk);
	await scanWithReader(kiosk, await newKey(request, 'wallet_few'));
	zvt.terminal.scriptNext({ result: 'approve', delayMs: 400 });
	await kiosk.getByRole('button', { name: 'Confirm and pay €13.40 by card' }).tap();
	await expect(kiosk.getByText('Follow the instructions on the card terminal.')).toBeVisible();
	await expect(kiosk.getByRole('button', { name: /Approve payment/ })).toHaveCount(0);
	await expect(kiosk.getByRole('heading', { level: 1, name: 'Thank you!' })).toBeVisible();
	await expect(kiosk.getByTestId('receipt-card')).toHaveText('€13.40');
	expect(payments().map((payment) => payment.amountMinor)).toEqual([1340]);
	const orderNumber = (await kiosk.getByTestId('order-number').textContent())!;

	// The back office gives the card part back: the terminal reverses the whole payment.
	await staff.goto('/setup/sales');
	await staff.getByTestId('sale-search').getByLabel('Order number').fill(orderNumber);
	await staff.getByRole('button', { name: 'Search' }).tap();
	await staff.getByTestId('sales').getByRole('link', { name: orderNumber }).tap();
	const panel = staff.getByRole('region', { name: 'Refund' });
	await expect(panel.getByText(/gives back only the whole card payment/)).toBeVisible();
	// Hydrated: a review sent before would post the form natively and reload the page under the
	// next fill (seen as "513.40" typed into the reloaded "5").
	await expect(staff.locator('main[data-ready]')).toBeAttached();
	await panel.getByLabel(/Card amount to give back/).fill('5');
	await panel.getByRole('button', { name: 'Review refund' }).tap();
	await expect(panel.getByRole('alert')).toHaveText(
		"This sale's card terminal gives back only the whole card amount that is left, not a part of it."
	);
	await panel.getByLabel(/Card amount to give back/).fill('13.40');
	await panel.getByRole('button', { name: 'Review refund' }).tap();
	await panel
		.getByRole('group', { name: 'Confirm the refund' })
		.getByRole('button', { name: 'Refund €13.40 now' })
		.tap();
	await expect(panel.getByTestId('refunds').locator('tbody tr')).toContainText('Refunded');
	expect(zvt.terminal.transactions.map((t) => [t.kind, t.amountMinor])).toEqual([
		['payment', 1340],
		['reversal', 1340]
	]);

	// The day closed on the terminal: what it booked, approved less reversed.
	section = await terminalSection(staff);
	await section.getByRole('button', { name: 'Day closing on the terminal' }).tap();
	await expect(section.getByTestId('terminal-day-closing')).toHaveText(
		'Day closed on the terminal: €0.00 booked.'
	);
	await expectNoAxeViolations(staff);
});

test('a declined card and a cancel while the terminal waits charge nothing', async ({
	browser
}) => {
	await setUpTerminal(await touchPage(browser));
	const kiosk = await touchPage(browser);
	await pilsAndPretzelAtPayment(kiosk);

	zvt.terminal.scriptNext({ result: 'decline', resultCode: 0x05 });
	await kiosk.getByRole('button', { name: /^Pay by card/ }).tap();
	await expect(kiosk.getByRole('alert')).toContainText('Nothing was charged.');
	await expect(
		kiosk.getByRole('heading', { level: 1, name: 'How would you like to pay?' })
	).toBeVisible();

	// The guest changes their mind while the terminal asks for the card.
	zvt.terminal.scriptNext({ result: 'wait-for-card' });
	await kiosk.getByRole('button', { name: /^Pay by card/ }).tap();
	await expect(kiosk.getByTestId('terminal-progress')).toHaveText(
		'Insert, tap or swipe your card.'
	);
	await expectNoAxeViolations(kiosk);
	await kiosk.getByRole('button', { name: 'Cancel card payment' }).tap();
	await expect(
		kiosk.getByRole('heading', { level: 1, name: 'How would you like to pay?' })
	).toBeVisible();
	expect(payments()).toHaveLength(0);
});
