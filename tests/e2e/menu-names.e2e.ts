/**
 * Names in the guests' languages: a manager gives the pretzel and the platform's cup German names
 * on the setup's menu page; a German-speaking guest sees them on the cards, in the basket, on the
 * receipt and the deposit code, an English-speaking guest still sees the English names (the
 * platform's, for the cup). A refused edit says why and changes nothing. The names are put back
 * afterwards: the other tests share the server.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './test.ts';
import { beginOrder, confirmAge, pairKiosk } from './kiosk-support.ts';
import { expectNoAxeViolations, logIn, screenshot, staffPageReady } from './support.ts';

// The kiosk is a touch screen (its taps are tried as taps).
test.use({ hasTouch: true });

const CUP = 'Reusable cup 0.4 l';

/** The names form of a product, category or container on the setup's menu page, by its title. */
const namesOf = (page: Page, title: string) =>
	page
		.getByRole('region', { name: "Names in the guests' languages" })
		.getByRole('group', { name: new RegExp(`^${title} `) });

async function saveNames(page: Page, title: string, names: { English?: string; Deutsch: string }) {
	const form = namesOf(page, title);
	if (names.English !== undefined)
		await form.getByLabel('Name (English)', { exact: true }).fill(names.English);
	await form.getByLabel('Name (Deutsch)', { exact: true }).fill(names.Deutsch);
	await form.getByRole('button', { name: `Save the names of ${title}` }).click();
	await staffPageReady(page);
}

test.afterEach(async ({ browser }) => {
	const page = await browser.newPage();
	await logIn(page);
	await page.goto('/setup/menu');
	// Hydrated first: a fill selects the field's text, then types; hydration in between collapses
	// the selection, the name is typed after the one there ("PretzelPretzel"), and every later
	// test looks for its pretzel in vain.
	await staffPageReady(page);
	await saveNames(page, 'Pretzel', { English: 'Pretzel', Deutsch: 'Brezel' });
	await saveNames(page, CUP, { Deutsch: '' });
	await expect(page.getByRole('status')).toHaveText(`The names of ${CUP} are saved.`);
	const menu = await (await page.request.get('/setup/menu/export.json')).json();
	expect(
		menu.products.find((product: { id: string }) => product.id === 'food_pretzel'),
		'the pretzel as the other tests expect it'
	).toMatchObject({ name: { en: 'Pretzel', de: 'Brezel' }, available: true });
	await page.close();
});

/** Guest taps: the card's Add of `name` in `category`. */
async function add(page: Page, categories: string, category: string, addLabel: string) {
	await page
		.getByRole('navigation', { name: categories })
		.getByRole('button', { name: category, exact: true })
		.tap();
	await page.getByRole('button', { name: addLabel, exact: true }).tap();
}

test('a German guest sees the names a manager gave; an English guest the English ones', async ({
	page
}) => {
	await logIn(page);
	await page.goto('/setup/menu');
	await staffPageReady(page);
	await expect(namesOf(page, CUP).getByText(`Without a name of yours: ${CUP}`)).toBeVisible();

	// A product keeps its English name: refused with its reason, nothing changed.
	await saveNames(page, 'Pretzel', { English: ' ', Deutsch: 'Laugenbrezel' });
	await expect(page.getByRole('alert')).toHaveText(
		'A product needs its name in English. Nothing was changed.'
	);
	await expect(namesOf(page, 'Pretzel').getByLabel('Name (Deutsch)', { exact: true })).toHaveValue(
		'Brezel'
	);

	await saveNames(page, 'Pretzel', { English: 'Pretzel', Deutsch: 'Laugenbrezel' });
	await expect(page.getByRole('status')).toHaveText('The names of Pretzel are saved.');
	await saveNames(page, CUP, { Deutsch: ' Mehrwegbecher 0,4 l ' });
	await expect(page.getByRole('status')).toHaveText(`The names of ${CUP} are saved.`);
	await expect(namesOf(page, CUP).getByLabel('Name (Deutsch)', { exact: true })).toHaveValue(
		'Mehrwegbecher 0,4 l'
	);
	await expectNoAxeViolations(page);
	await screenshot(page, 'setup-menu-names');

	// German: the cards, the basket, the receipt and the deposit code.
	await pairKiosk(page);
	await beginOrder(page, 'Deutsch');
	await add(page, 'Kategorien', 'Bier', 'Hinzufügen: Pils 0,4 l');
	await expect(
		page.getByText('+ 2,00 € Pfand, wird erstattet (Mehrwegbecher 0,4 l)').first()
	).toBeVisible();
	await add(page, 'Kategorien', 'Essen', 'Hinzufügen: Laugenbrezel');
	const basket = page.getByRole('region', { name: 'Ihre Bestellung' });
	await expect(basket.getByText('Laugenbrezel')).toBeVisible();
	await expect(basket.getByText('1 × Mehrwegbecher 0,4 l')).toBeVisible();
	await expect(basket.getByText(CUP)).toHaveCount(0);
	await screenshot(page, 'kiosk-menu-names-de');
	await page.getByRole('button', { name: 'Zur Bezahlung' }).tap();
	// Beer is sold from 16: the guest confirms it, in German.
	await page.getByRole('button', { name: 'Ich bin 16 oder älter' }).tap();
	await page.getByRole('button', { name: /^Mit Karte bezahlen/ }).tap();
	await page.getByRole('button', { name: 'Zahlung genehmigen' }).tap();
	await expect(page.getByRole('heading', { level: 1, name: 'Vielen Dank!' })).toBeVisible();
	const receipt = page.getByRole('article', { name: 'Beleg' });
	await expect(receipt.getByText('Laugenbrezel')).toBeVisible();
	await expect(receipt.getByText('Mehrwegbecher 0,4 l')).toBeVisible();
	await expect(
		page.getByRole('region', { name: 'Ihr Pfandcode' }).getByText('1 × Mehrwegbecher 0,4 l')
	).toBeVisible();
	await expect(page.getByText(CUP)).toHaveCount(0);
	await screenshot(page, 'kiosk-receipt-names-de');
	await page.getByRole('button', { name: 'Fertig' }).tap();

	// English: the English name, and the platform's for the cup.
	await beginOrder(page, 'English');
	await add(page, 'Categories', 'Beer', 'Add Pilsner 0.4 l');
	await add(page, 'Categories', 'Food', 'Add Pretzel');
	const order = page.getByRole('region', { name: 'Your order' });
	await expect(order.getByText(`1 × ${CUP}`)).toBeVisible();
	await expect(order.getByText('Laugenbrezel')).toHaveCount(0);
	await page.getByRole('button', { name: 'Go to payment' }).tap();
	await confirmAge(page, 16);
	await page.getByRole('button', { name: /^Pay by card/ }).tap();
	await page.getByRole('button', { name: 'Approve payment' }).tap();
	await expect(page.getByRole('heading', { level: 1, name: 'Thank you!' })).toBeVisible();
	const english = page.getByRole('article', { name: 'Receipt' });
	await expect(english.getByText('Pretzel')).toBeVisible();
	await expect(english.getByText(CUP)).toBeVisible();
	await expect(page.getByText('Mehrwegbecher')).toHaveCount(0);
	await page.getByRole('button', { name: 'Done' }).tap();
});
