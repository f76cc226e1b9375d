/** The guest ordering screen's browser tests: pairing, the guest's steps, the simulator's figures. */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { toMinor } from '@venue-kiosk/vocabulary/money.ts';
import { expectNoAxeViolations, guestScreenReady, screenshot, simulator } from './support.ts';

/** Demo mode: the home page's "Ordering kiosk" button pairs this browser and opens the screen. */
export async function pairKiosk(page: Page): Promise<void> {
	await page.goto('/');
	await page.getByRole('button', { name: 'Ordering kiosk' }).click();
	await expect(page).toHaveURL(/\/kiosk$/);
	await expect(page.getByRole('button', { name: /Tap to order/ })).toBeVisible();
	await guestScreenReady(page);
}

/** Attract screen → language → menu. */
export async function beginOrder(page: Page, language: 'English' | 'Deutsch' = 'English') {
	await page.getByRole('button', { name: /Tap to order/ }).tap();
	await expect(page.getByRole('heading', { level: 1, name: /Choose your language/ })).toBeVisible();
	await page.getByRole('button', { name: language, exact: true }).tap();
	await expect(
		page.getByRole('heading', { level: 1, name: language === 'English' ? 'Menu' : 'Speisekarte' })
	).toBeVisible();
}

/**
 * Adds a product `times` times from its category (English names). A product not offered there
 * fails with what the screen shows instead (its accessibility tree), so what hid it — a menu left
 * changed by an earlier test, a dialog over the menu — is in the failure's message.
 */
export async function addProduct(page: Page, category: string, name: string, times = 1) {
	await page
		.getByRole('navigation', { name: 'Categories' })
		.getByRole('button', { name: category, exact: true })
		.tap();
	const add = page.getByRole('button', { name: `Add ${name}`, exact: true });
	await expect(add)
		.toBeVisible()
		.catch(async (error: Error) => {
			const shown = await page.locator('body').ariaSnapshot();
			const message = `"Add ${name}" is not offered under ${category}; the screen shows:`;
			throw new Error(`${message}\n${shown}`, { cause: error });
		});
	for (let i = 0; i < times; i += 1) await add.tap();
}

/** A step of the flow: no accessibility violation, and a screenshot for the record. */
export async function checkStep(page: Page, name: string): Promise<void> {
	await expectNoAxeViolations(page);
	await screenshot(page, `kiosk-${name}`);
}

/** "€18.00" / "18,00 €" / "−€1.10" → cents. */
function cents(text: string | null): number {
	const cleaned = (text ?? '').replace(/[^\d,.−-]/g, '');
	const negative = /^[−-]/.test(cleaned);
	const digits = cleaned.replace(/[−-]/g, '');
	const match = /^(\d+)[.,](\d{2})$/.exec(digits);
	if (!match) throw new Error(`not an amount: ${text}`);
	const value = Number(match[1]) * 100 + Number(match[2]);
	return negative ? -value : value;
}

export async function amountOf(locator: Locator): Promise<number> {
	return cents(await locator.textContent());
}

export async function newKey(request: APIRequestContext, walletId: string): Promise<string> {
	const response = await request.post(`${simulator}/_sim/transaction-keys`, { data: { walletId } });
	expect(response.status()).toBe(201);
	return (await response.json()).transactionKey;
}

/** A wallet's balance in cents. */
export async function balance(request: APIRequestContext, walletId: string): Promise<number> {
	const body = await (await request.get(`${simulator}/_sim/wallets/${walletId}`)).json();
	return toMinor(body.balance, body.currencyCode);
}

export interface PlatformCall {
	method: string;
	path: string;
	deviceId: string | null;
	status: number;
	dropped: boolean;
}

/**
 * The sale's platform calls since the simulator's last reset (its request log): credit
 * transactions and deposit creates, not the kiosk's background refreshes of identity and
 * deposit configuration.
 */
export async function saleCalls(request: APIRequestContext): Promise<PlatformCall[]> {
	const calls: PlatformCall[] = await (await request.get(`${simulator}/_sim/requests`)).json();
	return calls.filter((call) =>
		/\/(credit-transactions|hybrid-revo-token-transactions)(\/|$)/.test(call.path)
	);
}

/** 2 × Pilsner + 1 Pretzel: 14.00 + two cup deposits 4.00 = 18.00. */
export async function orderPilsAndPretzel(page: Page) {
	await addProduct(page, 'Beer', 'Pilsner 0.4 l', 2);
	await addProduct(page, 'Food', 'Pretzel');
	const basket = page.getByRole('region', { name: 'Your order' });
	await expect(basket.getByText('2 × Reusable cup 0.4 l')).toBeVisible();
	await expect(page.getByTestId('basket-total')).toHaveText('€18.00');
}

/** The age question of a basket sold only from an age (docs/age-checks.md). */
export const ageQuestion = (page: Page, age?: number) =>
	page.getByRole('dialog', {
		name: age ? `This order contains drinks sold only from ${age}.` : /sold only from \d+\.$/
	});

