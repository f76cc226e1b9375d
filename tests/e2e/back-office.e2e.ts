/**
 * The back office's sales as staff use them on a tablet: a guest's card sale at the kiosk, then
 * found by its order number, its amounts, the containers as the platform counts them, the
 * journal of its calls, and a copy of its receipt to print; bad search input named back, in
 * English and German; axe on every page.
 */
import { type Browser, type BrowserContext, type Page } from '@playwright/test';
import { expect, test } from './test.ts';
import {
	balance,
	cardSale,
	newKey,
	payWithCredits,
	pilsAndPretzelAtPayment
} from './kiosk-support.ts';
import {
	CHOOSE_HEADING,
	issueCode,
	pairReturnStation,
	RESULT_HEADING,
	returnElsewhere
} from './return-support.ts';
import {
	expectNoAxeViolations,
	holdScripts,
	logIn,
	scanWithReader,
	screenshot,
	simulator,
	staffPageReady
} from './support.ts';

test.beforeEach(async ({ request }) => {
	await request.post(`${simulator}/_sim/reset`);
});

/** The browser contexts a test opened (a kiosk, a station, a staff tablet), closed after it. */
const opened: BrowserContext[] = [];
test.afterEach(async () => {
	await Promise.all(opened.splice(0).map((context) => context.close()));
});

/** A page in a context of its own with touch, as another device would be. */
async function touchPage(browser: Browser): Promise<Page> {
	const context = await browser.newContext({ hasTouch: true });
	opened.push(context);
	return context.newPage();
}

/** A guest pays 2 × Pilsner and a pretzel (€18.00) by card; its order and deposit numbers. */
async function cardSaleNumbers(page: Page) {
	const sale = await cardSale(page);
	return {
		orderNumber: sale.orderNumber,
		sequence: sale.deposit.sequenceNumber,
		code: sale.deposit.code,
		cupCategory: sale.deposit.categories[0]!.categoryId
	};
}

async function search(page: Page, fields: Record<string, string>) {
	const form = page.getByTestId('sale-search');
	for (const [label, value] of Object.entries(fields)) await form.getByLabel(label).fill(value);
	await form.getByRole('button', { name: /^(Search|Suchen)$/ }).tap();
}

test.use({ hasTouch: true });

test('staff find a card sale by its order number, see what it came to, and print a copy', async ({
	browser,
	request
}) => {
	const kiosk = await touchPage(browser);
	const { orderNumber, sequence, code, cupCategory } = await cardSaleNumbers(kiosk);

	const page = await touchPage(browser);
	await logIn(page);
	await page.getByRole('link', { name: 'Sales' }).tap();
	await expect(page.getByRole('heading', { level: 1, name: 'Sales' })).toBeVisible();
	await staffPageReady(page);
	await expectNoAxeViolations(page);

	// As a guest reads it out: no dash, no leading zeros.
	await search(page, { 'Order number': orderNumber.replace(/-0*/, '') });
	const rows = page.getByTestId('sales').locator('tbody tr');
	await expect(rows).toHaveCount(1);
	await expect(rows.first()).toContainText(orderNumber);
	await expect(rows.first()).toContainText('Completed');
	await expect(rows.first()).toContainText('Card');
	await expect(rows.first()).toContainText('€18.00');
	await expect(rows.first()).toContainText(sequence);
	await screenshot(page, 'back-office-sales');

	// The same sale by its deposit number and its amount; a wrong amount finds nothing.
	await page.goto('/setup/sales');
	await search(page, {
		'Deposit code no.': sequence,
		'Amount from': '18',
		'Amount up to': '18,00'
	});
	await expect(rows).toHaveCount(1);
	await search(page, { 'Amount from': '18.01' });
	await expect(page.getByRole('status')).toHaveText('No sales match.');

	await page.goto('/setup/sales');
	await search(page, { 'Order number': orderNumber });
	await rows.first().getByRole('link', { name: orderNumber }).tap();
	await expect(page.getByRole('heading', { level: 1, name: `Sale ${orderNumber}` })).toBeVisible();
	const amounts = page.getByTestId('sale-amounts');
	await expect(page.getByTestId('sale-total')).toHaveText('€18.00');
	await expect(page.getByTestId('sale-card')).toHaveText('€18.00');
	// A card sale without a discount: no credits line, no "−€0.00".
	await expect(page.getByTestId('sale-credits')).toHaveCount(0);
	await expect(amounts).not.toContainText('Discount');

	// Read from the platform as the page opened: both cups still out.
	const cups = page.getByTestId('containers').getByRole('row', { name: /Reusable cup 0.4 l/ });
	await expect(cups.getByRole('cell')).toHaveText(['2', '2', '0', '0', /.+/]);
	const journal = page.getByTestId('sale-journal');
	await expect(journal).toContainText('collectCardPayment');
	await expect(journal).toContainText('createHybridRevoTokenTransactionByIntegration');

	const receipt = page.getByRole('article', { name: 'Receipt' });
	await expect(receipt.getByText('Copy')).toBeVisible();
	await expect(page.getByTestId('order-number')).toHaveText(orderNumber);
	await expect(page.getByTestId('receipt-paid')).toHaveText('€18.00');
	await screenshot(page, 'back-office-sale');
	await expectNoAxeViolations(page);
	// Printing prints the slip alone (80 mm), not the page around it.
	await page.emulateMedia({ media: 'print' });
	await expect(page.getByRole('heading', { level: 1 })).not.toBeVisible();
	await expect(page.getByTestId('order-number')).toBeVisible();
	await page.emulateMedia({ media: 'screen' });

	// One cup comes back at a return station: read again, the page counts it returned.
	await returnElsewhere(request, code, [{ hybridRevoTokenCategoryId: cupCategory, quantity: 1 }]);
	await page.reload();
	await expect(cups.getByRole('cell')).toHaveText(['2', '1', '1', '0', /.+/]);
});

