/**
 * Sold out in one tap on the order board: staff mark the pretzel sold out on the board (its
 * sold-out list) while a guest has one in the basket at an ordering kiosk. The kiosk hears of it
 * through its live feed — the basket says which line is sold out before the guest pays, the
 * menu no longer offers the pretzel, and the server refuses a sale holding it. The guest removes
 * it; staff bring it back with one tap, and it is orderable again. Touch only.
 */
import { type Browser, type Page } from '@playwright/test';
import { expect, test } from './test.ts';
import { addProduct, beginOrder, checkStep, confirmAge, pairKiosk } from './kiosk-support.ts';
import { expectNoAxeViolations, screenshot, simulator } from './support.ts';

test.use({ hasTouch: true });

test.beforeEach(async ({ request }) => {
	await request.post(`${simulator}/_sim/reset`);
});

/** Opens the order board in a touch context of its own, once it is hydrated. */
async function openBoard(browser: Browser): Promise<Page> {
	const context = await browser.newContext({ hasTouch: true });
	const page = await context.newPage();
	await page.goto('/');
	await page.getByRole('button', { name: 'Order board' }).click();
	await expect(page).toHaveURL(/\/board$/);
	await expect(page.locator('main[data-ready]')).toBeVisible();
	return page;
}

const SUMMARY = /^Sold out list: (\d+) sold out$/;

/** The board's sold-out list, opened; how many it says are sold out. */
async function openSoldOutList(board: Page): Promise<number> {
	const summary = board.getByText(SUMMARY);
	await summary.tap();
	await expect(board.getByText('One tap marks a product sold out')).toBeVisible();
	return Number(SUMMARY.exec((await summary.textContent()) ?? '')?.[1]);
}

/** Staff at the board mark the pretzel sold out (true) or back (false), one tap. */
async function tapPretzel(board: Page, soldOut: boolean): Promise<void> {
	const row = board.getByRole('listitem').filter({ hasText: 'Pretzel' });
	await row
		.getByRole('button', { name: soldOut ? 'Mark Pretzel sold out' : 'Pretzel is back' })
		.tap();
	await expect(row.getByText(soldOut ? 'sold out' : 'available', { exact: true })).toBeVisible();
	await expect(
		row.getByRole('button', { name: soldOut ? 'Pretzel is back' : 'Mark Pretzel sold out' })
	).toBeEnabled();
}

test('staff sell the pretzel out on the board: the kiosk tells the basket before paying, and it comes back', async ({
	page,
	browser,
	baseURL
}) => {
	await pairKiosk(page);
	await beginOrder(page);
	await addProduct(page, 'Beer', 'Pilsner 0.4 l');
	await addProduct(page, 'Food', 'Pretzel');
	await expect(page.getByTestId('basket-total')).toHaveText('€10.50');
	await page.getByRole('button', { name: 'Go to payment' }).tap();
	await confirmAge(page, 16);
	await expect(
		page.getByRole('heading', { level: 1, name: 'How would you like to pay?' })
	).toBeVisible();

	const board = await openBoard(browser);
	try {
		const soldOutBefore = await openSoldOutList(board);
		await tapPretzel(board, true);
		await expect(board.getByText(`Sold out list: ${soldOutBefore + 1} sold out`)).toBeVisible();
		await expectNoAxeViolations(board);
		await screenshot(board, 'board-sold-out-list');

		// The guest, still choosing how to pay, is told which line is gone before paying.
		const order = page.getByRole('region', { name: 'Your order' });
		await expect(
			order
				.getByRole('listitem')
				.filter({ hasText: 'Pretzel' })
				.getByText('Sold out', { exact: true })
		).toBeVisible();
		await expect(order.getByRole('status')).toHaveText(
			'Sold out since you chose it: Pretzel. Please remove it to pay.'
		);
		await checkStep(page, 'sold-out-payment');

		// "Pay" nevertheless: nothing is sold; back to the menu, the line marked for removal.
		await page.getByRole('button', { name: /^Pay by card/ }).tap();
		await expect(page.getByRole('alert')).toContainText(
			'Something in your order has just sold out.'
		);
		await expect(page.getByRole('heading', { level: 1, name: 'Menu' })).toBeVisible();
		await expect(page.getByRole('button', { name: 'Approve payment' })).toHaveCount(0);
		// In the place of "Go to payment": the line's removal, nothing else.
		await expect(page.getByRole('button', { name: 'Go to payment' })).toHaveCount(0);

		// The server refuses the sale too, whatever a screen sends: a race never sells it.
		const refused = await page.request.post('/api/kiosk/sales', {
			data: { basket: [{ productId: 'food_pretzel', quantity: 1 }] },
			headers: { origin: baseURL! }
		});
		expect(refused.status()).toBe(409);
		expect(await refused.json()).toEqual({ error: { failure: 'sold-out' } });

		// The menu no longer offers it.
		await page
			.getByRole('navigation', { name: 'Categories' })
			.getByRole('button', { name: 'Food', exact: true })
			.tap();
		await expect(page.getByRole('button', { name: 'Add Bratwurst in a bun' })).toBeVisible();
		await expect(page.getByRole('button', { name: 'Add Pretzel', exact: true })).toHaveCount(0);
		// Hidden, not only its button: no card of it left in the menu.
		await expect(
			page.getByRole('main').getByRole('heading', { level: 3, name: 'Pretzel', exact: true })
		).toHaveCount(0);
		await checkStep(page, 'sold-out-menu');

		await page.getByRole('button', { name: 'Remove Pretzel' }).tap();
		await expect(page.getByTestId('basket-total')).toHaveText('€7.50');
		await expect(page.getByRole('button', { name: 'Go to payment' })).toBeEnabled();

		// Back with one tap: the kiosk offers it again, and it sells.
		await tapPretzel(board, false);
		await expect(board.getByText(`Sold out list: ${soldOutBefore} sold out`)).toBeVisible();
		await page.getByRole('button', { name: 'Add Pretzel', exact: true }).tap();
		await expect(page.getByTestId('basket-total')).toHaveText('€10.50');
		await page.getByRole('button', { name: 'Go to payment' }).tap();
		await page.getByRole('button', { name: /^Pay by card/ }).tap();
		await expect(page.getByTestId('card-amount')).toHaveText('€10.50');
		await page.getByRole('button', { name: 'Approve payment' }).tap();
		await expect(page.getByRole('heading', { level: 1, name: 'Thank you!' })).toBeVisible();
	} finally {
		// Whatever failed, the pretzel is back on the menu for the files after this one.
		await board.request.post('/board?/soldOut', {
			form: { productId: 'food_pretzel', soldOut: 'false' },
			headers: { origin: new URL(board.url()).origin, 'x-sveltekit-action': 'true' }
		});
		await board.context().close();
	}
});
