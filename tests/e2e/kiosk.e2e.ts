/**
 * The guest ordering screen as a guest meets it, touch only: card only (with and without
 * containers), credits covering all, split with the card, a declined card after credits, expired
 * and used codes, and a language switch in the middle of the order. The numbers are the demo
 * menu's and the simulator's (tests/contract/checkout.test.ts); every step passes axe.
 */
import { expect, test } from './test.ts';
import {
	addProduct,
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
	toPayment
} from './kiosk-support.ts';
import { logIn, scanWithReader, screenshot, simulator } from './support.ts';

test.use({ hasTouch: true });

test.beforeEach(async ({ request }) => {
	await request.post(`${simulator}/_sim/reset`);
});

test('card only with containers: receipt, order number, the deposit QR code and its cups', async ({
	page,
	request
}) => {
	await pairKiosk(page);
	await checkStep(page, 'attract');
	await page.getByRole('button', { name: /Tap to order/ }).tap();
	await checkStep(page, 'language');
	await page.getByRole('button', { name: 'English', exact: true }).tap();
	await orderPilsAndPretzel(page);
	await expect(page.getByText('Refundable deposits')).toBeVisible();
	await checkStep(page, 'menu');

	await page.getByRole('button', { name: 'Beer', exact: true }).tap();
	await page.getByRole('button', { name: 'Details: Pilsner 0.4 l' }).tap();
	const details = page.getByRole('dialog', { name: 'Pilsner 0.4 l' });
	await expect(details.getByText(/deposit of €2.00/)).toBeVisible();
	await checkStep(page, 'product-detail');
	await details.getByRole('button', { name: 'Close' }).tap();

	await toPayment(page);
	await checkStep(page, 'payment');
	const paid = page.waitForResponse((r) => /\/api\/kiosk\/sales\/[^/]+\/pay$/.test(r.url()));
	await page.getByRole('button', { name: /^Pay by card/ }).tap();
	await expect(page.getByRole('heading', { level: 1, name: 'Pay by card' })).toBeVisible();
	await expect(page.getByTestId('card-amount')).toHaveText('€18.00');
	const terminal = page.getByRole('region', { name: 'Demo card terminal' });
	await expect(terminal).toBeVisible();
	await checkStep(page, 'card-terminal');
	await terminal.getByRole('button', { name: 'Approve payment' }).tap();

	await expect(page.getByRole('heading', { level: 1, name: 'Thank you!' })).toBeVisible();
	const sale = await (await paid).json();
	expect(sale.state).toBe('completed');
	await expect(page.getByTestId('order-number')).toHaveText(/^K-\d{3}$/);
	const qr = page.getByRole('img', { name: /^QR code of your deposit, number \S+$/ });
	await expect(qr).toBeVisible();
	expect(await qr.evaluate((node) => node.tagName.toLowerCase())).toBe('svg');
	await expect(page.getByText(`No. ${sale.deposit.sequenceNumber}`)).toBeVisible();
	const deposit = page.getByRole('region', { name: 'Your deposit code' });
	await expect(deposit.getByText('2 × Reusable cup 0.4 l')).toBeVisible();
	await expect(deposit.getByText(/^Return by .*\d{1,2}:\d{2}/)).toBeVisible();
	// How to keep the code fits the medium: the screen offers a photo or the print, the paper
	// says to keep it.
	const photoOrPrint = deposit.getByText('Take a photo of it or print the receipt.');
	const keepPaper = deposit.getByText('Keep this receipt until you have returned your containers.');
	await expect(photoOrPrint).toBeVisible();
	await expect(keepPaper).toBeHidden();
	await expect(page.getByText('Riverside Open Air').last()).toBeVisible();
	const totals = await expectReceiptAddsUp(page);
	expect(totals).toEqual({ gross: 1800, discount: 0, paid: 1800, credits: 0, card: 1800 });
	await checkStep(page, 'receipt-card');

	// Printed on an 80 mm receipt printer: the receipt and the code only, 74 mm wide.
	await page.emulateMedia({ media: 'print' });
	await expect(page.getByRole('button', { name: 'Done' })).toBeHidden();
	await expect(page.getByText('Main Stage Bar').first()).toBeHidden();
	await expect(qr).toBeVisible();
	await expect(keepPaper).toBeVisible();
	await expect(photoOrPrint).toBeHidden();
	const width = (await page.getByRole('article', { name: 'Receipt' }).boundingBox())!.width;
	expect(width).toBeLessThanOrEqual((80 / 25.4) * 96);
	await screenshot(page, 'kiosk-receipt-print');
	await page.emulateMedia({ media: 'screen' });
	await page
		.getByRole('group', { name: 'Language' })
		.getByRole('button', { name: 'Deutsch' })
		.tap();
	await expect(page.getByText('Fotografieren Sie ihn oder drucken Sie den Beleg.')).toBeVisible();
	await page.emulateMedia({ media: 'print' });
	await expect(
		page.getByText('Bewahren Sie diesen Beleg auf, bis Sie Ihre Behälter zurückgegeben haben.')
	).toBeVisible();
	await page.emulateMedia({ media: 'screen' });
	await page.getByRole('group', { name: 'Sprache' }).getByRole('button', { name: 'English' }).tap();

	const issued = await (
		await request.get(`${simulator}/_sim/deposit-transactions/${sale.deposit.code}`)
	).json();
	expect(issued.items).toHaveLength(2);
	expect(issued.items.every((item: { status: string }) => item.status === 'ACTIVE')).toBe(true);

	await page.getByRole('button', { name: 'Done' }).tap();
	await expect(page.getByRole('button', { name: /Tap to order/ })).toBeVisible();
});

