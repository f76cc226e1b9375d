/** The guest ordering screen's browser tests: pairing, the guest's steps, the simulator's figures. */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { toMinor } from '#lib/money.ts';
import { expectNoAxeViolations, screenshot, simulator } from './support.ts';

/** Demo mode: the home page's "Ordering kiosk" button pairs this browser and opens the screen. */
export async function pairKiosk(page: Page): Promise<void> {
	await page.goto('/');
	await page.getByRole('button', { name: 'Ordering kiosk' }).click();
	await expect(page).toHaveURL(/\/kiosk$/);
	await expect(page.getByRole('button', { name: /Tap to order/ })).toBeVisible();
	// The screen is interactive once hydrated.
	await page.waitForLoadState('networkidle');
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

/** Adds a product `times` times from its category (English names). */
export async function addProduct(page: Page, category: string, name: string, times = 1) {
	await page
		.getByRole('navigation', { name: 'Categories' })
		.getByRole('button', { name: category, exact: true })
		.tap();
	const add = page.getByRole('button', { name: `Add ${name}`, exact: true });
	for (let i = 0; i < times; i += 1) await add.tap();
}

/** A step of the flow: no accessibility violation, and a screenshot for the record. */
export async function checkStep(page: Page, name: string): Promise<void> {
	await expectNoAxeViolations(page);
	await screenshot(page, `kiosk-${name}`);
}

/** "€18.00" / "18,00 €" / "−€1.10" → cents. */
export function cents(text: string | null): number {
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

/**
 * Types a key as a USB card/QR reader does: fast keys, then Enter. Playwright sends each key only
 * after the page handled the one before, so a main thread busy starting the camera would stretch
 * the gaps past the reader's 50 ms (a real reader's keys carry the time they were typed): wait
 * until the camera has started or failed.
 */
export async function scanWithReader(page: Page, key: string): Promise<void> {
	await expect(page.locator('[data-camera="starting"]')).toHaveCount(0);
	await page.keyboard.type(`${key}\n`, { delay: 5 });
}
