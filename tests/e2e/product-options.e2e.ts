/**
 * Product options as a guest meets them, touch only: a coffee that asks for its size opens its
 * dialog from the card's Add; the guest picks the large size and oat milk, adds a bratwurst with
 * cheese and without onions; the options and the right totals are on the basket and the receipt;
 * paid by card, then with credits (the priced option its own line, not discounted); the board
 * shows the options. Demo menu prices; the simulator's discounts (20 % coffee, 10 % bratwurst).
 */
import { type Page } from '@playwright/test';
import { expect, test } from './test.ts';
import { openBoard } from './board-support.ts';
import {
	beginOrder,
	checkStep,
	expectReceiptAddsUp,
	expectSummaryAddsUp,
	newKey,
	pairKiosk,
	payWithCredits,
	toPayment
} from './kiosk-support.ts';
import { scanWithReader, simulator } from './support.ts';

test.use({ hasTouch: true });

test.beforeEach(async ({ request }) => {
	await request.post(`${simulator}/_sim/reset`);
});

async function showCategory(page: Page, category: string) {
	await page
		.getByRole('navigation', { name: 'Categories' })
		.getByRole('button', { name: category, exact: true })
		.tap();
}

test('a size and an extra in the dialog: on the basket, the receipt and the board; by card and with credits', async ({
	page,
	browser,
	request
}) => {
	const board = await openBoard(browser);
	await pairKiosk(page);
	await beginOrder(page);

	// The coffee asks for a size: its Add opens the dialog, on the regular size.
	await showCategory(page, 'Soft drinks');
	await page.getByRole('button', { name: 'Add Filter coffee', exact: true }).tap();
	const coffee = page.getByRole('dialog', { name: 'Filter coffee' });
	const size = coffee.getByRole('group', { name: /^Size/ });
	await expect(size.getByRole('radio', { name: 'Regular 0.2 l' })).toBeChecked();
	// Each priced choice says its price in its name.
	await size.getByRole('radio', { name: 'Large 0.3 l +€0.80' }).tap();
	await coffee
		.getByRole('group', { name: /^Milk/ })
		.getByRole('radio', { name: 'Oat milk +€0.40' })
		.tap();
	await coffee.getByRole('button', { name: 'More Filter coffee' }).tap();
	// 2 × (3.20 + 0.80 + 0.40)
	await expect(coffee.getByRole('button', { name: 'Add to order: €8.80' })).toBeVisible();
	await checkStep(page, 'options-dialog');
	await coffee.getByRole('button', { name: 'Add to order: €8.80' }).tap();
	await expect(coffee).toBeHidden();

	// Extras are checkboxes; the bratwurst needs no choice, so its details show them.
	await showCategory(page, 'Food');
	await page.getByRole('button', { name: 'Details: Bratwurst in a bun' }).tap();
	const bratwurst = page.getByRole('dialog', { name: 'Bratwurst in a bun' });
	await bratwurst.getByRole('checkbox', { name: 'Cheese +€1.00' }).tap();
	await bratwurst.getByRole('checkbox', { name: 'No onions' }).tap();
	await bratwurst.getByRole('button', { name: 'Add to order: €6.00' }).tap();

	const basket = page.getByRole('region', { name: 'Your order' });
	const coffeeLine = basket.getByRole('listitem').filter({ hasText: 'Filter coffee' });
	await expect(coffeeLine).toContainText('Large 0.3 l, Oat milk');
	await expect(coffeeLine).toContainText('€8.80');
	const bratwurstLine = basket.getByRole('listitem').filter({ hasText: 'Bratwurst in a bun' });
	await expect(bratwurstLine).toContainText('Cheese, No onions');
	await expect(bratwurstLine).toContainText('€6.00');
	await expect(page.getByTestId('basket-total')).toHaveText('€14.80');
	await checkStep(page, 'options-basket');

	await toPayment(page);
	await page.getByRole('button', { name: /^Pay by card/ }).tap();
	await expect(page.getByTestId('card-amount')).toHaveText('€14.80');
	await page.getByRole('button', { name: 'Approve payment' }).tap();
	await expect(page.getByRole('heading', { level: 1, name: 'Thank you!' })).toBeVisible();
	const receipt = page.getByRole('table', { name: 'What you bought' });
	await expect(receipt.getByRole('row', { name: /^2 × Filter coffee/ })).toContainText('€6.40');
	await expect(receipt.getByRole('row', { name: '+ 2 × Large 0.3 l' })).toContainText('€1.60');
	await expect(receipt.getByRole('row', { name: '+ 2 × Oat milk' })).toContainText('€0.80');
	await expect(receipt.getByRole('row', { name: /^1 × Bratwurst in a bun/ })).toContainText(
		'No onions'
	);
	await expect(receipt.getByRole('row', { name: '+ 1 × Cheese' })).toContainText('€1.00');
	expect(await expectReceiptAddsUp(page)).toEqual({
		gross: 1480,
		discount: 0,
		paid: 1480,
		credits: 0,
		card: 1480
	});
	await checkStep(page, 'options-receipt-card');
	const number = (await page.getByTestId('order-number').textContent())?.trim() ?? '';

	// The kitchen sees what to make.
	const order = board.getByRole('article', { name: `Order ${number}` }).first();
	await expect(order).toBeVisible();
	for (const option of ['Large 0.3 l', 'Oat milk', 'Cheese', 'No onions'])
		await expect(order.getByRole('listitem').filter({ hasText: option }).last()).toBeVisible();
	await board.context().close();

	// The next guest pays a large coffee with credits: the coffee discounted, its size not.
	await page.getByRole('button', { name: 'Done' }).tap();
	await beginOrder(page);
	await showCategory(page, 'Soft drinks');
	await page.getByRole('button', { name: 'Add Filter coffee', exact: true }).tap();
	await coffee.getByRole('radio', { name: 'Large 0.3 l +€0.80' }).tap();
	await coffee.getByRole('button', { name: 'Add to order: €4.00' }).tap();
	await toPayment(page);
	await payWithCredits(page);
	await scanWithReader(page, await newKey(request, 'wallet_plenty'));
	await expect(page.getByRole('heading', { level: 1, name: 'Your credits' })).toBeVisible();
	await expect(page.getByRole('row', { name: '+ 1 × Large 0.3 l' }).getByRole('cell')).toHaveText([
		'€0.80',
		'€0.00',
		'€0.80',
		'€0.00'
	]);
	expect(await expectSummaryAddsUp(page)).toEqual({
		gross: 400,
		discount: 64,
		credits: 336,
		card: 0
	});
	await checkStep(page, 'options-credit-summary');
	await page.getByRole('button', { name: 'Confirm and pay with credits' }).tap();
	await expect(page.getByRole('heading', { level: 1, name: 'Thank you!' })).toBeVisible();
	expect(await expectReceiptAddsUp(page)).toEqual({
		gross: 400,
		discount: 64,
		paid: 336,
		credits: 336,
		card: 0
	});
});
