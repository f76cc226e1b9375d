/**
 * The guest screens as a guest meets them on a real kiosk (docs/manual.md, The screens): a
 * 1080×1920 portrait screen (the common floor kiosk), a 1920×1080 landscape one and a 10" tablet
 * (800×1280). Every step is kept as a screenshot per screen; the look's promises are measured —
 * product cards side by side with their pictures loaded and filling the menu's width, the total
 * and the pay button (and each step's answers) in view in the lower half of the screen, the
 * suggestion offered once, the return scan's typed code a card beside the camera in landscape —
 * and the taps a two-item card sale takes. What every screen keeps in every language and
 * accessibility mode (nothing clipped or covered, axe) is guest-layout.e2e.ts's.
 */
import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './test.ts';
import { amountOf, confirmAge, newKey, pairKiosk } from './kiosk-support.ts';
import {
	CHOOSE_HEADING,
	CUPS_AND_PITCHER,
	issueCode,
	pairReturnStation,
	RESULT_HEADING,
	Taps
} from './return-support.ts';
import { guestScreenReady, logIn, scanWithReader, screenshot, simulator } from './support.ts';

/** The common kiosk screens, and a 10" tablet; how many product cards stand side by side. */
const ORIENTATIONS = [
	{ name: 'portrait', viewport: { width: 1080, height: 1920 }, columns: 3 },
	{ name: 'landscape', viewport: { width: 1920, height: 1080 }, columns: 4 },
	{ name: 'tablet', viewport: { width: 800, height: 1280 }, columns: 2 }
] as const;

/**
 * The screen is kept as `guest-<orientation>-<name>.png` (axe and the layout rules are
 * guest-layout.e2e.ts's, for every screen in every language and mode).
 */
async function checkScreen(page: Page, orientation: string, name: string) {
	await screenshot(page, `guest-${orientation}-${name}`);
}

/** The product cards shown now (a card is the list item holding an "Add …" button). */
const productCards = (page: Page) =>
	page.getByRole('listitem').filter({ has: page.getByRole('button', { name: /^Add / }) });

/** Every picture of the cards shown now has loaded (a real image, not a broken one). */
async function expectPicturesLoaded(page: Page) {
	const pictures = page.locator('ul.products img');
	await expect(pictures.first()).toBeVisible();
	await expect
		.poll(() =>
			pictures.evaluateAll((images) =>
				images.every((image) => (image as HTMLImageElement).naturalWidth > 0)
			)
		)
		.toBe(true);
}

/** The element lies wholly in the viewport's lower half, where every guest can reach it. */
async function expectInLowerHalf(page: Page, name: RegExp | string) {
	const box = await page.getByRole('button', { name }).boundingBox();
	const viewport = page.viewportSize()!;
	expect(box).not.toBeNull();
	expect(box!.y).toBeGreaterThan(viewport.height / 2);
	expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
}

/**
 * Taps `target` as a guest does on a small portrait screen: scrolled first to the middle of the
 * menu, between the category bar above and the order sheet below (both stay in view).
 */
async function tapInView(target: Locator) {
	await target.evaluate((element) => element.scrollIntoView({ block: 'center' }));
	await target.tap();
}

/**
 * The return scan's typed code: in landscape a card beside the camera's column and as tall, its
 * keys drawn above "Type the code instead", the keyboard in their place once tapped; elsewhere
 * the column's foot, nothing drawn.
 */
async function expectTypedCode(station: Page, orientation: string) {
	const toggle = station.getByRole('button', { name: 'Type the code instead' });
	const drawing = station.locator('.typed-card svg');
	if (orientation !== 'landscape') {
		await expect(drawing).toBeHidden();
		return;
	}
	const card = (await station.locator('.typed-card').boundingBox())!;
	const scanner = (await station.locator('.ways > :first-child').boundingBox())!;
	expect(card.x).toBeGreaterThan(scanner.x + scanner.width);
	expect(Math.abs(card.y - scanner.y)).toBeLessThanOrEqual(1);
	expect(Math.abs(card.y + card.height - (scanner.y + scanner.height))).toBeLessThanOrEqual(1);
	await expect(drawing).toBeVisible();
	expect((await drawing.boundingBox())!.height).toBeGreaterThanOrEqual(64);
	const within = async (target: Locator) => {
		const box = (await target.boundingBox())!;
		expect(box.y).toBeGreaterThanOrEqual(card.y);
		expect(box.y + box.height).toBeLessThanOrEqual(card.y + card.height);
	};
	await within(toggle);
	await toggle.tap();
	const keyboard = station.getByRole('group', { name: 'On-screen keyboard' });
	await expect(keyboard).toBeVisible();
	await expect(drawing).toBeHidden();
	await within(keyboard);
	await toggle.tap();
	await expect(keyboard).toBeHidden();
	await expect(drawing).toBeVisible();
}