test('card only without containers: no deposit section', async ({ page }) => {
	await pairKiosk(page);
	await beginOrder(page);
	await addProduct(page, 'Food', 'Bratwurst in a bun', 2);
	await expect(page.getByText('Refundable deposits')).toHaveCount(0);
	await expect(page.getByTestId('basket-total')).toHaveText('€10.00');
	await toPayment(page);
	await page.getByRole('button', { name: /^Pay by card/ }).tap();
	await expect(page.getByTestId('card-amount')).toHaveText('€10.00');
	await page.getByRole('button', { name: 'Approve payment' }).tap();
	await expect(page.getByRole('heading', { level: 1, name: 'Thank you!' })).toBeVisible();
	await expect(page.getByRole('region', { name: 'Your deposit code' })).toHaveCount(0);
	await expect(page.getByRole('img', { name: /QR code/ })).toHaveCount(0);
	expect(await expectReceiptAddsUp(page)).toEqual({
		gross: 1000,
		discount: 0,
		paid: 1000,
		credits: 0,
		card: 1000
	});
	await checkStep(page, 'receipt-no-deposit');
});

test('credits covering everything: scanned with the reader, 10 % off Pilsner, 16.90 of credits', async ({
	page,
	request
}) => {
	await pilsAndPretzelAtPayment(page);
	await payWithCredits(page);
	await checkStep(page, 'scan');

	await scanWithReader(page, await newKey(request, 'wallet_plenty'));
	await expect(page.getByRole('heading', { level: 1, name: 'Your credits' })).toBeVisible();
	const pils = page.getByRole('row', { name: /2 × Pilsner 0.4 l/ });
	await expect(pils.getByRole('cell')).toHaveText(['€11.00', '−€1.10', '€9.90', '€0.00']);
	await expect(
		page.getByRole('row', { name: /2 × Reusable cup 0.4 l/ }).getByRole('cell')
	).toHaveText(['€4.00', '€0.00', '€4.00', '€0.00']);
	expect(await expectSummaryAddsUp(page)).toEqual({
		gross: 1800,
		discount: 110,
		credits: 1690,
		card: 0
	});
	await checkStep(page, 'credit-summary');

	await page.getByRole('button', { name: 'Confirm and pay with credits' }).tap();
	await expect(page.getByRole('heading', { level: 1, name: 'Thank you!' })).toBeVisible();
	expect(await expectReceiptAddsUp(page)).toEqual({
		gross: 1800,
		discount: 110,
		paid: 1690,
		credits: 1690,
		card: 0
	});
	// Paid by credits alone: no "Paid by card €0.00".
	await expect(page.getByTestId('receipt-card')).toHaveCount(0);
	await checkStep(page, 'receipt-credits');
	expect(await balance(request, 'wallet_plenty')).toBe(50_000 - 1690);
});

