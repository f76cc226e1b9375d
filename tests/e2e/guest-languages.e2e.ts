/**
 * The guest screens' languages as a guest and a venue meet them: a guest picks Français on the
 * language step and orders in French, the next guest starts in the venue's house language; the
 * French texts load when the guest chooses French (i18n/guest-texts.svelte.ts), not before; on a
 * tablet the header's switch is one button opening the list; and a venue that offers only German
 * and English (setup page) shows only those two, starting in its house language.
 */
import { readFileSync } from 'node:fs';
import { type Page } from '@playwright/test';
import { expect, test } from './test.ts';
import { pairKiosk } from './kiosk-support.ts';
import { guestScreenReady, logIn, staffPageReady } from './support.ts';
import en from '../../messages/en.json' with { type: 'json' };

/** A catalogue, by the English one's keys (the guest languages have the guest's messages). */
const said = (locale: string): typeof en =>
	JSON.parse(readFileSync(new URL(`../../messages/${locale}.json`, import.meta.url), 'utf8'));
const fr = said('fr');
const de = said('de');

/** The setup page's guest languages: `offered` (names in themselves) and the house language. */
async function offerLanguages(page: Page, offered: string[], house: string) {
	await page.goto('/setup');
	await staffPageReady(page);
	const form = page.locator('form[action="?/guestLanguages"]');
	for (const box of await form
		.getByRole('group', { name: en.languages_offered_label })
		.getByRole('checkbox')
		.all()) {
		const name = (await box.evaluate((input) => input.closest('label')!.textContent!)).trim();
		await box.setChecked(offered.includes(name));
	}
	await form
		.getByRole('group', { name: en.languages_house_label })
		.getByRole('radio', { name: house, exact: true })
		.check();
	await form.getByRole('button', { name: en.languages_settings_save }).click();
	await expect(page.getByRole('status')).toHaveText(en.languages_settings_saved);
}

test.use({ hasTouch: true });

test.afterEach(async ({ browser }) => {
	// The venue's default again, for the tests after this one.
	const staff = await browser.newPage();
	await logIn(staff);
	await offerLanguages(
		staff,
		['English', 'Deutsch', 'Français', 'Español', 'Italiano', 'Nederlands'],
		'English'
	);
	await staff.close();
});

test('a guest orders in French; the next guest starts in the house language', async ({ page }) => {
	await pairKiosk(page);
	await expect(page.locator('html')).toHaveAttribute('lang', 'en');
	await page.getByRole('button', { name: /Tap to order/ }).tap();
	const choices = page.locator('.languages .choices button');
	await expect(choices).toHaveText([
		'English',
		'Deutsch',
		'Français',
		'Español',
		'Italiano',
		'Nederlands'
	]);
	await page.getByRole('button', { name: 'Français', exact: true }).tap();

	await expect(page.getByRole('heading', { level: 1, name: fr.kiosk_menu_title })).toBeVisible();
	await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
	await expect(page.getByRole('group', { name: fr.language })).toBeVisible();
	await page.locator('ul.products li:nth-child(1) button.add').first().tap();
	await page.getByRole('button', { name: fr.kiosk_to_payment }).tap();
	// The Pilsner is sold from 16 (docs/age-checks.md).
	await page.getByRole('button', { name: fr.kiosk_age_check_confirm.replace('{age}', '16') }).tap();
	await page.getByRole('button', { name: fr.kiosk_pay_card, exact: true }).tap();
	await page.getByRole('button', { name: fr.kiosk_demo_approve }).tap();
	await expect(page.getByRole('heading', { level: 1, name: fr.kiosk_receipt_title })).toBeVisible();
	await page.getByRole('button', { name: fr.kiosk_done }).tap();

	// The next guest: the attract screen and the question in the house language first.
	await expect(page.getByRole('button', { name: /Tap to order/ })).toBeVisible();
	await expect(page.locator('html')).toHaveAttribute('lang', 'en');
	await expect(page.getByText(en.kiosk_attract_hint)).toBeVisible();
});

test('French texts come when a guest chooses French: none before, at once then', async ({
	page
}) => {
	// The scripts' bodies as they come (awaited before they are looked at).
	const scripts: Promise<string>[] = [];
	page.on('response', (response) => {
		if (!new URL(response.url()).pathname.endsWith('.js')) return;
		scripts.push(response.text().catch(() => ''));
	});
	const frenchLoaded = async () =>
		(await Promise.all(scripts)).some((body) => body.includes(fr.kiosk_attract_hint));

	await pairKiosk(page);
	await page.getByRole('button', { name: /Tap to order/ }).tap();
	await expect(page.locator('.languages .choices button')).toHaveCount(6);
	// The attract screen and the language step say every language without loading one.
	expect(await frenchLoaded()).toBe(false);

	await page.getByRole('button', { name: 'Français', exact: true }).tap();
	await expect(page.getByRole('heading', { level: 1, name: fr.kiosk_menu_title })).toBeVisible();
	await expect(page.getByRole('button', { name: fr.kiosk_to_payment })).toBeVisible();
	expect(await frenchLoaded()).toBe(true);
});

test('on a tablet the header names the current language, and its list switches', async ({
	browser
}) => {
	const context = await browser.newContext({
		viewport: { width: 800, height: 1280 },
		hasTouch: true
	});
	const page = await context.newPage();
	await pairKiosk(page);
	await page.getByRole('button', { name: /Tap to order/ }).tap();
	await page.getByRole('button', { name: 'English', exact: true }).tap();
	await expect(page.getByRole('heading', { level: 1, name: en.kiosk_menu_title })).toBeVisible();

	// One button in the header, not a row of six: it opens the list.
	const header = page.locator('header.top');
	await expect(header.getByRole('group', { name: en.language })).toBeHidden();
	const menu = header.locator('details.language-menu');
	await menu.locator('summary').tap();
	await header.getByRole('button', { name: 'Français', exact: true }).tap();

	await expect(page.getByRole('heading', { level: 1, name: fr.kiosk_menu_title })).toBeVisible();
	await expect(menu).not.toHaveAttribute('open');
	await expect(menu.locator('summary')).toContainText('Français');
	await context.close();
});

test('a venue offering German and English shows only those, from its house language', async ({
	page,
	browser
}) => {
	const staff = await browser.newPage();
	await logIn(staff);
	await offerLanguages(staff, ['Deutsch', 'English'], 'Deutsch');
	await staff.close();

	await pairKiosk(page);
	await expect(page.locator('html')).toHaveAttribute('lang', 'de');
	await expect(page.getByText(de.kiosk_attract_hint)).toBeVisible();
	// The house language's invitation first, then the other language offered.
	await expect(page.locator('.invite .line')).toHaveText([
		de.kiosk_attract_start,
		en.kiosk_attract_start
	]);
	await page.getByRole('button', { name: /Tap to order/ }).tap();
	await expect(page.locator('.languages .choices button')).toHaveText(['English', 'Deutsch']);
	await page.getByRole('button', { name: 'English', exact: true }).tap();
	await guestScreenReady(page);
	await expect(page.getByRole('group', { name: en.language }).getByRole('button')).toHaveText([
		'English',
		'Deutsch'
	]);
});
