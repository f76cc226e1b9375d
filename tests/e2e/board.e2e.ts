/**
 * The kiosk's orders on the order board: a guest pays at the ordering kiosk (one browser
 * context), the order appears on the board (another context) without a reload, and staff move
 * it to ready, collected, and back — touch only, axe on every state.
 */
import { type Browser, type Page } from '@playwright/test';
import { expect, test } from './test.ts';
import { addProduct, beginOrder, confirmAge, pairKiosk } from './kiosk-support.ts';
import { expectNoAxeViolations, screenshot, simulator } from './support.ts';

test.use({ hasTouch: true });

test.beforeEach(async ({ request }) => {
	await request.post(`${simulator}/_sim/reset`);
});

async function openBoard(browser: Browser): Promise<Page> {
	const context = await browser.newContext({ hasTouch: true });
	const page = await context.newPage();
	await page.goto('/');
	await page.getByRole('button', { name: 'Order board' }).click();
	await expect(page).toHaveURL(/\/board$/);
	await expect(page.getByRole('heading', { level: 1, name: 'Order board' })).toBeVisible();
	await expect(page.locator('main[data-ready]')).toBeVisible();
	await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
	return page;
}

/** A card-only order of two Pilsner at the kiosk; returns its order number. */
async function orderAtKiosk(kiosk: Page): Promise<string> {
	await beginOrder(kiosk);
	await addProduct(kiosk, 'Beer', 'Pilsner 0.4 l', 2);
	await kiosk.getByRole('button', { name: 'Go to payment' }).tap();
	await confirmAge(kiosk, 16);
	await kiosk.getByRole('button', { name: /^Pay by card/ }).tap();
	await kiosk.getByRole('button', { name: 'Approve payment' }).tap();
	await expect(kiosk.getByRole('heading', { level: 1, name: 'Thank you!' })).toBeVisible();
	const number = (await kiosk.getByTestId('order-number').textContent())?.trim() ?? '';
	expect(number).toMatch(/^K-\d{3}$/);
	return number;
}

test('a paid kiosk order appears on the board at once; staff move it to ready and collected', async ({
	page: kiosk,
	browser
}) => {
	const board = await openBoard(browser);
	const toPrepare = board.getByRole('region', { name: /^In preparation/ });
	await expectNoAxeViolations(board);
	// Earlier tests' orders may be there (the kiosk server's store lives for the whole run).
	const before = await toPrepare.getByRole('article').count();

	await pairKiosk(kiosk);
	const number = await orderAtKiosk(kiosk);

	// No reload: the server's event stream brings it.
	const order = toPrepare.getByRole('article', { name: `Order ${number}` });
	await expect(order).toBeVisible();
	await expect(order.getByRole('listitem')).toHaveText([
		/2 × Pilsner 0.4 l/,
		/2 × Reusable cup 0.4 l \(deposit\)/
	]);
	await expect(
		board.getByRole('heading', { name: `In preparation (${before + 1})` })
	).toBeVisible();
	await expectNoAxeViolations(board);
	await screenshot(board, 'board-new-order');

	await order.getByRole('button', { name: 'Ready' }).tap();
	const ready = board.getByRole('region', { name: /^Ready for pick-up/ });
	await expect(ready.getByRole('article', { name: `Order ${number}` })).toBeVisible();
	await expect(board.getByRole('heading', { name: `In preparation (${before})` })).toBeVisible();
	await expectNoAxeViolations(board);

	// Beer: staff check the guest's ID first (age-check.e2e.ts tries the refusal).
	await ready.getByRole('button', { name: 'ID checked' }).tap();
	await ready.getByRole('button', { name: 'Collected' }).tap();
	const collected = board.getByRole('region', { name: 'Recently done' });
	await expect(collected.getByRole('article', { name: `Order ${number}` })).toBeVisible();
	await expect(ready.getByRole('article', { name: `Order ${number}` })).toHaveCount(0);
	await screenshot(board, 'board-collected');

	// Tapped by mistake: back to ready, and from there back to prepare.
	// Scoped to this order: earlier files' collected orders are in "Recently done" too.
	await collected
		.getByRole('article', { name: `Order ${number}` })
		.getByRole('button', { name: 'Not collected after all' })
		.tap();
	await ready.getByRole('button', { name: 'Back to prepare' }).tap();
	await expect(toPrepare.getByRole('article', { name: `Order ${number}` })).toBeVisible();

	// What the board shows survives a reload (the status is in the store).
	await board.reload();
	await expect(
		board
			.getByRole('region', { name: /^In preparation/ })
			.getByRole('article', { name: `Order ${number}` })
	).toBeVisible();
	await board.context().close();
});

test('the board speaks German, and refuses a status change it cannot make', async ({
	browser,
	request
}) => {
	const board = await openBoard(browser);
	await board.getByRole('button', { name: 'Deutsch' }).tap();
	await expect(board.getByRole('heading', { level: 1, name: 'Bestellübersicht' })).toBeVisible();
	await expect(
		board.getByRole('heading', { level: 2, name: /^In Zubereitung \(\d+\)$/ })
	).toBeVisible();
	await expect(board.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
	await expectNoAxeViolations(board);

	// A forged form post: an order this board cannot see. Nothing changes, a message, no 500.
	const response = await board.request.post('/board?/kiosk', {
		form: { saleId: 'no-such-sale', status: 'collected' },
		headers: { origin: new URL(board.url()).origin }
	});
	expect(response.status()).toBe(400);
	// Only a browser paired as a board gets the feed, and the board's view.
	expect((await request.get('/api/board/events')).status()).toBe(401);
	const view = await request.get('/api/board/view');
	expect([view.status(), await view.json()]).toEqual([401, { error: { failure: 'not-paired' } }]);
	await board.context().close();
});

test('a reload that finds no server shows "reconnecting", and the board is back by itself', async ({
	page: kiosk,
	browser
}) => {
	const board = await openBoard(browser);
	// The board's data cannot be loaded for a while (the server restarting, the network down):
	// neither its view nor the page's data.
	const unreachable = /\/api\/board\/view|\/board\/__data\.json/;
	await board.route(unreachable, (route) => route.abort('connectionrefused'));
	await pairKiosk(kiosk);
	const number = await orderAtKiosk(kiosk);

	// The order's news came, the reload found nobody: said so, in place of the board.
	await expect(
		board.getByRole('heading', { level: 1, name: 'The connection to the server was lost.' })
	).toBeVisible();
	await expect(board.getByRole('status')).toHaveText(/Reconnecting by itself/);
	await expectNoAxeViolations(board);
	await screenshot(board, 'board-reconnecting');

	await board.unroute(unreachable);
	await expect(board.getByRole('article', { name: `Order ${number}` })).toBeVisible();
	await expect(board.locator('main[data-ready]')).toBeVisible();
	await board.context().close();
});