/** Staff choose the product the kiosk suggests before paying (setup, kiosk settings). */
async function suggest(page: Page, product: string) {
	await logIn(page);
	await page.goto('/setup');
	await page.getByLabel('Suggest before paying (offered once per sale)').selectOption(product);
	await page.getByRole('button', { name: 'Save kiosk settings' }).click();
	await expect(page.getByRole('status').filter({ hasText: /saved/i })).toBeVisible();
}

for (const { name: orientation, viewport, columns } of ORIENTATIONS) {
	test.describe(`${orientation} ${viewport.width}×${viewport.height}`, () => {
		test.use({ viewport, hasTouch: true });

		test('the ordering kiosk, step by step', async ({ page, browser, request }) => {
			// wallet_few's credits as the demo starts: a sale of another orientation spent them.
			await request.post(`${simulator}/_sim/reset`);
			const staff = await browser.newPage();
			await suggest(staff, 'food_pretzel');
			await staff.close();
			await pairKiosk(page);

			// Attract: the place's picture and name, some of the menu, the invitation in both languages.
			const attract = page.locator('main.attract');
			await expect(attract.getByText('Main Stage Bar')).toBeVisible();
			await expect(attract.getByText('Pilsner 0.4 l')).toBeVisible();
			await expect(attract.getByText('Zum Bestellen tippen')).toBeVisible();
			// All of it on the screen, nothing under the accessibility button's strip.
			expect(
				await page.evaluate(() => document.scrollingElement!.scrollHeight - window.innerHeight)
			).toBeLessThanOrEqual(0);
			await checkScreen(page, orientation, 'attract');

			await page.getByRole('button', { name: /Tap to order/ }).tap();
			await expect(page.getByRole('button', { name: 'English', exact: true })).toBeVisible();
			await checkScreen(page, orientation, 'language');
			await page.getByRole('button', { name: 'English', exact: true }).tap();

			// The menu: cards with their pictures, side by side (three across in portrait).
			await expect(page.getByRole('heading', { level: 1, name: 'Menu' })).toBeAttached();
			await expectPicturesLoaded(page);
			const boxes = await productCards(page).evaluateAll((cards) =>
				cards.map((card) => card.getBoundingClientRect().toJSON() as DOMRect)
			);
			const firstRow = boxes.filter((box) => Math.abs(box.top - boxes[0]!.top) < 2);
			// The beers are three: a row of four shows them all side by side.
			expect(firstRow).toHaveLength(Math.min(columns, boxes.length));
			// And fill the menu's width: no empty column left before the order panel or the edge.
			const listRight = await page
				.locator('ul.products')
				.evaluate((list) => list.getBoundingClientRect().right);
			expect(Math.max(...firstRow.map((box) => box.right))).toBeGreaterThanOrEqual(listRight - 2);
			await expectInLowerHalf(page, 'Go to payment');
			await checkScreen(page, orientation, 'menu');

			await tapInView(page.getByRole('button', { name: 'Add Pilsner 0.4 l', exact: true }));
			await tapInView(page.getByRole('button', { name: 'Details: Wheat beer 0.5 l' }));
			const details = page.getByRole('dialog', { name: 'Wheat beer 0.5 l' });
			await expect(details).toBeVisible();
			await checkScreen(page, orientation, 'details');
			await details.getByRole('button', { name: /^Add to order/ }).tap();
			await expect(details).toBeHidden();
			// With the order growing, the total and the pay button stay in view, low on the screen.
			await expect(page.getByTestId('basket-total')).toBeInViewport();
			await expectInLowerHalf(page, 'Go to payment');
			await checkScreen(page, orientation, 'basket');
			const before = await amountOf(page.getByTestId('basket-total'));

			// Paying: the suggestion once, beside the ways to pay; taking it adds it to the total.
			await page.getByRole('button', { name: 'Go to payment' }).tap();
			await confirmAge(page, 16);
			await expect(page.getByRole('heading', { name: 'Something to go with it?' })).toBeVisible();
			await checkScreen(page, orientation, 'payment-suggestion');
			await page.getByRole('button', { name: 'Add Pretzel for €3.00' }).tap();
			await expect(page.getByRole('heading', { name: 'Something to go with it?' })).toBeHidden();
			expect(await amountOf(page.getByTestId('basket-total'))).toBe(before + 300);
			await expectInLowerHalf(page, /^Pay by card/);
			await page.getByRole('button', { name: 'Back to the menu' }).tap();
			await page.getByRole('button', { name: 'Go to payment' }).tap();
			await expect(page.getByRole('button', { name: /^Pay by card/ })).toBeVisible();
			await expect(page.getByRole('heading', { name: 'Something to go with it?' })).toHaveCount(0);

			// With credits: the scan step, the credit summary (its answers low on the screen), the card.
			await page.getByRole('button', { name: /^Pay with credits/ }).tap();
			await expect(
				page.getByRole('heading', { level: 1, name: /Scan your loyalty/ })
			).toBeVisible();
			await expectInLowerHalf(page, 'Pay by card instead');
			await checkScreen(page, orientation, 'scan');
			await scanWithReader(page, await newKey(request, 'wallet_few'));
			await expect(page.getByRole('heading', { level: 1, name: 'Your credits' })).toBeVisible();
			await expectInLowerHalf(page, /^Confirm/);
			await checkScreen(page, orientation, 'credits');
			await page.getByRole('button', { name: /^Confirm/ }).tap();
			await expect(page.getByRole('button', { name: 'Approve payment' })).toBeVisible();
			await checkScreen(page, orientation, 'card');
			await page.getByRole('button', { name: 'Approve payment' }).tap();
			await expect(page.getByRole('heading', { level: 1, name: 'Thank you!' })).toBeVisible();
			await checkScreen(page, orientation, 'receipt');
		});

		test('the return station and the pickup screen', async ({ browser, request }) => {
			const context = await browser.newContext({ viewport, hasTouch: true });
			const station = await context.newPage();
			await pairReturnStation(station);
			await checkScreen(station, orientation, 'return-scan');
			await expectTypedCode(station, orientation);
			await scanWithReader(station, await issueCode(request, CUPS_AND_PITCHER));
			await expect(station.getByRole('heading', { level: 1, name: CHOOSE_HEADING })).toBeVisible();
			await expectInLowerHalf(station, 'Confirm the return');
			await checkScreen(station, orientation, 'return-choose');
			await station.getByRole('button', { name: 'Confirm the return' }).tap();
			await expect(station.getByRole('heading', { level: 1, name: RESULT_HEADING })).toBeVisible();
			await checkScreen(station, orientation, 'return-result');
			await context.close();

			const pickupContext = await browser.newContext({ viewport });
			const pickup = await pickupContext.newPage();
			await pickup.goto('/');
			await pickup.getByRole('button', { name: 'Pickup screen' }).click();
			await guestScreenReady(pickup);
			await checkScreen(pickup, orientation, 'pickup');
			await pickupContext.close();
		});
	});
}

