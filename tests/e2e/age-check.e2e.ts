/**
 * Age-restricted products as guests and staff meet them (docs/age-checks.md), touch only, on the
 * demo menu (the Pilsner is 16+): the card says "16+" in words; "Go to payment" asks the guest's
 * age once per sale (back to the menu and on again: not asked again); the sale completes; the
 * board shows "ID check 16+" and offers "Collected" only after "ID checked" — the server refuses
 * it before, whatever is posted; a kiosk set to run unattended does not show the beer.
 */
import { type Page } from '@playwright/test';
import { expect, test } from './test.ts';
import { openBoard } from './board-support.ts';
import {
	addProduct,
	ageQuestion,
	beginOrder,
	checkStep,
	confirmAge,
	pairKiosk
} from './kiosk-support.ts';
import { expectNoAxeViolations, logIn, screenshot, simulator, staffPageReady } from './support.ts';

test.use({ hasTouch: true });

test.beforeEach(async ({ request }) => {
	await request.post(`${simulator}/_sim/reset`);
});

const card = (page: Page, name: string) =>
	page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name }) });

test('a 16+ beer: the age asked once per sale, the ID checked on the board before "collected"', async ({
	page: kiosk,
	browser
}) => {
	await pairKiosk(kiosk);
	await beginOrder(kiosk);
	await addProduct(kiosk, 'Beer', 'Pilsner 0.4 l');
	const pils = card(kiosk, 'Pilsner 0.4 l');
	await expect(pils.getByText('Sold only from 16, ID checked at pickup')).toBeVisible();
	await expect(pils.getByText('16+', { exact: true })).toBeVisible();
	// Said with the product: the Add button is described by it.
	await expect(
		kiosk.getByRole('button', { name: 'Add Pilsner 0.4 l', exact: true })
	).toHaveAccessibleDescription(/Sold only from 16, ID checked at pickup/);

	await kiosk.getByRole('button', { name: 'Go to payment' }).tap();
	const question = ageQuestion(kiosk, 16);
	await expect(question).toBeVisible();
	await expect(question).toContainText('Staff check your ID when you collect it.');
	await expect(question.getByRole('button', { name: 'Remove these' })).toBeVisible();
	await checkStep(kiosk, 'age-question');
	await confirmAge(kiosk, 16);
	const payHeading = kiosk.getByRole('heading', { level: 1, name: 'How would you like to pay?' });
	await expect(payHeading).toBeVisible();

	// Back to the menu and on again: the same sale, not asked again.
	await kiosk.getByRole('button', { name: 'Back to the menu' }).tap();
	await expect(kiosk.getByRole('heading', { level: 1, name: 'Menu' })).toBeVisible();
	await kiosk.getByRole('button', { name: 'Go to payment' }).tap();
	await expect(payHeading).toBeVisible();
	await expect(ageQuestion(kiosk)).toHaveCount(0);

	await kiosk.getByRole('button', { name: /^Pay by card/ }).tap();
	await kiosk.getByRole('button', { name: 'Approve payment' }).tap();
	await expect(kiosk.getByRole('heading', { level: 1, name: 'Thank you!' })).toBeVisible();
	const number = (await kiosk.getByTestId('order-number').textContent())?.trim() ?? '';
	expect(number).toMatch(/^K-\d{3}$/);

	const board = await openBoard(browser);
	const order = board
		.getByRole('region', { name: /^In preparation/ })
		.getByRole('article', { name: `Order ${number}` });
	await expect(order.getByText('ID check 16+')).toBeVisible();
	await order.getByRole('button', { name: 'Ready' }).tap();
	const ready = board
		.getByRole('region', { name: /^Ready for pick-up/ })
		.getByRole('article', { name: `Order ${number}` });
	await expect(ready.getByRole('button', { name: 'ID checked' })).toBeVisible();
	await expect(ready.getByRole('button', { name: 'Collected' })).toHaveCount(0);
	await expectNoAxeViolations(board);
	await screenshot(board, 'board-id-check');

	// The server refuses "collected" before the check, whatever a board posts.
	const saleId = await ready.locator('input[name="saleId"]').first().inputValue();
	const refused = await board.request.post('/board?/kiosk', {
		form: { saleId, status: 'collected' },
		headers: { origin: new URL(board.url()).origin }
	});
	expect(refused.status()).toBe(400);
	expect(await refused.text()).toContain('id-check-needed');
	await expect(ready).toBeVisible();

	await ready.getByRole('button', { name: 'ID checked' }).tap();
	await expect(ready.getByText('ID checked (16+)')).toBeVisible();
	await ready.getByRole('button', { name: 'Collected' }).tap();
	await expect(
		board
			.getByRole('region', { name: 'Recently done' })
			.getByRole('article', { name: `Order ${number}` })
	).toBeVisible();

	// The check is in the audit log, under the board's name.
	const staff = await browser.newPage();
	await logIn(staff);
	await staff.goto('/setup/audit');
	await staffPageReady(staff);
	await expect(
		staff.getByTestId('audit').getByRole('cell', { name: 'ID checked (order board)' }).first()
	).toBeVisible();
	await staff.close();
	await board.context().close();
});

test('Escape closes the age question unanswered: the basket kept, asked again', async ({
	page: kiosk
}) => {
	await pairKiosk(kiosk);
	await beginOrder(kiosk);
	await addProduct(kiosk, 'Beer', 'Pilsner 0.4 l');
	const pay = kiosk.getByRole('button', { name: 'Go to payment' });
	await pay.tap();
	const question = ageQuestion(kiosk, 16);
	await expect(question).toBeVisible();

	await kiosk.keyboard.press('Escape');
	await expect(question).toBeHidden();
	await expect(kiosk.getByRole('heading', { level: 1, name: 'Menu' })).toBeVisible();
	await expect(
		kiosk.getByRole('region', { name: 'Your order' }).getByText('Pilsner 0.4 l')
	).toBeVisible();

	await pay.tap();
	await expect(question).toBeVisible();
	await confirmAge(kiosk, 16);
	await expect(
		kiosk.getByRole('heading', { level: 1, name: 'How would you like to pay?' })
	).toBeVisible();
});

test('an unattended kiosk does not show the beer', async ({ page: kiosk, browser }) => {
	const staff = await browser.newPage();
	await logIn(staff);
	await staff.getByRole('link', { name: 'Main Stage Kiosk 1' }).click();
	await staffPageReady(staff);
	const setting = staff.getByRole('region', { name: 'Age-restricted products' });
	const saveUnattended = async (on: boolean) => {
		await setting.getByLabel('Unattended: do not sell age-restricted products').setChecked(on);
		await setting.getByRole('button', { name: 'Save' }).click();
		await expect(setting.getByRole('status')).toHaveText(
			'Saved. The kiosk shows its menu accordingly.'
		);
	};
	await saveUnattended(true);
	try {
		await pairKiosk(kiosk);
		await beginOrder(kiosk);
		await kiosk
			.getByRole('navigation', { name: 'Categories' })
			.getByRole('button', { name: 'Soft drinks', exact: true })
			.tap();
		await expect(card(kiosk, 'Homemade lemonade 0.4 l')).toBeVisible();
		await expect(kiosk.getByRole('button', { name: 'Beer', exact: true })).toHaveCount(0);
		await expect(kiosk.getByRole('heading', { level: 3, name: 'Pilsner 0.4 l' })).toHaveCount(0);
		await checkStep(kiosk, 'unattended-menu');
	} finally {
		// The kiosk serves the other files' tests: attended again.
		await saveUnattended(false);
		await staff.close();
	}
});
