/**
 * The pickup screen follows the board: a counter order approved on the board shows as being
 * prepared, turns ready (highlighted, announced) when staff mark it ready, and leaves the screen
 * when it is picked up. Large numbers, axe-clean, in English and German.
 */
import { type Browser, type Page } from '@playwright/test';
import { expect, test } from './test.ts';
import {
	collectKioskOrders,
	openBoard,
	placeCounterOrder,
	resetWithCallbacks
} from './board-support.ts';
import { expectNoAxeViolations, guestScreenReady, screenshot } from './support.ts';

test.use({ hasTouch: true });

test.beforeAll(({ browser, playwright }) => resetWithCallbacks(browser, playwright));

async function openPickup(browser: Browser): Promise<Page> {
	const context = await browser.newContext();
	const page = await context.newPage();
	await page.goto('/');
	await page.getByRole('button', { name: 'Pickup screen' }).click();
	await expect(page).toHaveURL(/\/pickup$/);
	await guestScreenReady(page);
	await expect(page.getByRole('heading', { level: 1, name: /^Order pickup/ })).toBeVisible();
	return page;
}

test('an order approved, made ready and picked up on the board moves across the pickup screen', async ({
	browser,
	request
}) => {
	const board = await openBoard(browser);
	await collectKioskOrders(board);
	const pickup = await openPickup(browser);
	const order = await placeCounterOrder(request, { paymentProcessor: 'PROVIDER_A' });
	const preparing = pickup.getByRole('region', { name: 'Being prepared' });
	const ready = pickup.getByRole('region', { name: 'Ready — please collect' });
	const card = board
		.getByRole('region', { name: /^(To approve|In preparation|Ready for pick-up)/ })
		.getByRole('article', { name: `Order ${order.orderNumber}` });

	// Not accepted yet: guests do not see it.
	await expect(card).toBeVisible();
	await expect(preparing.getByText(order.orderNumber)).toHaveCount(0);

	await card.getByRole('button', { name: 'Approve' }).tap();
	await expect(preparing.getByText(order.orderNumber, { exact: true })).toBeVisible();
	await expectNoAxeViolations(pickup);

	await card.getByRole('button', { name: 'Ready' }).tap();
	await expect(ready.getByRole('listitem').filter({ hasText: order.orderNumber })).toContainText(
		'at Bar counter'
	);
	await expect(preparing.getByText(order.orderNumber, { exact: true })).toHaveCount(0);
	// Announced to screen readers (the live region), not only shown.
	await expect(
		pickup
			.locator('[aria-live="assertive"]')
			.filter({ hasText: `Order ${order.orderNumber} is ready` })
	).toHaveText(`Order ${order.orderNumber} is ready. Please collect it at Bar counter.`);
	await expectNoAxeViolations(pickup);
	await screenshot(pickup, 'pickup-ready');

	// The app order holds a Pilsner, which the menu sells from 16 (docs/age-checks.md): the guest
	// is told to bring an ID, and staff check it before handing over.
	await expect(ready.getByRole('listitem').filter({ hasText: order.orderNumber })).toContainText(
		'ID check'
	);
	await card.getByRole('button', { name: 'ID checked', exact: true }).tap();
	await card.getByRole('button', { name: 'Picked up', exact: true }).tap();
	await expect(ready.getByText(order.orderNumber)).toHaveCount(0);
	await board.context().close();

	await pickup.getByRole('button', { name: 'Deutsch' }).click();
	await expect(pickup.getByRole('region', { name: 'In Zubereitung' })).toBeVisible();
	await expect(pickup.getByRole('region', { name: 'Fertig – bitte abholen' })).toBeVisible();
	await expectNoAxeViolations(pickup);
	await pickup.context().close();
});

test('only a browser paired as a pickup screen gets its feed', async ({ request }) => {
	expect((await request.get('/api/pickup/events')).status()).toBe(401);
	const page = await request.get('/pickup', { maxRedirects: 0 });
	expect(page.status()).toBe(303);
});

/**
 * A kiosk browser's autoplay policy, made exact for the test: audio runs only when started while
 * the page handles a tap (headless Chromium lets it run anyway, and counts its own activation
 * differently), and every tone started is counted in `window.tones`.
 */
function strictAutoplay() {
	let lastTap = -Infinity;
	for (const type of ['click', 'touchend', 'pointerup'])
		window.addEventListener(type, () => (lastTap = performance.now()), true);
	const tapping = () => performance.now() - lastTap < 1_000;
	const counter = window as unknown as { tones: number };
	counter.tones = 0;
	const Native = window.AudioContext;
	class Strict extends Native {
		constructor(options?: AudioContextOptions) {
			super(options);
			if (!tapping()) void this.suspend();
		}
		override resume(): Promise<void> {
			return tapping() ? super.resume() : Promise.resolve();
		}
		override createOscillator(): OscillatorNode {
			counter.tones += 1;
			return super.createOscillator();
		}
	}
	window.AudioContext = Strict;
}

test('the chime staff switched on is remembered; after a restart a tap lets it sound again', async ({
	browser,
	request
}) => {
	const first = await openPickup(browser);
	await first.getByRole('button', { name: 'Turn the chime on' }).tap();
	await expect(first.getByRole('button', { name: 'Turn the chime off' })).toBeVisible();

	// The screen's browser restarts with its profile (cookies, storage): no tap since.
	const restarted = await browser.newContext({
		hasTouch: true,
		storageState: await first.context().storageState()
	});
	await first.context().close();
	await restarted.addInitScript(strictAutoplay);
	const pickup = await restarted.newPage();
	await pickup.goto('/pickup');
	await guestScreenReady(pickup);
	const tones = () => pickup.evaluate(() => (window as unknown as { tones: number }).tones);
	const allow = pickup.getByRole('button', { name: 'Tap to let the chime sound' });
	await expect(allow).toBeVisible();
	await expectNoAxeViolations(pickup);
	await allow.tap();
	await expect(pickup.getByRole('button', { name: 'Turn the chime off' })).toBeVisible();

	// A number turning ready chimes. The card is found by its order id: the order numbers
	// restarted with this file's reset, and earlier files' orders are still on the board.
	const board = await openBoard(browser);
	const order = await placeCounterOrder(request, { paymentProcessor: 'PROVIDER_A' });
	const card = board.locator(`article[aria-labelledby="order-app-${order.id}"]`);
	await card.getByRole('button', { name: 'Approve' }).tap();
	const ready = card.getByRole('button', { name: 'Ready' });
	await expect(ready).toBeVisible();
	const before = await tones();
	await ready.tap();
	await expect(
		pickup
			.getByRole('region', { name: 'Ready — please collect' })
			.getByRole('listitem')
			.filter({ hasText: order.orderNumber })
	).toBeVisible();
	await expect.poll(tones).toBeGreaterThan(before);

	// Switched off: stays off after a reload.
	await pickup.getByRole('button', { name: 'Turn the chime off' }).tap();
	await pickup.reload();
	await guestScreenReady(pickup);
	await expect(pickup.getByRole('button', { name: 'Turn the chime on' })).toBeVisible();
	await board.context().close();
	await restarted.close();
});