test.describe('the fewest taps', () => {
	test.use({ viewport: { width: 1080, height: 1920 }, hasTouch: true });

	test('a two-item card sale takes 7 taps from the attract screen to paid', async ({ page }) => {
		await pairKiosk(page);
		const taps = new Taps();
		await taps.tap(page.getByRole('button', { name: /Tap to order/ }));
		await taps.tap(page.getByRole('button', { name: 'English', exact: true }));
		await taps.tap(page.getByRole('button', { name: 'Add Pilsner 0.4 l', exact: true }));
		await taps.tap(page.getByRole('button', { name: 'Add Wheat beer 0.5 l', exact: true }));
		await taps.tap(page.getByRole('button', { name: 'Go to payment' }));
		// Beer is sold from 16: the guest confirms it once (docs/age-checks.md).
		await taps.tap(page.getByRole('button', { name: 'I am 16 or older' }));
		// The suggestion stands beside the ways to pay: no tap is needed to pass it.
		await taps.tap(page.getByRole('button', { name: /^Pay by card/ }));
		// The card at the terminal (simulated on screen here) is the guest's card, not a tap.
		await page.getByRole('button', { name: 'Approve payment' }).tap();
		await expect(page.getByRole('heading', { level: 1, name: 'Thank you!' })).toBeVisible();
		expect(taps.count).toBe(7);
	});
});