test('split: 3.50 of credits, 13.40 on the card', async ({ page, request }) => {
	await pilsAndPretzelAtPayment(page);
	await payWithCredits(page);
	await scanWithReader(page, await newKey(request, 'wallet_few'));
	expect(await expectSummaryAddsUp(page)).toEqual({
		gross: 1800,
		discount: 110,
		credits: 350,
		card: 1340
	});
	await checkStep(page, 'credit-summary-split');
	await page.getByRole('button', { name: 'Confirm and pay €13.40 by card' }).tap();
	await expect(page.getByTestId('card-amount')).toHaveText('€13.40');
	await checkStep(page, 'card-terminal-split');
	await page.getByRole('button', { name: 'Approve payment' }).tap();
	await expect(page.getByRole('heading', { level: 1, name: 'Thank you!' })).toBeVisible();
	expect(await expectReceiptAddsUp(page)).toEqual({
		gross: 1800,
		discount: 110,
		paid: 1690,
		credits: 350,
		card: 1340
	});
	await checkStep(page, 'receipt-split');
	expect(await balance(request, 'wallet_few')).toBe(0);
});

test('an account without credits: said so in English and German, the discount kept, all by card', async ({
	page,
	request
}) => {
	await pilsAndPretzelAtPayment(page);
	await payWithCredits(page);
	await scanWithReader(page, await newKey(request, 'wallet_empty'));
	await expect(
		page.getByRole('heading', { level: 1, name: 'No credits on this account — pay by card' })
	).toBeVisible();
	await expect(page.getByText('This is what your credits cover')).toHaveCount(0);
	await expect(page.getByText('Paid with credits')).toHaveCount(0);
	await expect(page.getByTestId('credits-credits')).toHaveCount(0);
	await expect(page.getByTestId('credits-discount')).toHaveText('−€1.10');
	await checkStep(page, 'credit-summary-no-credits');

	await page
		.getByRole('group', { name: 'Language' })
		.getByRole('button', { name: 'Deutsch' })
		.tap();
	await expect(
		page.getByRole('heading', {
			level: 1,
			name: 'Keine Treuepunkte auf diesem Konto – bitte mit Karte zahlen'
		})
	).toBeVisible();
	await checkStep(page, 'credit-summary-no-credits-de');
	await page.getByRole('button', { name: 'Bestätigen und 16,90 € mit Karte zahlen' }).tap();
	await expect(page.getByTestId('card-amount')).toHaveText('16,90 €');
	await page.getByRole('button', { name: 'Zahlung genehmigen' }).tap();
	await expect(page.getByRole('heading', { level: 1, name: 'Vielen Dank!' })).toBeVisible();
	expect(await balance(request, 'wallet_empty')).toBe(0);
});

test('a declined card after credits: the code is used up, nothing deducted, back to payment', async ({
	page,
	request
}) => {
	await pilsAndPretzelAtPayment(page);
	await payWithCredits(page);
	await scanWithReader(page, await newKey(request, 'wallet_few'));
	await page.getByRole('button', { name: 'Confirm and pay €13.40 by card' }).tap();
	await page.getByRole('button', { name: 'Decline payment' }).tap();

	await expect(page.getByRole('alert')).toHaveText(
		/The card payment did not go through, so no credits were used\. Your QR code is used up now/
	);
	await expect(
		page.getByRole('heading', { level: 1, name: 'How would you like to pay?' })
	).toBeVisible();
	await checkStep(page, 'card-declined');
	expect(await balance(request, 'wallet_few')).toBe(350);

	// A fresh code works.
	await payWithCredits(page);
	await scanWithReader(page, await newKey(request, 'wallet_few'));
	await page.getByRole('button', { name: 'Confirm and pay €13.40 by card' }).tap();
	await page.getByRole('button', { name: 'Approve payment' }).tap();
	await expect(page.getByRole('heading', { level: 1, name: 'Thank you!' })).toBeVisible();
	expect(await balance(request, 'wallet_few')).toBe(0);
});