test('a search that cannot be read is named back, in German too, and nothing is searched', async ({
	browser
}) => {
	const page = await touchPage(browser);
	await logIn(page);
	await page.goto('/setup/sales?min=abc&key=12&order=K-7x&from=gestern');
	const alert = page.getByRole('alert');
	await expect(alert).toContainText('Nothing was searched');
	await expect(alert.getByRole('listitem')).toHaveText([
		'Order number',
		'From',
		'Amount from',
		'Loyalty key, last 4'
	]);
	await expect(page.getByTestId('sales')).toHaveCount(0);
	await expect(page.getByLabel('Amount from')).toHaveValue('abc');
	await expectNoAxeViolations(page);

	await page.getByRole('button', { name: 'Deutsch' }).tap();
	await expect(page.getByRole('heading', { level: 1, name: 'Verkäufe' })).toBeVisible();
	await expect(page.getByRole('alert')).toContainText('Es wurde nicht gesucht');
	await expect(page.getByRole('alert').getByRole('listitem')).toHaveText([
		'Bestellnummer',
		'Von',
		'Betrag ab',
		'Kundenschlüssel, letzte 4'
	]);
	await expectNoAxeViolations(page);
	await page.getByRole('button', { name: 'English' }).tap();
});

test('a split sale is refunded after a second look: credits to the wallet and the card, once', async ({
	browser,
	request
}) => {
	const kiosk = await touchPage(browser);
	await pilsAndPretzelAtPayment(kiosk);
	await payWithCredits(kiosk);
	await scanWithReader(kiosk, await newKey(request, 'wallet_few'));
	await kiosk.getByRole('button', { name: 'Confirm and pay €13.40 by card' }).tap();
	await kiosk.getByRole('button', { name: 'Approve payment' }).tap();
	await expect(kiosk.getByRole('heading', { level: 1, name: 'Thank you!' })).toBeVisible();
	const orderNumber = (await kiosk.getByTestId('order-number').textContent())!;
	expect(await balance(request, 'wallet_few')).toBe(0);

	const page = await touchPage(browser);
	await logIn(page);
	await page.goto('/setup/sales');
	await search(page, { 'Order number': orderNumber });
	await page.getByTestId('sales').getByRole('link', { name: orderNumber }).tap();
	await expect(page.getByTestId('sale-credits')).toHaveText('€3.50');
	await expect(page.getByTestId('sale-card')).toHaveText('€13.40');
	const panel = page.getByRole('region', { name: 'Refund' });
	await expect(
		panel.getByText(/h \d+ min left of the platform's 24-hour refund window/)
	).toBeVisible();

	// More than was paid on the card: named, nothing sent.
	await panel.getByLabel("Credits back to the guest's wallet: €3.50").check();
	await panel.getByLabel(/Card amount to give back \(up to €13.40\)/).fill('13.41');
	const releaseScripts = await holdScripts(page);
	await panel.getByRole('button', { name: 'Review refund' }).tap();
	await expect(panel.getByRole('alert')).toHaveText(
		'The card amount is more than is left to give back.'
	);
	await expect(panel.getByLabel(/Card amount to give back/)).toHaveValue('13.41');

	// The manager corrects it while the answered page still loads: what is typed stays.
	await panel.getByLabel(/Card amount to give back/).fill('13,40');
	await panel.getByLabel(/Comment/).fill('Wrong beer poured');
	await panel.getByLabel("Credits back to the guest's wallet: €3.50").uncheck();
	releaseScripts();
	await staffPageReady(page);
	await expect(panel.getByLabel(/Card amount to give back/)).toHaveValue('13,40');
	await expect(panel.getByLabel(/Comment/)).toHaveValue('Wrong beer poured');
	await expect(panel.getByLabel("Credits back to the guest's wallet: €3.50")).not.toBeChecked();
	await panel.getByLabel("Credits back to the guest's wallet: €3.50").check();
	await panel.getByRole('button', { name: 'Review refund' }).tap();
	const confirm = panel.getByRole('group', { name: 'Confirm the refund' });
	await expect(confirm.getByTestId('refund-total')).toHaveText('€16.90');
	await expectNoAxeViolations(page);
	expect(await balance(request, 'wallet_few')).toBe(0);
	// What the confirmation sends, to send it once more as a double submit would.
	const fields = await confirm
		.locator('form')
		.evaluate((form) => [...new FormData(form as HTMLFormElement).entries()]);
	await confirm.getByRole('button', { name: 'Refund €16.90 now' }).tap();

	await expect(panel.getByRole('status')).toHaveText(
		'Refund sent. Its outcome is in the list below.'
	);
	const records = panel.getByTestId('refunds').locator('tbody tr');
	await expect(records).toHaveCount(2);
	await expect(records.filter({ hasText: 'Card' })).toContainText('€13.40');
	await expect(records.filter({ hasText: 'Credits' })).toContainText('€3.50');
	for (const row of await records.all()) await expect(row).toContainText('Refunded');
	await expect(records.filter({ hasText: 'Credits' })).toContainText('Wrong beer poured');
	expect(await balance(request, 'wallet_few')).toBe(350);
	await expect(panel.getByText('Nothing of this sale can be refunded now.')).toBeVisible();

	const again = await page.evaluate(async (entries) => {
		const body = new FormData();
		for (const [name, value] of entries) body.append(name, value as string);
		const response = await fetch('?/refund', {
			method: 'POST',
			body,
			headers: { 'x-sveltekit-action': 'true' }
		});
		return response.status;
	}, fields);
	expect(again).toBe(200);
	await page.reload();
	await expect(records).toHaveCount(2);
	expect(await balance(request, 'wallet_few')).toBe(350);
	await expectNoAxeViolations(page);
});

/** A formatted euro amount ("€1,080.00", "−€3.50", "1.080,00 €") in cents. */
const minor = (text: string | null) =>
	(/^\s*[−-]/.test(text ?? '') ? -1 : 1) * Number((text ?? '').replace(/\D/g, ''));

test('the day report adds up, agrees with the journal, exports CSV and prints on the roll', async ({
	browser
}) => {
	const kiosk = await touchPage(browser);
	await cardSale(kiosk);

	const page = await touchPage(browser);
	await logIn(page);
	await page.getByRole('link', { name: 'Day report' }).tap();
	await expect(page.getByRole('heading', { level: 1, name: 'Day report' })).toBeVisible();
	await staffPageReady(page);
	const figures = page.getByTestId('day-figures');
	const total = async (label: string) =>
		minor(
			await figures
				.locator('tr', { has: page.getByRole('rowheader', { name: label, exact: true }) })
				.getByRole('cell')
				.last()
				.textContent()
		);
	/** A deduction is a row only on a day it took something off. */
	const deducted = async (label: string) =>
		(await figures.getByRole('rowheader', { name: label, exact: true }).count()) > 0
			? await total(label)
			: 0;
	await expect(figures).not.toContainText('−€0.00');
	const gross = await total('Gross');
	const paid = await total('Paid');
	expect(paid).toBeGreaterThanOrEqual(1800);
	expect(gross + (await deducted('Discounts'))).toBe(paid);
	expect((await total('of which credits')) + (await total('of which card'))).toBe(paid);
	expect(paid + (await deducted('Refunded: credits')) + (await deducted('Refunded: card'))).toBe(
		await total('Net takings')
	);
	const vat = page.getByTestId('vat-total').locator('tbody tr');
	let vatGross = 0;
	for (const row of await vat.all()) {
		const [net, tax, rowGross] = (await row.getByRole('cell').allTextContents()).map(minor);
		expect(net! + tax!).toBe(rowGross);
		vatGross += rowGross!;
	}
	expect(vatGross).toBe(paid);
	await expect(page.getByTestId('journal-check')).toContainText('— matches.');

	// The deposit ledger: out at the start + issued − returned − forfeited = out now, in
	// containers and in money; the cups of this day's sale are among those issued.
	const ledger = page.getByTestId('deposit-ledger');
	const ledgerTotal = async (label: RegExp) => {
		const text = await ledger
			.locator('tr', { has: page.getByRole('rowheader', { name: label }) })
			.getByRole('cell')
			.last()
			.textContent();
		const [containers, amount] = text!.split('·');
		return { containers: Number(containers), minor: minor(amount!) };
	};
	const [outAtStart, issued, returned, forfeited, outNow] = await Promise.all(
		[
			/^Outstanding at the start/,
			/^\+ issued/,
			/^− returned/,
			/^− forfeited/,
			/^= outstanding now/
		].map(ledgerTotal)
	);
	expect(issued!.containers).toBeGreaterThanOrEqual(2);
	for (const unit of ['containers', 'minor'] as const)
		expect(outAtStart![unit] + issued![unit] - returned![unit] - forfeited![unit]).toBe(
			outNow![unit]
		);
	await expect(ledger.getByRole('columnheader', { name: 'Total' })).toBeVisible();
	await expect(page.getByRole('rowheader', { name: /^= outstanding now/ })).toContainText(
		'deposit liability'
	);
	await expect(page.getByRole('img', { name: 'Sales per hour (paid · number)' })).toBeVisible();
	await expect(page.getByRole('img', { name: 'Top products (quantity · paid)' })).toContainText(
		'Pilsner 0.4 l'
	);
	await screenshot(page, 'back-office-day-report');
	await expectNoAxeViolations(page);

	const day = await page.getByLabel('Day').inputValue();
	const csv = await page.request.get(`/setup/reports/day/report.csv?day=${day}`);
	expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
	const [header, ...rows] = (await csv.text()).trim().split('\r\n');
	const columns = header!.split(',');
	const totalRow = rows.at(-1)!.split(',');
	expect(totalRow[columns.indexOf('kiosk')]).toBe('Total');
	expect(minor(totalRow[columns.indexOf('paid')]!)).toBe(paid);
	expect(Number(totalRow[columns.indexOf('ledger_containers_out_at_end')])).toBe(
		outNow!.containers
	);
	expect(minor(totalRow[columns.indexOf('ledger_deposits_out_at_end')]!)).toBe(outNow!.minor);
	expect((await page.request.get('/setup/reports/day/report.csv?day=yesterday')).status()).toBe(
		400
	);

	await page.getByRole('button', { name: 'Print (80 mm)' }).evaluate((button) => {
		// Printing itself opens the browser's dialog: only the chosen paper is taken.
		window.print = () => {};
		(button as HTMLButtonElement).click();
	});
	await expect(page.locator('.report[data-paper="roll"]')).toBeAttached();
	await page.emulateMedia({ media: 'print' });
	await expect(page.getByRole('link', { name: 'Sales' })).toBeHidden();
	await expect(figures).toBeVisible();
	await page.emulateMedia({ media: 'screen' });

	await page.goto('/setup/reports/day?day=2026-13-45');
	await expect(page.getByRole('alert')).toHaveText(
		"“2026-13-45” is not a day. Today's report is shown."
	);
	await page.getByRole('button', { name: 'Deutsch' }).tap();
	await expect(page.getByRole('heading', { level: 1, name: 'Tagesbericht' })).toBeVisible();
	await expect(page.getByTestId('journal-check')).toContainText('stimmt überein');
	await expectNoAxeViolations(page);
	await page.getByRole('button', { name: 'English' }).tap();
});

test('a return at the station is in the returns list for the cash count and in the day report', async ({
	browser,
	request
}) => {
	const code = await issueCode(request);
	const station = await touchPage(browser);
	await pairReturnStation(station);
	await scanWithReader(station, code);
	await expect(station.getByRole('heading', { level: 1, name: CHOOSE_HEADING })).toBeVisible();
	await station.getByRole('button', { name: 'Confirm the return' }).tap();
	await expect(station.getByRole('heading', { level: 1, name: RESULT_HEADING })).toBeVisible();

	const page = await touchPage(browser);
	await logIn(page);
	await page.getByRole('link', { name: 'Returns' }).tap();
	await expect(page.getByRole('heading', { level: 1, name: 'Returns' })).toBeVisible();
	const mine = page
		.getByTestId('returns')
		.locator('tbody tr', { hasText: '3 × Reusable cup 0.4 l, 1 × Pitcher 1.5 l' });
	await expect(mine.last()).toContainText('€11.00');
	await expect(mine.last()).toContainText('Main Stage Return Station');
	// The demo station is self-service: nothing paid out in cash by staff.
	await expect(mine.last().getByRole('cell').last()).toHaveText('no');
	const totals = page.getByTestId('station-totals').locator('tbody tr');
	expect(minor(await totals.first().getByRole('cell').nth(1).textContent())).toBeGreaterThanOrEqual(
		1100
	);
	await expectNoAxeViolations(page);

	await page.getByRole('link', { name: 'Day report' }).tap();
	const returns = page.getByTestId('day-figures').locator('tr', {
		has: page.getByRole('rowheader', {
			name: 'Returns at the stations (returns · deposits refunded)'
		})
	});
	expect(
		minor((await returns.getByRole('cell').last().textContent())!.split('·')[1]!)
	).toBeGreaterThanOrEqual(1100);
});
