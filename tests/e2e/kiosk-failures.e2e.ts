/**
 * The guest ordering screen when something goes wrong, touch only: each path ends in a clear
 * translated message and a defined next step (never a stuck screen), and the money is right —
 * checked in the simulator (wallets, deposit transactions, its request log). Failures come from
 * the simulator's fault injection and clock, and from the simulated card terminal. The paths of
 * kiosk.e2e.ts (declined card, expired and used codes, unreachable loyalty service, refused
 * deposits, an unavailable item) are not repeated here.
 */
import { type Page } from '@playwright/test';
import { expect, test } from './test.ts';
import {
	balance,
	beginOrder,
	checkStep,
	expectReceiptAddsUp,
	expectSummaryAddsUp,
	newKey,
	orderPilsAndPretzel,
	pairKiosk,
	payWithCredits,
	pilsAndPretzelAtPayment,
	saleCalls,
	toPayment
} from './kiosk-support.ts';
import { logIn, scanWithReader, simulator } from './support.ts';

test.use({ hasTouch: true });

test.beforeEach(async ({ request }) => {
	await request.post(`${simulator}/_sim/reset`);
});

const thankYou = (page: Page) => page.getByRole('heading', { level: 1, name: 'Thank you!' });
const scanHeading = (page: Page) =>
	page.getByRole('heading', { level: 1, name: 'Scan your loyalty QR code' });
const paymentHeading = (page: Page) =>
	page.getByRole('heading', { level: 1, name: 'How would you like to pay?' });
const PREVIEW = '/v3/integrations/credit-transactions/preview';
const ISSUE = '/v1/integrations/hybrid-revo-token-transactions';

/** The id of the sale the next payment choice starts. */
function nextSaleId(page: Page): Promise<string> {
	return page
		.waitForResponse(
			(response) =>
				response.url().endsWith('/api/kiosk/sales') && response.request().method() === 'POST'
		)
		.then(async (response) => (await response.json()).id);
}

test('card outcome unknown: the guest is sent to staff; no receipt, nothing issued; flagged for staff', async ({
	page,
	request,
	browser
}) => {
	await pilsAndPretzelAtPayment(page);
	const saleId = nextSaleId(page);
	await page.getByRole('button', { name: /^Pay by card/ }).tap();
	await expect(page.getByTestId('card-amount')).toHaveText('€18.00');
	// The terminal loses its connection mid-payment (what its demo panel cannot do: the test drives
	// the simulated terminal, as it drives the simulator's faults).
	const terminal = `/api/kiosk/sales/${await saleId}/terminal`;
	await expect
		.poll(async () =>
			(await page.request.post(terminal, { data: { outcome: 'uncertain' } })).status()
		)
		.toBe(200);

	await expect(page.getByRole('heading', { level: 1, name: 'Please call staff' })).toBeVisible();
	await expect(page.getByRole('alert')).toContainText(
		'We could not tell whether your card was charged. Please do not pay again: staff will check it for you.'
	);
	await expect(thankYou(page)).toHaveCount(0);
	await expect(page.getByRole('img', { name: /QR code/ })).toHaveCount(0);
	await checkStep(page, 'card-outcome-unknown');
	expect(await (await page.request.get(`/api/kiosk/sales/${await saleId}`)).json()).toMatchObject({
		state: 'needs-staff',
		orderNumber: null,
		deposit: null
	});
	expect(await saleCalls(request)).toEqual([]);

	// Staff see it among the open outcomes of the diagnostics page.
	const staff = await browser.newPage();
	await logIn(staff);
	await staff.goto('/setup/diagnostics');
	const open = staff.getByRole('region', { name: 'Open outcomes to resolve' });
	await expect(open.getByRole('listitem').filter({ hasText: await saleId })).toContainText(
		/collectCardPayment · \S+ · needs-staff/
	);
	await staff.close();

	await page.getByRole('button', { name: 'Start over' }).tap();
	await expect(page.getByRole('button', { name: /Tap to order/ })).toBeVisible();
});

test('the credit preview expired before the guest confirmed: said so, credits released, a fresh code works', async ({
	page,
	request
}) => {
	await pilsAndPretzelAtPayment(page);
	await payWithCredits(page);
	await scanWithReader(page, await newKey(request, 'wallet_plenty'));
	await expect(page.getByRole('heading', { level: 1, name: 'Your credits' })).toBeVisible();
	// The guest hesitates past the preview's lifetime (simulator: 15 minutes).
	await request.post(`${simulator}/_sim/clock`, { data: { advanceMinutes: 16 } });
	await page.getByRole('button', { name: 'Confirm and pay with credits' }).tap();

	await expect(page.getByRole('alert')).toHaveText(
		'That took too long, so your credits were released. Please show a fresh QR code.'
	);
	await expect(scanHeading(page)).toBeVisible();
	await expect(thankYou(page)).toHaveCount(0);
	await checkStep(page, 'preview-expired');
	expect(await balance(request, 'wallet_plenty')).toBe(50_000);

	await scanWithReader(page, await newKey(request, 'wallet_plenty'));
	expect(await expectSummaryAddsUp(page)).toEqual({
		gross: 1800,
		discount: 110,
		credits: 1690,
		card: 0
	});
	await page.getByRole('button', { name: 'Confirm and pay with credits' }).tap();
	await expect(thankYou(page)).toBeVisible();
	expect(await expectReceiptAddsUp(page)).toMatchObject({ paid: 1690, credits: 1690, card: 0 });
	expect(await balance(request, 'wallet_plenty')).toBe(50_000 - 1690);
});

