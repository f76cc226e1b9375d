/**
 * Every guest screen right in every language, screen size and accessibility mode: the ordering
 * kiosk's steps (attract, language, the menu with a basket and, where the order sheet folds, the
 * order unfolded, a product's options, the age question, the payment choice with its suggestion
 * and once it is answered, the loyalty scan, the credit summary, the terminal waiting for the
 * card, the receipt), the return station's (scan, choose, result) and the pickup screen, each
 * measured by the layout rules of layout-support.ts and by axe, in each language of the project's
 * settings, on a portrait and a landscape kiosk and a 10" tablet, normal and in each
 * accessibility mode and all three at once.
 *
 * For the time it takes (it measures some 3,000 screens), each test takes one screen size in one
 * mode: a kiosk and a return station paired, then a sale (walkSales: each step measured in every
 * language where it stands, by the header's language switch — no reload, no walk per language)
 * and per language a whole return, walked side by side, axe once per screen; the pickup screen
 * with the normal mode. Every defect is collected and listed before the test fails, so one run shows them
 * all. The pickup screen has no accessibility mode (it is read from across the room): it is
 * measured in each language as it is.
 */
import { readFileSync } from 'node:fs';
import { type Page } from '@playwright/test';
import { expect, test } from './test.ts';
import { newKey, pairKiosk } from './kiosk-support.ts';
import { issueCode, pairReturnStation } from './return-support.ts';
import { guestScreenReady, scanWithReader, simulator } from './support.ts';
import { LayoutFindings, reachBandOf } from './layout-support.ts';

/** The languages the guest screens offer: the project's paraglide settings. */
const LOCALES: string[] = JSON.parse(
	readFileSync(new URL('../../project.inlang/settings.json', import.meta.url), 'utf8')
).locales;

/** How a screen that says every language at once (the attract screen, the language step) is listed. */
const EVERY_LANGUAGE = 'every language';

/** What the accessibility panel's choices are called, in the language the screen shows. */
const messages = (locale: string): Record<string, string> =>
	JSON.parse(readFileSync(new URL(`../../messages/${locale}.json`, import.meta.url), 'utf8'));

const VIEWPORTS = [
	{ name: 'portrait 1080×1920', size: { width: 1080, height: 1920 } },
	{ name: 'landscape 1920×1080', size: { width: 1920, height: 1080 } },
	{ name: 'tablet 800×1280', size: { width: 800, height: 1280 } }
] as const;

interface Mode {
	name: string;
	largeText: boolean;
	highContrast: boolean;
	reach: boolean;
}
const MODES: Mode[] = [
	{ name: 'normal', largeText: false, highContrast: false, reach: false },
	{ name: 'large text', largeText: true, highContrast: false, reach: false },
	{ name: 'high contrast', largeText: false, highContrast: true, reach: false },
	{ name: 'reach', largeText: false, highContrast: false, reach: true },
	{ name: 'all three', largeText: true, highContrast: true, reach: true }
];

/**
 * Each screen's primary action: the control the step is there for (on the pickup screen, which
 * has none, the numbers ready to collect).
 */
const PRIMARY = {
	attract: 'main.attract button.start',
	language: '.languages .choices',
	menu: 'button.pay',
	order: 'button.pay',
	options: 'dialog[open] .dialog-actions button:not(.secondary)',
	'age check': 'dialog.age-check[open] .dialog-actions button:not(.secondary)',
	payment: '.methods button.method:last-child',
	'payment answered': '.methods button.method:last-child',
	'loyalty scan': '.typed > button',
	'credit summary': 'button.confirm',
	terminal: '.terminal button.approve',
	receipt: 'button.finish',
	'return scan': '.typed > button',
	'return choose': 'button.confirm',
	'return result': 'button.go',
	pickup: '#pickup-ready'
} as const;
type Screen = keyof typeof PRIMARY;

/** What a screen must show beside its primary action: the menu, what the order costs. */
const SHOWS: Partial<Record<Screen, { what: string; selector: string }>> = {
	menu: {
		what: "the order's total",
		selector: '.basket-panel :is(.unfold-total, [data-testid="basket-total"])'
	}
};

/** The screens held to the empty band rule: their content fills the screen down to their foot. */
const FILLS_SCREEN: ReadonlySet<Screen> = new Set([
	'language',
	'menu',
	'options',
	'age check',
	'payment',
	'payment answered',
	'loyalty scan',
	'credit summary',
	'terminal',
	'return scan',
	'return choose',
	'return result',
	'pickup'
]);

/**
 * Presses a control as the walk's way on, whether or not a guest could tap it here: a control out
 * of view or covered is a defect the measuring lists, and the walk goes on to find the rest.
 */
const press = (page: Page, selector: string) =>
	page
		.locator(selector)
		.first()
		.evaluate((control: HTMLElement) => {
			// A touch first, as a guest's press begins: the idle guard counts it, so a step measured
			// in six languages on a busy machine is never taken for a guest who walked away.
			control.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
			control.click();
		});