/** The guest answers the age question "I am 16 or older" (or 18). */
export async function confirmAge(page: Page, age: number) {
	const question = ageQuestion(page, age);
	await question.getByRole('button', { name: `I am ${age} or older` }).tap();
	await expect(question).toBeHidden();
}

/**
 * "Go to payment", to the payment choice; a basket with beer or wine first asks the guest's age
 * (once per sale), which the guest confirms.
 */
export async function toPayment(page: Page) {
	await page.getByRole('button', { name: 'Go to payment' }).tap();
	const heading = page.getByRole('heading', { level: 1, name: 'How would you like to pay?' });
	const question = ageQuestion(page);
	await expect(heading.or(question)).toBeVisible();
	if (await question.isVisible())
		await question.getByRole('button', { name: /^I am \d+ or older$/ }).tap();
	await expect(heading).toBeVisible();
}

/** A paired kiosk, a new guest, 2 × Pilsner + 1 Pretzel (18.00), at the payment choice. */
export async function pilsAndPretzelAtPayment(page: Page) {
	await pairKiosk(page);
	await beginOrder(page);
	await orderPilsAndPretzel(page);
	await toPayment(page);
}

export async function payWithCredits(page: Page) {
	await page.getByRole('button', { name: /^Pay with credits/ }).tap();
	await expect(
		page.getByRole('heading', { level: 1, name: 'Scan your loyalty QR code' })
	).toBeFocused();
}

/** The credit summary adds up per line and in total: price − discount = credits + card. */
export async function expectSummaryAddsUp(page: Page) {
	const table = page.getByRole('table', { name: /Price, discount, credits and card amount/ });
	const rows = table.locator('tbody tr');
	for (let i = 0; i < (await rows.count()); i += 1) {
		const [gross, discount, credits, card] = (
			await rows.nth(i).locator('td').allTextContents()
		).map(cents);
		expect(gross! + discount!).toBe(credits! + card!);
	}
	const gross = await amountOf(page.getByTestId('credits-gross'));
	const discount = await amountOf(page.getByTestId('credits-discount'));
	const credits = await amountOf(page.getByTestId('credits-credits'));
	const card = await amountOf(page.getByTestId('credits-card'));
	expect(gross + discount).toBe(credits + card);
	return { gross, discount: -discount, credits, card };
}

/** The receipt's totals: lines add up to the total; paid = total − discount = credits + card. */
export async function expectReceiptAddsUp(page: Page) {
	const receipt = page.getByRole('article', { name: 'Receipt' });
	const lineAmounts = (
		await receipt
			.getByRole('table', { name: 'What you bought' })
			.locator('tbody tr:not(.discount) td')
			.allTextContents()
	).map(cents);
	const gross = await amountOf(page.getByTestId('receipt-gross'));
	expect(lineAmounts.reduce((a, b) => a + b, 0)).toBe(gross);
	const discountCell = page.getByTestId('receipt-discount');
	const discount = (await discountCell.count()) > 0 ? -(await amountOf(discountCell)) : 0;
	const paid = await amountOf(page.getByTestId('receipt-paid'));
	const creditsCell = page.getByTestId('receipt-credits');
	const credits = (await creditsCell.count()) > 0 ? await amountOf(creditsCell) : 0;
	const cardCell = page.getByTestId('receipt-card');
	const card = (await cardCell.count()) > 0 ? await amountOf(cardCell) : 0;
	expect(gross - discount).toBe(paid);
	expect(paid).toBe(credits + card);
	// The VAT table's gross column adds up to what was paid; net + VAT = gross per rate.
	const vatRows = receipt.getByRole('table', { name: 'VAT included' }).locator('tbody tr');
	let vatGross = 0;
	for (let i = 0; i < (await vatRows.count()); i += 1) {
		const [net, vat, rowGross] = (await vatRows.nth(i).locator('td').allTextContents()).map(cents);
		expect(net! + vat!).toBe(rowGross);
		vatGross += rowGross!;
	}
	expect(vatGross).toBe(paid);
	return { gross, discount, paid, credits, card };
}

/** A paid sale as the kiosk got it (the pay call's answer). */
export interface PaidSale {
	orderNumber: string;
	deposit: { code: string; sequenceNumber: string; categories: { categoryId: string }[] };
}

/** A guest pays 2 × Pilsner and a pretzel (€18.00) by card on the demo terminal. */
export async function cardSale(page: Page): Promise<PaidSale> {
	await pilsAndPretzelAtPayment(page);
	const paid = page.waitForResponse((r) => /\/api\/kiosk\/sales\/[^/]+\/pay$/.test(r.url()));
	await page.getByRole('button', { name: /^Pay by card/ }).tap();
	await page.getByRole('button', { name: 'Approve payment' }).tap();
	await expect(page.getByRole('heading', { level: 1, name: 'Thank you!' })).toBeVisible();
	return (await paid).json();
}
