/**
 * The installable app (docs/manual.md, Installable, and open without a network): Chromium finds
 * nothing missing to install it; the service worker caches this version's files and the screens as
 * last seen, so a kiosk whose server or network is gone still opens its screen — also from the
 * installed app's start page `/screen` — with the chunks it loads on demand (a guest-only
 * language's texts among them); the screen keeps its newest snapshot (menu and pictures too) in
 * IndexedDB, and forgets it when unpaired.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { expect, test, watchCsp } from './test.ts';
import { KIOSK_URL } from '../../playwright.config.ts';
import fr from '../../messages/fr.json' with { type: 'json' };
import { chromiumLaunchOptions } from './chromium.ts';
import { addProduct, beginOrder, pairKiosk, toPayment } from './kiosk-support.ts';
import { underServiceWorker } from './pwa-support.ts';
import { pairReturnStation } from './return-support.ts';
import {
	expectNoAxeViolations,
	guestScreenReady,
	keptInIndexedDb,
	logIn,
	screenshot
} from './support.ts';

test.use({ serviceWorkers: 'allow', hasTouch: true });

test('Chromium finds nothing missing to install the app', async () => {
	// Chromium installs nothing from a throwaway (incognito) profile: a profile of its own.
	const profile = mkdtempSync(join(tmpdir(), 'pwa-profile-'));
	const context = watchCsp(
		await chromium.launchPersistentContext(profile, {
			...chromiumLaunchOptions,
			baseURL: KIOSK_URL,
			serviceWorkers: 'allow'
		})
	);
	try {
		const page = context.pages()[0] ?? (await context.newPage());
		await pairKiosk(page);
		await underServiceWorker(page);
		const devtools = await context.newCDPSession(page);
		const { installabilityErrors } = (await devtools.send('Page.getInstallabilityErrors')) as {
			installabilityErrors: { errorId: string }[];
		};
		expect(installabilityErrors).toEqual([]);
		const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as {
			start_url: string;
			display: string;
			icons: { sizes: string; purpose: string }[];
		};
		expect(manifest).toMatchObject({ start_url: '/screen', display: 'fullscreen' });
		expect(manifest.icons).toEqual(
			expect.arrayContaining([
				expect.objectContaining({ sizes: '192x192', purpose: 'any' }),
				expect.objectContaining({ sizes: '512x512', purpose: 'any' }),
				expect.objectContaining({ sizes: '512x512', purpose: 'maskable' })
			])
		);
	} finally {
		await context.close();
		rmSync(profile, { recursive: true, force: true });
	}
});

test('with the network gone the kiosk opens from the cache, also from /screen', async ({
	page
}) => {
	await pairKiosk(page);
	await underServiceWorker(page);

	await page.context().setOffline(true);
	await page.reload();
	await guestScreenReady(page);
	await expect(page.getByRole('button', { name: /Tap to order/ })).toBeVisible();
	await screenshot(page, 'pwa-kiosk-offline');

	// The installed app starts at /screen: offline it goes to the screen last shown.
	await page.goto('/screen');
	await expect(page).toHaveURL(/\/kiosk$/);
	await guestScreenReady(page);
	await expect(page.getByRole('button', { name: /Tap to order/ })).toBeVisible();

	// The menu, the language step and a guest-only language's texts (loaded when a guest chooses
	// it) come from this version's cached files.
	await page.getByRole('button', { name: /Tap to order/ }).tap();
	await page.getByRole('button', { name: 'Français', exact: true }).tap();
	await expect(page.getByRole('heading', { level: 1, name: fr.kiosk_menu_title })).toBeVisible();

	// Back online: the server's page again.
	await page.context().setOffline(false);
	await page.reload();
	await guestScreenReady(page);
	await expect(page.getByRole('button', { name: /Tap to order/ })).toBeVisible();
});

test('a kiosk loaded once, then cut off, opens from the cache', async ({ page }) => {
	// Paired without a page: the kiosk's own page is the browser's first, loaded before any
	// service worker is there to see it, and never loaded again before the network goes.
	const paired = await page.request.post('/demo/pair', {
		form: { mode: 'kiosk' },
		headers: { origin: KIOSK_URL },
		maxRedirects: 0
	});
	expect(paired.status()).toBe(303);
	await page.goto('/kiosk');
	await guestScreenReady(page);
	await page.evaluate(async () => {
		await navigator.serviceWorker.ready;
	});
	const kept = () =>
		page.evaluate(async () => (await (await caches.open('screens')).match('/kiosk')) !== undefined);
	await expect.poll(kept).toBe(true);

	await page.context().setOffline(true);
	await page.reload();
	await guestScreenReady(page);
	await expect(page.getByRole('button', { name: /Tap to order/ })).toBeVisible();
});

test('with the kiosk server out of reach ordering pauses: the menu stays, nothing is sent, it resumes by itself', async ({
	page
}) => {
	await pairKiosk(page);
	await underServiceWorker(page);
	await beginOrder(page);
	await addProduct(page, 'Food', 'Pretzel');
	const sales: string[] = [];
	page.on('request', (request) => {
		// The sale calls; the kiosk's live feed (/api/kiosk/events) keeps trying to reconnect.
		if (new URL(request.url()).pathname.startsWith('/api/kiosk/sales')) sales.push(request.url());
	});

	await page.context().setOffline(true);
	const paused = page.getByRole('status').filter({ hasText: 'Ordering is paused here' });
	await expect(paused).toBeVisible();
	await page.getByRole('button', { name: 'Go to payment' }).tap();
	await expect(
		page.getByText('This kiosk cannot take orders right now. Please order at the counter.')
	).toBeVisible();
	await expect(page.getByRole('heading', { level: 1, name: 'Menu' })).toBeVisible();
	await expect(page.getByTestId('basket-total')).toHaveText('€3.00');
	await expectNoAxeViolations(page);
	await screenshot(page, 'kiosk-ordering-paused');
	expect(sales).toEqual([]);

	await page.getByRole('button', { name: 'Deutsch' }).tap();
	await expect(
		page.getByRole('status').filter({ hasText: 'Bestellen ist hier gerade nicht möglich' })
	).toBeVisible();
	await page.getByRole('button', { name: 'English' }).tap();

	await page.context().setOffline(false);
	await expect(paused).toHaveCount(0);
	await toPayment(page);
});

test('the return station pauses while it cannot reach its server, and resumes by itself', async ({
	page
}) => {
	await pairReturnStation(page);
	await page.context().setOffline(true);
	const paused = page.getByRole('status').filter({ hasText: 'Returns are paused here' });
	await expect(paused).toBeVisible();
	await expectNoAxeViolations(page);
	await screenshot(page, 'return-paused');
	await page.context().setOffline(false);
	await expect(paused).toHaveCount(0);
});

test('nothing from /api or a page’s data ever comes from the cache', async ({ page }) => {
	await pairKiosk(page);
	await underServiceWorker(page);
	const fromWorker: string[] = [];
	page.on('response', (response) => {
		const { pathname } = new URL(response.url());
		if (
			response.fromServiceWorker() &&
			(pathname.startsWith('/api/') || pathname.endsWith('__data.json'))
		)
			fromWorker.push(pathname);
	});
	await page.getByRole('button', { name: /Tap to order/ }).tap();
	await page.getByRole('button', { name: 'English', exact: true }).tap();
	await expect(page.getByRole('heading', { level: 1, name: 'Menu' })).toBeVisible();
	await page.reload();
	await guestScreenReady(page);
	expect(fromWorker).toEqual([]);
});

test('a browser that is no longer paired keeps no screen to open offline', async ({ page }) => {
	await pairKiosk(page);
	await underServiceWorker(page);
	const keptScreens = () =>
		page.evaluate(async () => (await (await caches.open('screens')).keys()).length);
	expect(await keptScreens()).toBeGreaterThan(0);
	const keptParts = async () => (await keptInIndexedDb(page)).parts?.length ?? 0;
	await expect.poll(keptParts).toBe(5);

	// Unpaired (here: its session is gone); the start page says so and forgets the screens. The
	// kiosk is left first: once it hears 401 it goes to /screen by itself, which would race (and
	// abort) this test's own visit.
	await page.goto('about:blank');
	await page.context().clearCookies();
	await page.goto('/screen');
	await expect(page.getByText('This browser is not paired with a device.')).toBeVisible();
	await expect.poll(keptScreens).toBe(0);
	await expect.poll(keptParts).toBe(0);

	await page.context().setOffline(true);
	await expect(page.goto('/kiosk')).rejects.toThrow();
});

test('a screen its server no longer knows forgets its snapshot and goes to /screen by itself', async ({
	page
}) => {
	await pairKiosk(page);
	await expect.poll(async () => (await keptInIndexedDb(page)).parts?.length).toBe(5);
	await page.context().clearCookies();
	// The network drops and comes back: the screen asks for its newest snapshot, and hears 401.
	await page.context().setOffline(true);
	await expect(
		page.getByRole('status').filter({ hasText: 'Ordering is paused here' })
	).toBeVisible();
	await page.context().setOffline(false);
	await expect(page).toHaveURL(/\/screen$/);
	await expect(page.getByText('This browser is not paired with a device.')).toBeVisible();
	expect((await keptInIndexedDb(page)).parts).toEqual([]);
});

test('the newest menu is kept in IndexedDB: a change made while the kiosk was open shows after a reload without the network, with its image', async ({
	page,
	browser,
	baseURL
}) => {
	const staff = await browser.newPage();
	await logIn(staff);
	const original = await (await staff.request.get('/setup/menu/export.json')).text();
	const importMenu = async (json: string) => {
		const response = await staff.request.post('/setup/menu?/import', {
			headers: { origin: baseURL! },
			multipart: {
				file: { name: 'menu.json', mimeType: 'application/json', buffer: Buffer.from(json) }
			}
		});
		expect(response.status()).toBe(200);
	};
	try {
		await pairKiosk(page);
		await underServiceWorker(page); // the page kept with the menu as it is now
		const menu = JSON.parse(original) as {
			products: { id: string; grossPrice: number; image: string | null }[];
		};
		const pretzel = menu.products.find((product) => product.id === 'food_pretzel')!;
		pretzel.grossPrice = 3.5;
		pretzel.image = '/icons/icon-192.png';
		await importMenu(JSON.stringify(menu));

		// The connection drops and returns: the screen takes the server's newest and keeps it.
		await page.context().setOffline(true);
		const paused = page.getByRole('status').filter({ hasText: 'Ordering is paused here' });
		await expect(paused).toBeVisible();
		await page.context().setOffline(false);
		await expect(paused).toHaveCount(0);
		const keptPretzel = async () => {
			const parts = (await keptInIndexedDb(page)).parts as
				| { name: string; value: { id: string; grossMinor: number }[]; fetchedAt: string }[]
				| undefined;
			const kept = parts?.find((part) => part.name === 'menu');
			return kept?.value.find((item) => item.id === 'food_pretzel')?.grossMinor;
		};
		await expect.poll(keptPretzel).toBe(350);
		const keptImages = async () =>
			((await keptInIndexedDb(page)).media as { url: string }[] | undefined)?.map(
				(image) => image.url
			);
		await expect.poll(keptImages).toContain('/icons/icon-192.png');

		// No network: the page kept by the service worker has the old menu, IndexedDB the new.
		await page.context().setOffline(true);
		await page.reload();
		await guestScreenReady(page);
		await beginOrder(page);
		await page.getByRole('button', { name: 'Food', exact: true }).tap();
		const card = page.getByRole('listitem').filter({ hasText: 'Pretzel' });
		await expect(card.getByText('€3.50')).toBeVisible();
		const image = card.locator('img').first();
		await expect(image).toHaveAttribute('src', /^blob:/);
		await expect
			.poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth))
			.toBe(192);
		await screenshot(page, 'pwa-kiosk-offline-kept-menu');
	} finally {
		await page.context().setOffline(false);
		await importMenu(original);
		await staff.close();
	}
});