/** Turns the accessibility mode's choices to `mode` with the screen's accessibility panel. */
async function setMode(page: Page, mode: Mode) {
	await press(page, '.guest-screen button.open');
	const panel = page.locator('dialog[open]:has(#a11y-title)');
	const said = messages(await page.evaluate(() => document.documentElement.lang));
	for (const [choice, on] of [
		[said.a11y_large_text, mode.largeText],
		[said.a11y_high_contrast, mode.highContrast],
		[said.a11y_reach, mode.reach]
	] as const) {
		const toggle = panel.locator('button.toggle', { hasText: choice });
		if ((await toggle.getAttribute('aria-pressed')) !== String(on))
			await toggle.evaluate((control: HTMLElement) => control.click());
		await expect(toggle).toHaveAttribute('aria-pressed', String(on));
	}
	await panel.locator('button.close').evaluate((control: HTMLElement) => control.click());
	await expect(panel).toBeHidden();
}

type Check = (screen: Screen, language: string) => Promise<void>;

/** A walk's measuring: each screen checked where the walk stands, its defects kept. */
function walker(findings: LayoutFindings, viewport: string, mode: Mode, page: Page): Check {
	const reach = mode.reach ? reachBandOf(page.viewportSize()!.height) : null;
	return (screen, language) =>
		findings.check(
			page,
			{ screen, viewport, mode: mode.name, language },
			{
				primary: PRIMARY[screen],
				shows: SHOWS[screen],
				reach,
				highContrast: mode.highContrast,
				fillsScreen: FILLS_SCREEN.has(screen)
			}
		);
}

/**
 * Measures the screen shown now in every language, switching with its header's language switch:
 * no reload, no walk again — the step, the basket and the mode stay as they are.
 */
async function inEveryLanguage(page: Page, screen: Screen, check: Check) {
	for (const locale of LOCALES) {
		await press(page, `header.top .languages button[lang="${locale}"]`);
		await expect(page.locator('html')).toHaveAttribute('lang', locale);
		await check(screen, locale);
	}
}

/**
 * Every step of a sale in every language: one whole sale (a basket of three, credits and the
 * rest by card) measures each step in every language where the guest can switch it; the attract
 * screen and the language step say every language at once (measured once); the card terminal's
 * step, where the language cannot change, is measured in the sale's last language, and in each
 * other one by a short sale paid by card.
 */
async function walkSales(page: Page, mode: Mode, check: Check) {
	const shown = (selector: string) => expect(page.locator(selector).first()).toBeVisible();
	await shown(PRIMARY.attract);
	await setMode(page, mode);
	await check('attract', EVERY_LANGUAGE);

	await press(page, PRIMARY.attract);
	await shown('#language-title');
	await check('language', EVERY_LANGUAGE);
	await press(page, `.languages .choices button[lang="${LOCALES[0]}"]`);

	// The menu with a basket: two of the first product, one of the second.
	await shown(PRIMARY.menu);
	await press(page, 'ul.products li:nth-child(1) button.add');
	await press(page, 'ul.products li:nth-child(1) button.add');
	await press(page, 'ul.products li:nth-child(2) button.add');
	await expect(page.locator(PRIMARY.menu)).toBeEnabled();
	await inEveryLanguage(page, 'menu', check);
	// Where the order folds (Basket), the order unfolded: its lines and totals, and the way on.
	const unfold = page.locator('button.unfold');
	if (await unfold.isVisible()) {
		await press(page, 'button.unfold');
		await expect(unfold).toHaveAttribute('aria-expanded', 'true');
		await inEveryLanguage(page, 'order', check);
		await press(page, 'button.unfold');
		await expect(unfold).toHaveAttribute('aria-expanded', 'false');
	}

	// A product's options: the first product that asks for a choice opens them from its Add.
	const asks = page.locator('ul.products button.add[aria-haspopup="dialog"]');
	const categories = page.locator('nav button');
	for (let index = 0; (await asks.count()) === 0; index += 1) {
		expect(index, 'a product with options').toBeLessThan(await categories.count());
		await categories.nth(index).evaluate((control: HTMLElement) => control.click());
	}
	await asks.first().evaluate((control: HTMLElement) => control.click());
	await shown('dialog[open]');
	await inEveryLanguage(page, 'options', check);
	await press(page, 'dialog[open] .dialog-actions button.secondary');
	await expect(page.locator('dialog[open]')).toHaveCount(0);

	// The basket's beer is sold from 16: the age question comes first (docs/age-checks.md).
	await press(page, PRIMARY.menu);
	await shown(PRIMARY['age check']);
	await inEveryLanguage(page, 'age check', check);
	await press(page, PRIMARY['age check']);
	await shown(PRIMARY.payment);
	await inEveryLanguage(page, 'payment', check);
	// The suggestion answered: the ways to pay take the height it leaves.
	await press(page, '.suggestion .offer-buttons button.secondary');
	await expect(page.locator('.suggestion')).toHaveCount(0);
	await check('payment answered', LOCALES.at(-1)!);
	await press(page, '.methods button.method:first-child');
	await shown(PRIMARY['loyalty scan']);
	await inEveryLanguage(page, 'loyalty scan', check);
	await scanWithReader(page, await newKey(page.request, 'wallet_few'));
	await shown(PRIMARY['credit summary']);
	await inEveryLanguage(page, 'credit summary', check);
	await press(page, PRIMARY['credit summary']);
	await shown(PRIMARY.terminal);
	const last = LOCALES.at(-1)!;
	await check('terminal', last);
	await press(page, PRIMARY.terminal);
	await shown(PRIMARY.receipt);
	await inEveryLanguage(page, 'receipt', check);
	await press(page, PRIMARY.receipt);

	for (const locale of LOCALES.filter((other) => other !== last)) {
		await shown(PRIMARY.attract);
		await setMode(page, mode);
		await press(page, PRIMARY.attract);
		await press(page, `.languages .choices button[lang="${locale}"]`);
		await shown(PRIMARY.menu);
		await press(page, 'ul.products li:nth-child(2) button.add');
		await press(page, PRIMARY.menu);
		await shown(PRIMARY['age check']);
		await press(page, PRIMARY['age check']);
		await shown(PRIMARY.payment);
		await press(page, PRIMARY.payment);
		await shown(PRIMARY.terminal);
		await expect(page.locator('html')).toHaveAttribute('lang', locale);
		await check('terminal', locale);
		await press(page, PRIMARY.terminal);
		await shown(PRIMARY.receipt);
		await press(page, PRIMARY.receipt);
	}
	await shown(PRIMARY.attract);
}

