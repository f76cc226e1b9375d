/** The service worker's browser tests: a page under its control. */
import { expect, type Page } from '@playwright/test';
import { guestScreenReady } from './support.ts';

/**
 * The service worker has installed (this version's files are cached) and controls the page; the
 * page is loaded once more under its control, so that the screen itself is kept too.
 */
export async function underServiceWorker(page: Page, ready?: string): Promise<void> {
	await page.evaluate(async () => {
		await navigator.serviceWorker.ready;
	});
	await page.reload();
	await expect
		.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
		.toBe(true);
	// A guest screen, or the page's own readiness mark (`ready`: a selector).
	if (ready) await expect(page.locator(ready)).toBeVisible();
	else await guestScreenReady(page);
}
