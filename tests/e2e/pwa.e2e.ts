/**
 * The installable app (issue 11): Chromium finds nothing missing to install it; the service
 * worker caches this version's files and the screens as last seen, so a kiosk whose server or
 * network is gone still opens its screen — also from the installed app's start page `/screen` —
 * with the chunks it loads on demand.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test, type Page } from '@playwright/test';
import { KIOSK_URL } from '../../playwright.config.ts';
import { chromiumLaunchOptions } from './chromium.ts';
import { addProduct, beginOrder, pairKiosk, toPayment } from './kiosk-support.ts';
import { pairReturnStation } from './return-support.ts';
import { expectNoAxeViolations, guestScreenReady, screenshot } from './support.ts';

test.use({ serviceWorkers: 'allow', hasTouch: true });

/**
 * The service worker has installed (this version's files are cached) and controls the page; the
 * page is loaded once more under its control, so that the screen itself is kept too.
 */
async function underServiceWorker(page: Page): Promise<void> {
	await page.evaluate(async () => {
		await navigator.serviceWorker.ready;
	});
	await page.reload();
	await expect
		.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
		.toBe(true);
	await guestScreenReady(page);
}

test('Chromium finds nothing missing to install the app', async () => {
	// Chromium installs nothing from a throwaway (incognito) profile: a profile of its own.
	const profile = mkdtempSync(join(tmpdir(), 'pwa-profile-'));
	const context = await chromium.launchPersistentContext(profile, {
		...chromiumLaunchOptions,
		baseURL: KIOSK_URL,
		serviceWorkers: 'allow'
	});
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

	// The menu and the language step come from this version's cached files.
	await page.getByRole('button', { name: /Tap to order/ }).tap();
	await page.getByRole('button', { name: 'English', exact: true }).tap();
	await expect(page.getByRole('heading', { level: 1, name: 'Menu' })).toBeVisible();

	// Back online: the server's page again.
	await page.context().setOffline(false);
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
		if (new URL(request.url()).pathname.startsWith('/api/kiosk/')) sales.push(request.url());
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

	// Unpaired (here: its session is gone); the start page says so and forgets the screens.
	await page.context().clearCookies();
	await page.goto('/screen');
	await expect(page.getByText('This browser is not paired with a device.')).toBeVisible();
	await expect.poll(keptScreens).toBe(0);

	await page.context().setOffline(true);
	await expect(page.goto('/kiosk')).rejects.toThrow();
});
