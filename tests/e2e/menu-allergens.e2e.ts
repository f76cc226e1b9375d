/**
 * Allergens as a guest and staff meet them (docs/allergens.md), touch only, on the demo menu: a
 * guest filters "without gluten" and sees exactly the products without it, how many are hidden,
 * and clears the filter; a card and the details name a product's allergens in words, the details
 * with the choices ticked; staff tick an allergen in setup and the kiosk shows it; the receipt
 * lists the allergens and additives of each line that has any.
 */
import { type Page } from '@playwright/test';
import { expect, test } from './test.ts';
import { beginOrder, checkStep, pairKiosk, toPayment } from './kiosk-support.ts';
import { logIn, simulator, staffPageReady } from './support.ts';

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

const productNames = (page: Page) =>
	page.getByRole('region', { name: 'Menu' }).getByRole('heading', { level: 3 }).allTextContents();

const card = (page: Page, name: string) =>
	page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name }) });

test('a guest filters the menu "without gluten" and sees exactly the products without it', async ({
	page
}) => {
	await pairKiosk(page);
	await beginOrder(page);
	await showCategory(page, 'Food');
	expect(await productNames(page)).toEqual(['Bratwurst in a bun', 'Pretzel']);

	await page.getByRole('button', { name: 'Allergens and diet', exact: true }).tap();
	const sheet = page.getByRole('dialog', { name: 'Filter the menu' });
	await sheet.getByRole('checkbox', { name: 'Without Cereals containing gluten' }).tap();
	await checkStep(page, 'allergen-filter');
	await sheet.getByRole('button', { name: 'Show products' }).tap();
	await expect(sheet).toBeHidden();

	// Pilsner, wheat beer, pitcher, bratwurst and pretzel contain gluten; the coffee only with oat milk.
	await expect(
		page.getByRole('status').filter({ hasText: 'Hidden by your filter: 5' })
	).toBeVisible();
	expect(await productNames(page)).toEqual([]);
	await expect(page.getByText('No product here matches your filter.')).toBeVisible();
	await showCategory(page, 'Soft drinks');
	expect(await productNames(page)).toEqual([
		'Homemade lemonade 0.4 l',
		'Still water 0.5 l',
		'Filter coffee'
	]);
	await showCategory(page, 'Beer');
	expect(await productNames(page)).toEqual([]);
	await expect(page.getByText('No product here matches your filter.')).toBeVisible();
	await checkStep(page, 'allergen-filter-applied');

	await page.getByRole('button', { name: 'Clear filter' }).tap();
	await expect(page.getByText(/Hidden by your filter/)).toBeHidden();
	expect(await productNames(page)).toEqual([
		'Pilsner 0.4 l',
		'Wheat beer 0.5 l',
		'Beer pitcher 1.5 l'
	]);
});

test('a card and the details name the allergens in words, the details with the choices ticked', async ({
	page
}) => {
	await pairKiosk(page);
	await beginOrder(page);
	await showCategory(page, 'Food');
	const pretzel = card(page, 'Pretzel');
	const facts = pretzel.getByRole('group', { name: 'Allergens, additives and diet' });
	await expect(facts).toContainText('Contains: Cereals containing gluten.');
	await expect(facts).toContainText('Vegan');
	// Read aloud with the card's Add button, which its facts describe.
	await expect(
		page.getByRole('button', { name: 'Add Pretzel', exact: true })
	).toHaveAccessibleDescription(/Contains: Cereals containing gluten\./);

	await page.getByRole('button', { name: 'Details: Bratwurst in a bun' }).tap();
	const details = page.getByRole('dialog', { name: 'Bratwurst in a bun' });
	const detailFacts = details.getByRole('group', { name: 'Allergens, additives and diet' });
	await expect(detailFacts).toContainText('Contains: Cereals containing gluten, Mustard.');
	await expect(detailFacts).toContainText('Additives: with phosphate.');
	await details.getByRole('checkbox', { name: /^Cheese/ }).tap();
	await expect(detailFacts).toContainText('Contains: Cereals containing gluten, Milk, Mustard.');
	await checkStep(page, 'allergen-details');
});

test('staff tick an allergen in setup, the kiosk shows it; the receipt lists each line’s with its additives', async ({
	page,
	browser
}) => {
	const staff = await browser.newPage();
	await logIn(staff);
	await staff.goto('/setup/menu');
	await staffPageReady(staff);
	const form = staff.locator('form.facts').filter({ hasText: 'food_pretzel' });
	await form.getByRole('checkbox', { name: 'Sesame seeds' }).check();
	await form
		.getByRole('button', { name: 'Save the allergens, additives and diet of Pretzel' })
		.click();
	await expect(staff.getByRole('status')).toHaveText(
		'Allergens, additives and diet of Pretzel saved.'
	);

	try {
		await pairKiosk(page);
		await beginOrder(page);
		await showCategory(page, 'Food');
		await expect(card(page, 'Pretzel')).toContainText(
			'Contains: Cereals containing gluten, Sesame seeds.'
		);
		await page.getByRole('button', { name: 'Add Pretzel', exact: true }).tap();
		await showCategory(page, 'Soft drinks');
		await page.getByRole('button', { name: 'Add Still water 0.5 l', exact: true }).tap();
		await page.getByRole('button', { name: 'Add Homemade lemonade 0.4 l', exact: true }).tap();
		await toPayment(page);
		await page.getByRole('button', { name: /^Pay by card/ }).tap();
		await page.getByRole('button', { name: 'Approve payment' }).tap();
		await expect(page.getByRole('heading', { level: 1, name: 'Thank you!' })).toBeVisible();
		const lines = page
			.getByRole('article', { name: 'Receipt' })
			.getByRole('table', { name: 'What you bought' });
		await expect(lines.getByRole('row').filter({ hasText: 'Pretzel' })).toContainText(
			'Contains: Cereals containing gluten, Sesame seeds.'
		);
		// The additives too, as the venue names them ("Zusatzstoffe").
		await expect(lines.getByRole('row').filter({ hasText: 'Homemade lemonade' })).toContainText(
			'Additives: with colouring, contains caffeine.'
		);
		const water = lines.getByRole('row').filter({ hasText: 'Still water' });
		await expect(water).not.toContainText('Contains');
		await expect(water).not.toContainText('Additives');
		await checkStep(page, 'allergen-receipt');
	} finally {
		await staff.goto('/setup/menu');
		await staffPageReady(staff);
		await form.getByRole('checkbox', { name: 'Sesame seeds' }).uncheck();
		await form
			.getByRole('button', { name: 'Save the allergens, additives and diet of Pretzel' })
			.click();
		await expect(staff.getByRole('status')).toContainText('saved');
		await staff.close();
	}
});
