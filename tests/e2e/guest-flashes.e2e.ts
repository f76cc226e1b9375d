/**
 * Nothing flashes on the ordering kiosk: a category opened for the first time shows its cards
 * with their pictures already there (the kiosk keeps the menu's pictures ready), a tapped pill
 * shows no grey tap highlight, and the header's left holds the venue's logo, or its name when it
 * has none — never an empty slot.
 */
import { type Page } from '@playwright/test';
import { MAIN_PLACE_ID } from '@venue-kiosk/platform-sim/seed.ts';
import { expect, test } from './test.ts';
import { beginOrder, pairKiosk } from './kiosk-support.ts';
import { keptInIndexedDb, refreshAll, simulator } from './support.ts';

// The kiosk is a touch screen (its taps are tried as taps).
test.use({ hasTouch: true });

test.beforeEach(async ({ request }) => {
	await request.post(`${simulator}/_sim/reset`);
});

const categoryPills = (page: Page) =>
	page.getByRole('navigation', { name: 'Categories' }).getByRole('button');

/**
 * The kiosk has kept its snapshot's pictures for offline use (IndexedDB) and then fetched and
 * decoded the pictures it keeps ready (its own signal): keeping a picture fetches its address,
 * which takes it out of the browser's image cache, so the kiosk loads them again after that.
 */
async function picturesReady(page: Page): Promise<void> {
	const shown = await page.evaluate(async () => {
		const snapshot = await (await fetch('/api/kiosk/snapshot')).json();
		const identity = snapshot.identity.value;
		const menu = snapshot.menu.value as { image: string | null }[];
		return new Set(
			[identity?.avatar, identity?.avatarClip, ...menu.map((item) => item.image)].filter(Boolean)
		).size;
	});
	await expect.poll(async () => (await keptInIndexedDb(page)).media?.length ?? 0).toBe(shown);
	await expect(page.locator('.guest-screen[data-pictures-ready]')).toBeAttached();
}

test('a category opened for the first time shows its cards with their pictures complete', async ({
	page
}) => {
	await pairKiosk(page);
	await picturesReady(page);
	await beginOrder(page);
	await expect(categoryPills(page).nth(1)).toBeVisible();
	const firstCards = await page
		.locator('ul.products img')
		.evaluateAll((images) => images.map((image) => (image as HTMLImageElement).src));

	// Watches for the next category's cards; each picture is read as the cards come in, in the
	// same task that inserted them, before anything is painted.
	await page.evaluate((before) => {
		const list = document.querySelector('ul.products')!;
		(window as unknown as { cardsShown: Promise<unknown> }).cardsShown = new Promise((resolve) => {
			const observer = new MutationObserver(() => {
				const pictures = [...list.querySelectorAll('img')].map((image) => ({
					src: image.src,
					complete: image.complete && image.naturalWidth > 0
				}));
				if (pictures.length === 0 || pictures.some((picture) => before.includes(picture.src)))
					return;
				observer.disconnect();
				resolve(pictures);
			});
			observer.observe(list, { childList: true, subtree: true });
		});
	}, firstCards);
	await categoryPills(page).nth(1).tap();
	const shown = (await page.evaluate(
		() => (window as unknown as { cardsShown: Promise<unknown> }).cardsShown
	)) as { src: string; complete: boolean }[];
	expect(shown.length).toBeGreaterThan(0);
	expect(shown.filter((picture) => !picture.complete)).toEqual([]);
});

/** The gap before the header's first thing (logo or name) is its padding, as on its right. */
async function expectNoEmptySlot(page: Page): Promise<void> {
	const gaps = await page.locator('header.top').evaluate((header) => {
		const style = getComputedStyle(header);
		const first = header.querySelector('.where')!.firstElementChild!;
		return {
			beforeFirst: first.getBoundingClientRect().left - header.getBoundingClientRect().left,
			left: parseFloat(style.paddingLeft),
			right: parseFloat(style.paddingRight)
		};
	});
	expect(gaps.beforeFirst).toBeCloseTo(gaps.left, 0);
	expect(gaps.left).toBe(gaps.right);
}

test('the header shows the venue’s logo or starts with its name, and pills show no tap highlight', async ({
	page,
	request,
	browser
}) => {
	await pairKiosk(page);
	await beginOrder(page);
	const logo = page.locator('header.top img.logo');
	await expect(logo).toBeVisible();
	expect(
		await logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)
	).toBe(true);
	await expectNoEmptySlot(page);

	const pill = categoryPills(page).nth(1);
	expect(
		await pill.evaluate((button) =>
			getComputedStyle(button).getPropertyValue('-webkit-tap-highlight-color')
		)
	).toBe('rgba(0, 0, 0, 0)');

	// A place without a picture: its name starts the header, nothing stands in for the logo.
	const removed = await request.delete(`${simulator}/_sim/places/${MAIN_PLACE_ID}/avatar`);
	expect(removed.ok()).toBe(true);
	try {
		await refreshAll(browser);
		await pairKiosk(page);
		await beginOrder(page);
		await expect(page.locator('header.top .place')).toBeVisible();
		await expect(logo).toHaveCount(0);
		await expectNoEmptySlot(page);
	} finally {
		// The demo's picture back for the other tests of this server.
		await request.post(`${simulator}/_sim/reset`);
		await refreshAll(browser);
	}
});