test('an expired and a used code: their own messages, and scanning again works', async ({
	page,
	request
}) => {
	await pairKiosk(page);
	await beginOrder(page);
	await addProduct(page, 'Food', 'Pretzel');
	await toPayment(page);
	await payWithCredits(page);

	const expired = await newKey(request, 'wallet_plenty');
	await request.post(`${simulator}/_sim/clock`, { data: { advanceMinutes: 6 } });
	await scanWithReader(page, expired);
	await expect(page.getByRole('alert')).toContainText(
		'This QR code has expired. Please show a new code from your app.'
	);
	await expect(
		page.getByRole('heading', { level: 1, name: 'Scan your loyalty QR code' })
	).toBeVisible();
	await checkStep(page, 'key-expired');

	// A code used once (its transaction cancelled) cannot be used again.
	const used = await newKey(request, 'wallet_plenty');
	await scanWithReader(page, used);
	await expect(page.getByRole('heading', { level: 1, name: 'Your credits' })).toBeVisible();
	await page.getByRole('button', { name: 'Cancel: don’t use credits' }).tap();
	await expect(
		page.getByRole('heading', { level: 1, name: 'How would you like to pay?' })
	).toBeVisible();
	await payWithCredits(page);
	await scanWithReader(page, used);
	await expect(page.getByRole('alert')).toContainText(
		'This QR code has been used already. Please show a new code from your app.'
	);
	await checkStep(page, 'key-used');

	// Not a loyalty code at all (typed on the keypad): said at once, nothing sent.
	await page.getByRole('button', { name: 'Type the code instead' }).tap();
	await page.getByLabel('Code from your app').fill('hello');
	await page.getByRole('button', { name: 'Use this code' }).tap();
	await expect(page.getByRole('alert')).toContainText('That is not a loyalty code.');
	await checkStep(page, 'key-format');

	// A fresh code, typed on the on-screen keypad.
	const fresh = await newKey(request, 'wallet_plenty');
	await page.getByRole('button', { name: 'Clear' }).tap();
	const keypad = page.getByRole('group', { name: 'Keypad' });
	for (const character of fresh) {
		await keypad.getByRole('button', { name: character, exact: true }).tap();
	}
	await expect(page.getByLabel('Code from your app')).toHaveValue(fresh);
	await page.getByRole('button', { name: 'Use this code' }).tap();
	await expect(page.getByRole('heading', { level: 1, name: 'Your credits' })).toBeVisible();
	expect(await expectSummaryAddsUp(page)).toMatchObject({ gross: 300, credits: 300, card: 0 });
});

test('German: switching language in the middle of the order keeps the basket (no reload)', async ({
	page
}) => {
	await pairKiosk(page);
	await beginOrder(page);
	await addProduct(page, 'Beer', 'Pilsner 0.4 l', 2);
	await expect(page.getByTestId('basket-total')).toHaveText('€15.00');
	await page.evaluate(() => {
		(window as unknown as { notReloaded: boolean }).notReloaded = true;
	});

	await page
		.getByRole('group', { name: 'Language' })
		.getByRole('button', { name: 'Deutsch' })
		.tap();
	await expect(page.getByRole('heading', { level: 1, name: 'Speisekarte' })).toBeVisible();
	await expect(page.locator('html')).toHaveAttribute('lang', 'de');
	const basket = page.getByRole('region', { name: 'Ihre Bestellung' });
	await expect(basket.getByText('Pils 0,4 l')).toBeVisible();
	await expect(basket.getByText('2 × Reusable cup 0.4 l')).toBeVisible();
	await expect(page.getByTestId('basket-total')).toHaveText('15,00 €');
	await expect(page.getByRole('button', { name: 'Ein Pils 0,4 l mehr' })).toBeVisible();
	expect(
		await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)
	).toBe(true);
	await checkStep(page, 'menu-de');

	await page
		.getByRole('navigation', { name: 'Kategorien' })
		.getByRole('button', { name: 'Essen' })
		.tap();
	await page.getByRole('button', { name: 'Hinzufügen: Brezel' }).tap();
	await expect(page.getByTestId('basket-total')).toHaveText('18,00 €');
	await page.getByRole('button', { name: 'Zur Bezahlung' }).tap();
	// Beer is sold from 16: the guest confirms it, in German (docs/age-checks.md).
	await page.getByRole('button', { name: 'Ich bin 16 oder älter' }).tap();
	await expect(
		page.getByRole('heading', { level: 1, name: 'Wie möchten Sie bezahlen?' })
	).toBeVisible();
	await checkStep(page, 'payment-de');

	await page.getByRole('button', { name: 'English' }).tap();
	await expect(
		page.getByRole('heading', { level: 1, name: 'How would you like to pay?' })
	).toBeVisible();
	await expect(
		page.getByRole('region', { name: 'Your order' }).getByText('Pilsner 0.4 l')
	).toBeVisible();
});

