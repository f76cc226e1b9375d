/**
 * The kiosk's receipt printer (docs/printer.md), as a venue sets it up and a guest meets it,
 * against the project's ESC/POS printer double (packages/device-doubles/src/printer): a manager
 * sets the printer on the kiosk's device page and prints a test page; the guest's receipt then
 * prints at once, carrying the totals the screen shows and the deposit code as a QR that decodes
 * to it; with the paper out the guest is told to photograph the code on screen, and diagnostics
 * shows staff the printer.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, type Page } from '@playwright/test';
import { expect, test } from './test.ts';
import { readBarcodes, setZXingModuleOverrides } from 'zxing-wasm/reader';
import { formatMoney } from '@venue-kiosk/vocabulary/money.ts';
import type { PrintJob } from '@venue-kiosk/device-doubles/printer/printer-simulator.ts';
import { jobPreviewPng } from '@venue-kiosk/device-doubles/printer/job-preview.ts';
import {
	startPrinterSimulator,
	type PrinterSimulator
} from '@venue-kiosk/device-doubles/printer/printer-simulator.ts';
import { cardSale, expectReceiptAddsUp } from './kiosk-support.ts';
import { expectNoAxeViolations, logIn, openKioskDevicePage, simulator } from './support.ts';

setZXingModuleOverrides({
	wasmBinary: readFileSync(
		fileURLToPath(import.meta.resolve('zxing-wasm/reader/zxing_reader.wasm'))
	).buffer as ArrayBuffer
});

test.use({ hasTouch: true });

const opened: BrowserContext[] = [];
let printer: PrinterSimulator;

test.beforeEach(async ({ request }) => {
	await request.post(`${simulator}/_sim/reset`);
	printer = await startPrinterSimulator({ port: 0, host: '127.0.0.1' });
});
test.afterEach(async ({ browser }) => {
	// The kiosk prints through the browser again for the files after this one.
	const staff = await touchPage(browser);
	await logIn(staff);
	await setPrinter(staff, { host: '' });
	await Promise.all(opened.splice(0).map((context) => context.close()));
	await printer.close();
});

async function touchPage(browser: Browser): Promise<Page> {
	const context = await browser.newContext({ hasTouch: true });
	opened.push(context);
	return context.newPage();
}

/** The demo kiosk's device page: its printer's address (empty: none) and when to print. */
async function setPrinter(page: Page, to: { host: string; port?: number; auto?: boolean }) {
	await openKioskDevicePage(page);
	const section = page.getByRole('region', { name: 'Receipt printer' });
	await section.getByLabel('Printer address (IP or host name)').fill(to.host);
	if (to.port !== undefined) await section.getByLabel('Port').fill(String(to.port));
	if (to.auto) await section.getByLabel('Print every receipt at once').check();
	await section.getByRole('button', { name: 'Save printer' }).tap();
	await expect(section.getByRole('status')).toHaveText('Printer saved.');
	return section;
}

const textOf = (job: PrintJob) =>
	job.items.flatMap((item) => (item.kind === 'text' ? [item.text] : []));

test('the receipt prints with the screen’s totals and a QR of the deposit code; paper out is told', async ({
	browser
}) => {
	test.setTimeout(120_000);
	const staff = await touchPage(browser);
	await logIn(staff);
	const section = await setPrinter(staff, { host: '127.0.0.1', port: printer.port, auto: true });
	await section.getByRole('button', { name: 'Print a test page' }).tap();
	await expect(section.getByTestId('printer-test-outcome')).toHaveText('The printer printed it.');
	expect(textOf(printer.jobs[0]!).join('\n')).toContain(`127.0.0.1:${printer.port}`);
	await expectNoAxeViolations(staff);

	// A guest's sale: the receipt goes to the printer as the receipt screen shows.
	const kiosk = await touchPage(browser);
	const sale = await cardSale(kiosk);
	await expect(kiosk.getByTestId('receipt-printing')).toHaveText(
		'Your receipt is printed. Please take it.'
	);
	// Printed already: the screen no longer asks to print it, and the paper says to keep it.
	const depositCode = kiosk.getByRole('region', { name: 'Your deposit code' });
	await expect(depositCode).toContainText('It is on your printed receipt too.');
	await expect(depositCode).not.toContainText('print the receipt');
	const onScreen = await expectReceiptAddsUp(kiosk);
	await expectNoAxeViolations(kiosk);
	await expect.poll(() => printer.jobs.length).toBe(2);
	const receipt = printer.jobs[1]!;
	expect(receipt.complete).toBe(true);
	const lines = textOf(receipt);
	const money = (minor: number) => formatMoney(minor, 'EUR', 'en');
	const printedAs = (label: string, minor: number) =>
		lines.some((line) => line.startsWith(label) && line.endsWith(money(minor)));
	expect(lines).toContain(sale.orderNumber);
	expect(lines.join(' ')).toContain('Keep this receipt until you have returned your containers.');
	expect(lines.join(' ')).not.toMatch(/photo|print the receipt/i);
	expect(printedAs('Total paid', onScreen.paid)).toBe(true);
	expect(printedAs('Paid by card', onScreen.card)).toBe(true);
	const qr = receipt.items.filter((item) => item.kind === 'qr');
	expect(qr.map((item) => item.payload)).toEqual([sale.deposit.code]);
	const found = await readBarcodes(await jobPreviewPng(receipt.items), { formats: ['QRCode'] });
	expect(found.map((code) => code.text)).toEqual([sale.deposit.code]);

	// The paper runs out: the next guest is told to photograph the code, staff see it.
	printer.setState({ condition: 'paper-out' });
	const next = await touchPage(browser);
	await cardSale(next);
	const told = next.getByTestId('receipt-printing');
	await expect(told).toContainText('The receipt printer is out of paper.');
	await expect(told).toContainText('Please take a photo of the deposit code on this screen');
	await expect(next.getByRole('img', { name: /^QR code of your deposit/ })).toBeVisible();
	await expectNoAxeViolations(next);
	expect(printer.jobs).toHaveLength(2);

	await staff.goto('/setup/diagnostics');
	const printers = staff.getByTestId('printers');
	await expect(printers).toContainText('Main Stage Kiosk 1');
	await expect(printers).toContainText('The printer is out of paper.');
	await expect(printers).toContainText('Last print');
	await expectNoAxeViolations(staff);
});

test('bad printer settings are named back and change nothing', async ({ browser }) => {
	const staff = await touchPage(browser);
	await logIn(staff);
	await setPrinter(staff, { host: '127.0.0.1', port: printer.port });
	const section = staff.getByRole('region', { name: 'Receipt printer' });
	await section.getByLabel('Printer address (IP or host name)').fill('http://printer/');
	await section.getByLabel('Port').fill('99999');
	await section.getByRole('button', { name: 'Save printer' }).tap();
	const alert = section.getByRole('alert');
	await expect(alert).toContainText('Printer address (IP or host name)');
	await expect(alert).toContainText('Port');
	await staff.reload();
	await expect(section.getByLabel('Printer address (IP or host name)')).toHaveValue('127.0.0.1');
	await staff.getByRole('button', { name: 'Deutsch' }).tap();
	await expect(staff.getByRole('heading', { name: 'Belegdrucker' })).toBeVisible();
	await expectNoAxeViolations(staff);
	await staff.getByRole('button', { name: 'English' }).tap();
});
