/** Helpers of the order board tests: the board itself, and orders placed "in the app". */
import {
	expect,
	type APIRequestContext,
	type Browser,
	type Page,
	type PlaywrightWorkerArgs
} from '@playwright/test';
import { logIn, simulator } from './support.ts';

const MAIN_PLACE = 'place_main_stage';

/** Opens a board in a fresh touch context (paired by the demo home page) once it is live. */
export async function openBoard(browser: Browser): Promise<Page> {
	const context = await browser.newContext({ hasTouch: true });
	const page = await context.newPage();
	await page.goto('/');
	await page.getByRole('button', { name: 'Order board' }).click();
	await expect(page).toHaveURL(/\/board$/);
	await expect(page.locator('main[data-ready]')).toBeVisible();
	await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
	return page;
}

/**
 * Staff mark every kiosk order on `board` collected (the board's own form actions, as its buttons
 * post them: the ID check first where one is asked): a test of what guests see starts from an empty pickup screen, whatever sales earlier
 * files made (the pickup screen shows the 24 longest waiting).
 */
export async function collectKioskOrders(board: Page): Promise<void> {
	const saleIds = await board
		.locator('form[action="?/kiosk"] input[name="saleId"]')
		// The open orders only: "Recently done" keeps collected ones (to undo a tap), and one may
		// leave that window while the others are collected.
		.evaluateAll((inputs) => [
			...new Set(
				inputs
					.filter((input) => !input.closest('section.done'))
					.map((input) => (input as HTMLInputElement).value)
			)
		]);
	for (const saleId of saleIds) {
		// Staff check the ID of an order with beer or wine first (refused, harmlessly, for others).
		await board.request.post('/board?/idChecked', {
			form: { saleId },
			headers: { origin: new URL(board.url()).origin, 'x-sveltekit-action': 'true' }
		});
		const response = await board.request.post('/board?/kiosk', {
			form: { saleId, status: 'collected' },
			headers: { origin: new URL(board.url()).origin, 'x-sveltekit-action': 'true' }
		});
		expect(response.ok()).toBe(true);
	}
}

/**
 * A file's start (in `beforeAll`): the simulator reset — order numbers restart, while the kiosk
 * server keeps the orders of earlier files — and its callbacks wired to the board again.
 */
export async function resetWithCallbacks(
	browser: Browser,
	playwright: PlaywrightWorkerArgs['playwright']
): Promise<void> {
	const request = await playwright.request.newContext();
	await request.post(`${simulator}/_sim/reset`);
	await wireCallbacks(browser, request);
	await request.dispose();
}

/**
 * Does what staff do once per board: copy the callback address from the device page in setup
 * and enter it in the platform's console (the simulator forgets it on every reset).
 */
async function wireCallbacks(browser: Browser, request: APIRequestContext): Promise<string> {
	const context = await browser.newContext();
	const page = await context.newPage();
	await logIn(page);
	await page.getByRole('link', { name: 'Main Stage Order Board' }).click();
	await expect(page).toHaveURL(/\/setup\/devices\/[^/]+$/);
	await expect(page.getByText('/api/orders/callback/').first()).toBeAttached();
	// The address as the page shows it (text or a read-only field).
	const text = await page.content();
	const url = text.match(/https?:\/\/[^\s"<]+\/api\/orders\/callback\/[A-Za-z0-9_-]{43}/)?.[0];
	expect(url, 'the device page shows the callback address').toBeTruthy();
	const answer = await request.put(`${simulator}/_sim/callback-url`, {
		data: { url, deviceId: 'dev_board_main' }
	});
	expect(answer.ok()).toBe(true);
	await context.close();
	return url!;
}

export interface CounterOrder {
	id: string;
	orderNumber: string;
}

/** A guest orders in the app and pays (or will pay at the counter): the callback goes out. */
export async function placeCounterOrder(
	request: APIRequestContext,
	options: { paymentProcessor?: string; deskId?: string; items?: unknown[] } = {}
): Promise<CounterOrder> {
	const placed = await request.post(`${simulator}/_sim/counter-orders`, {
		data: { placeId: MAIN_PLACE, ...options }
	});
	expect(placed.status()).toBe(201);
	const order = (await placed.json()) as CounterOrder;
	const confirmed = await request.post(
		`${simulator}/_sim/counter-orders/${order.id}/confirm-payment`
	);
	expect(confirmed.ok()).toBe(true);
	return order;
}

/** The order as the platform has it now. */
export async function platformOrder(
	request: APIRequestContext,
	orderId: string
): Promise<{ status: string; transactionStatus: string; rejectionMessage?: string }> {
	const orders = (await (await request.get(`${simulator}/_sim/counter-orders`)).json()) as {
		id: string;
		status: string;
		transactionStatus: string;
	}[];
	const order = orders.find((candidate) => candidate.id === orderId);
	expect(order).toBeTruthy();
	return order!;
}