test('an item switched off in the menu setup: the basket names it, the guest removes it, the rest sells', async ({
	page,
	browser,
	baseURL
}) => {
	const staff = await browser.newPage();
	await logIn(staff);
	const setAvailable = async (available: boolean) => {
		const response = await staff.request.post('/setup/menu?/availability', {
			form: { id: 'food_pretzel', available: String(available) },
			headers: { origin: baseURL! }
		});
		expect(response.status()).toBe(200);
	};
	try {
		await pairKiosk(page);
		await beginOrder(page);
		await addProduct(page, 'Beer', 'Pilsner 0.4 l');
		await addProduct(page, 'Food', 'Pretzel');
		await expect(page.getByTestId('basket-total')).toHaveText('€10.50');
		await toPayment(page);
		await setAvailable(false);
		await page.getByRole('button', { name: /^Pay by card/ }).tap();
		await expect(page.getByRole('alert')).toContainText(
			'Something in your order has just sold out.'
		);
		await expect(page.getByRole('heading', { level: 1, name: 'Menu' })).toBeVisible();
		await expect(page.getByTestId('card-amount')).toHaveCount(0);
		await checkStep(page, 'sold-out');
		await page.getByRole('button', { name: 'Remove Pretzel' }).tap();
		await expect(page.getByTestId('basket-total')).toHaveText('€7.50');
		await expect(page.getByRole('button', { name: 'Add Pretzel' })).toHaveCount(0);
		await toPayment(page);
		await page.getByRole('button', { name: /^Pay by card/ }).tap();
		await expect(page.getByTestId('card-amount')).toHaveText('€7.50');
	} finally {
		await setAvailable(true);
		await staff.close();
	}
});

test('only a browser paired as an ordering kiosk gets the screen; the idle override is demo-only input', async ({
	page
}) => {
	await page.goto('/kiosk');
	await expect(page).toHaveURL(/\/screen$/);
	await expect(page.getByText('This browser is not paired with a device.')).toBeVisible();

	await page.goto('/');
	await page.getByRole('button', { name: 'Return station' }).click();
	await page.goto('/kiosk');
	// Not the ordering screen: /screen sends a return station on to its own screen.
	await expect(page).toHaveURL(/\/return$/);

	await pairKiosk(page);
	await page.goto('/screen');
	await expect(page).toHaveURL(/\/kiosk$/);
	for (const query of ['?idle=abc', '?idle=99999999', '?idle=%00', '?idle=-1', '?idle=5']) {
		const response = await page.goto(`/kiosk${query}`);
		expect(response?.status(), query).toBe(200);
	}
});

test('the loyalty service unreachable while scanning: said so; paying by card instead works', async ({
	page,
	request
}) => {
	await pilsAndPretzelAtPayment(page);
	await payWithCredits(page);
	await request.post(`${simulator}/_sim/faults`, {
		data: { path: '/v3/integrations/credit-transactions/preview', mode: 'drop', count: 4 }
	});
	await scanWithReader(page, await newKey(request, 'wallet_plenty'));
	const alert = page.getByRole('alert');
	await expect(alert).toContainText('The loyalty service cannot be reached right now.');
	await checkStep(page, 'platform-unavailable');
	await page.getByRole('button', { name: 'Pay by card instead' }).tap();
	await expect(page.getByTestId('card-amount')).toHaveText('€18.00');
	await page.getByRole('button', { name: 'Approve payment' }).tap();
	await expect(page.getByRole('heading', { level: 1, name: 'Thank you!' })).toBeVisible();
	expect(await balance(request, 'wallet_plenty')).toBe(50_000);
});

test('paid, but the deposit code could not be issued: the guest is sent to staff for the deposit', async ({
	page,
	request
}) => {
	await request.post(`${simulator}/_sim/faults`, {
		data: {
			method: 'POST',
			path: '/v1/integrations/hybrid-revo-token-transactions',
			mode: 'status',
			status: 400
		}
	});
	await pilsAndPretzelAtPayment(page);
	await page.getByRole('button', { name: /^Pay by card/ }).tap();
	await page.getByRole('button', { name: 'Approve payment' }).tap();
	await expect(page.getByRole('heading', { level: 1, name: 'Thank you!' })).toBeVisible();
	await expect(page.getByRole('alert')).toHaveText(
		'We could not create your deposit code. Please see staff at the counter to get your deposit back.'
	);
	await expect(page.getByRole('img', { name: /QR code/ })).toHaveCount(0);
	await expect(page.getByTestId('order-number')).toHaveText(/^K-\d{3}$/);
	await checkStep(page, 'deposits-not-issued');
});