test('a code of another organization: its own message; paying by card instead works', async ({
	page,
	request
}) => {
	await pilsAndPretzelAtPayment(page);
	await payWithCredits(page);
	await scanWithReader(page, await newKey(request, 'wallet_harbour'));
	await expect(page.getByRole('alert')).toHaveText(
		'This code cannot be used at this venue. Please show a code for this venue, or pay by card.'
	);
	await expect(scanHeading(page)).toBeVisible();
	await checkStep(page, 'key-other-venue');

	await page.getByRole('button', { name: 'Pay by card instead' }).tap();
	await expect(page.getByTestId('card-amount')).toHaveText('€18.00');
	await page.getByRole('button', { name: 'Approve payment' }).tap();
	await expect(thankYou(page)).toBeVisible();
	expect(await expectReceiptAddsUp(page)).toMatchObject({ paid: 1800, credits: 0, card: 1800 });
	expect(await balance(request, 'wallet_harbour')).toBe(2_000);
});

test('a malformed code: said at once, nothing sent to the platform; the API refuses it too', async ({
	page,
	request
}) => {
	await pilsAndPretzelAtPayment(page);
	const saleId = nextSaleId(page);
	await payWithCredits(page);
	const loyaltyCalls: string[] = [];
	page.on('request', (sent) => {
		if (sent.url().endsWith('/loyalty')) loyaltyCalls.push(sent.url());
	});

	// 32 characters, but not hex; then one character too many.
	for (const bad of ['g'.repeat(32), `${'a'.repeat(32)}b`]) {
		await scanWithReader(page, bad);
		await expect(page.getByRole('alert')).toContainText('That is not a loyalty code.');
		await expect(scanHeading(page)).toBeVisible();
	}
	await checkStep(page, 'key-format-reader');
	expect(loyaltyCalls).toEqual([]);

	// Sent anyway (not through the screen): 400 with the same failure, and still nothing sent on.
	for (const key of ['g'.repeat(32), 'x', '0'.repeat(40)]) {
		const response = await page.request.post(`/api/kiosk/sales/${await saleId}/loyalty`, {
			data: { key }
		});
		expect(response.status(), key).toBe(400);
		expect(await response.json()).toEqual({ error: { failure: 'key-format' } });
	}
	expect(await saleCalls(request)).toEqual([]);
});

test('the platform refuses the order’s VAT rate (COULD_NOT_MAP_BIG_DECIMAL_TO_VAT_ENUM_VALUE): no credits, card works', async ({
	page,
	request
}) => {
	await pilsAndPretzelAtPayment(page);
	await payWithCredits(page);
	await request.post(`${simulator}/_sim/faults`, {
		data: {
			path: PREVIEW,
			mode: 'status',
			status: 400,
			errorCode: 'COULD_NOT_MAP_BIG_DECIMAL_TO_VAT_ENUM_VALUE'
		}
	});
	await scanWithReader(page, await newKey(request, 'wallet_plenty'));
	await expect(page.getByRole('alert')).toHaveText(
		'Credits cannot be used for this order right now. Please pay by card, or ask staff for help.'
	);
	await expect(paymentHeading(page)).toBeVisible();
	await checkStep(page, 'menu-vat');
	// Refused at once: not retried as if it were a network problem.
	expect((await saleCalls(request)).map((call) => `${call.path} ${call.status}`)).toEqual([
		`${PREVIEW} 400`
	]);

	await page.getByRole('button', { name: /^Pay by card/ }).tap();
	await expect(page.getByTestId('card-amount')).toHaveText('€18.00');
	await page.getByRole('button', { name: 'Approve payment' }).tap();
	await expect(thankYou(page)).toBeVisible();
	expect(await balance(request, 'wallet_plenty')).toBe(50_000);
});