/** A whole return in `locale`: three cups and a pitcher. */
async function walkReturn(page: Page, locale: string, mode: Mode, check: Check) {
	const shown = (selector: string) => expect(page.locator(selector).first()).toBeVisible();
	await shown(PRIMARY['return scan']);
	await setMode(page, mode);
	await press(page, `.languages button[lang="${locale}"]`);
	await expect(page.locator('html')).toHaveAttribute('lang', locale);
	await check('return scan', locale);
	await scanWithReader(page, await issueCode(page.request));
	await shown(PRIMARY['return choose']);
	await check('return choose', locale);
	await press(page, PRIMARY['return choose']);
	await shown(PRIMARY['return result']);
	await check('return result', locale);
	await press(page, PRIMARY['return result']);
	await shown(PRIMARY['return scan']);
}

/** The pickup screen in each language (its language switch, no reload). */
async function walkPickup(page: Page, check: Check) {
	await page.goto('/');
	await page.getByRole('button', { name: 'Pickup screen' }).click();
	await guestScreenReady(page);
	for (const locale of LOCALES) {
		const current = await page.evaluate(() => document.documentElement.lang);
		if (current !== locale) await press(page, `.languages button[lang="${locale}"]`);
		await expect(page.locator('html')).toHaveAttribute('lang', locale);
		await guestScreenReady(page);
		await check('pickup', locale);
	}
}

/**
 * Runs `walk`, and should it stop (a step that never came), keeps that as a finding too, so the
 * defects found until then are listed with it.
 */
async function keepGoing(findings: LayoutFindings, where: string, walk: () => Promise<void>) {
	try {
		await walk();
	} catch (error) {
		findings.found.push({
			screen: where,
			viewport: '',
			mode: '',
			language: '',
			what: `the walk stopped: ${(error as Error).message.split('\n')[0]}`
		});
	}
}

for (const viewport of VIEWPORTS) {
	for (const mode of MODES) {
		test(`every guest screen at ${viewport.name} in ${mode.name}, in every language`, async ({
			browser
		}) => {
			// A hang detector: some 30 screens walked and measured in six languages.
			test.setTimeout(6 * 60_000);
			const findings = new LayoutFindings();
			const open = async () =>
				(await browser.newContext({ viewport: viewport.size, hasTouch: true })).newPage();
			const kiosk = await open();
			const station = await open();
			await pairKiosk(kiosk);
			await pairReturnStation(station);
			// The loyalty wallet's credits as the demo starts, for the sales of this mode.
			await kiosk.request.post(`${simulator}/_sim/reset`);
			const where = `${viewport.name} · ${mode.name}`;
			// The kiosk and the return station are walked side by side, as two screens of a venue.
			await Promise.all([
				keepGoing(findings, `sale (${where})`, async () => {
					await walkSales(kiosk, mode, walker(findings, viewport.name, mode, kiosk));
				}),
				keepGoing(findings, `return (${where})`, async () => {
					const check = walker(findings, viewport.name, mode, station);
					for (const locale of LOCALES) await walkReturn(station, locale, mode, check);
				})
			]);
			if (mode === MODES[0]) {
				const pickup = await open();
				await keepGoing(findings, `pickup (${viewport.name})`, () =>
					walkPickup(pickup, walker(findings, viewport.name, mode, pickup))
				);
			}
			findings.expectNone();
		});
	}
}