test('a lost finalize answer: retried, the guest gets the receipt, credits taken once', async ({
	page,
	request
}) => {
	await pilsAndPretzelAtPayment(page);
	await payWithCredits(page);
	await scanWithReader(page, await newKey(request, 'wallet_plenty'));
	await expect(page.getByRole('heading', { level: 1, name: 'Your credits' })).toBeVisible();
	await request.post(`${simulator}/_sim/faults`, {
		data: { path: '/v3/integrations/credit-transactions/*/finalize', mode: 'drop' }
	});
	await page.getByRole('button', { name: 'Confirm and pay with credits' }).tap();

	await expect(thankYou(page)).toBeVisible();
	await expect(page.getByRole('alert')).toHaveCount(0);
	expect(await expectReceiptAddsUp(page)).toEqual({
		gross: 1800,
		discount: 110,
		paid: 1690,
		credits: 1690,
		card: 0
	});
	await checkStep(page, 'finalize-retried');
	expect(await balance(request, 'wallet_plenty')).toBe(50_000 - 1690);
	const finalizes = (await saleCalls(request)).filter((call) => call.path.endsWith('/finalize'));
	expect(finalizes.map((call) => [call.status, call.dropped])).toEqual([
		[200, true],
		[200, false]
	]);
});

test('a lost deposit-create answer: created again, the guest leaves with a working code', async ({
	page,
	request
}) => {
	await request.post(`${simulator}/_sim/faults`, {
		data: { method: 'POST', path: ISSUE, mode: 'drop' }
	});
	await pilsAndPretzelAtPayment(page);
	const paid = page.waitForResponse((r) => /\/api\/kiosk\/sales\/[^/]+\/pay$/.test(r.url()));
	await page.getByRole('button', { name: /^Pay by card/ }).tap();
	await page.getByRole('button', { name: 'Approve payment' }).tap();

	await expect(thankYou(page)).toBeVisible();
	await expect(page.getByRole('alert')).toHaveCount(0);
	const sale = await (await paid).json();
	await expect(
		page.getByRole('img', {
			name: `QR code of your deposit, number ${sale.deposit.sequenceNumber}`
		})
	).toBeVisible();
	// The first create took effect unseen (number 000001); the guest's code is the second one.
	expect(sale.deposit.sequenceNumber).toBe('000002');
	await checkStep(page, 'deposit-create-retried');
	const issued = await (
		await request.get(`${simulator}/_sim/deposit-transactions/${sale.deposit.code}`)
	).json();
	expect(issued.items.map((item: { status: string }) => item.status)).toEqual(['ACTIVE', 'ACTIVE']);
	const creates = (await saleCalls(request)).filter((call) => call.path === ISSUE);
	expect(creates.map((call) => [call.status, call.dropped])).toEqual([
		[201, true],
		[201, false]
	]);
});

test.describe('CREDIT payment mode (no split payments)', () => {
	test.beforeEach(async ({ browser }) => {
		await setCreditPaymentMode(browser, 'Credits only');
	});
	test.afterEach(async ({ browser }) => {
		await setCreditPaymentMode(browser, 'Split payment');
	});

	test('credits short: INSUFFICIENT_CREDIT → EXTERNAL_PAYMENT; the discount stays, the rest by card', async ({
		page,
		request
	}) => {
		await pairKiosk(page);
		await beginOrder(page);
		await orderPilsAndPretzel(page);
		await toPayment(page);
		await payWithCredits(page);
		await scanWithReader(page, await newKey(request, 'wallet_few'));
		await expect(page.getByRole('heading', { level: 1, name: 'Your credits' })).toBeVisible();
		await expect(
			page.getByText(
				'There are not enough credits for this order: your discount applies, and the rest is paid by card.'
			)
		).toBeVisible();
		expect(await expectSummaryAddsUp(page)).toEqual({
			gross: 1800,
			discount: 110,
			credits: 0,
			card: 1690
		});
		await checkStep(page, 'credit-fallback-summary');
		expect((await saleCalls(request)).map((call) => `${call.path} ${call.status}`)).toEqual([
			`${PREVIEW} 400`,
			`${PREVIEW} 201`
		]);

		await page.getByRole('button', { name: 'Confirm and pay €16.90 by card' }).tap();
		await expect(page.getByTestId('card-amount')).toHaveText('€16.90');
		await page.getByRole('button', { name: 'Approve payment' }).tap();
		await expect(thankYou(page)).toBeVisible();
		expect(await expectReceiptAddsUp(page)).toEqual({
			gross: 1800,
			discount: 110,
			paid: 1690,
			credits: 0,
			card: 1690
		});
		await checkStep(page, 'receipt-credit-fallback');
		// EXTERNAL_PAYMENT takes no credits.
		expect(await balance(request, 'wallet_few')).toBe(350);
	});
});

/** The setup page's kiosk settings, as staff change them. */
async function setCreditPaymentMode(
	browser: import('@playwright/test').Browser,
	mode: 'Credits only' | 'Split payment'
) {
	const staff = await browser.newPage();
	await logIn(staff);
	const section = staff.getByRole('region', { name: 'Ordering kiosk settings' });
	await section.getByRole('radio', { name: new RegExp(`^${mode}`) }).check();
	await section.getByRole('button', { name: 'Save kiosk settings' }).click();
	await expect(staff.getByRole('status')).toHaveText('The kiosk settings are saved.');
	await staff.close();
}
