/**
 * A part of the platform out of reach while the kiosk server is up (docs/manual.md, Installable,
 * and open without a network): only that part pauses, with its own message, in both languages —
 * loyalty credits down leaves paying by card; deposits down leaves everything not in a returnable
 * cup, and pauses the return station — and each comes back by itself once the platform answers
 * again (PLATFORM_PAUSE_SECONDS is 5 here).
 */
import { type Page } from '@playwright/test';
import { expect, test } from './test.ts';
import {
	addProduct,
	beginOrder,
	newKey,
	pairKiosk,
	payWithCredits,
	toPayment
} from './kiosk-support.ts';
import { pairReturnStation } from './return-support.ts';
import {
	expectNoAxeViolations,
	refreshAll,
	scanWithReader,
	screenshot,
	simulator
} from './support.ts';

test.use({ hasTouch: true });

test.beforeEach(async ({ request }) => {
	await request.post(`${simulator}/_sim/reset`);
});
test.afterEach(async ({ request }) => {
	await request.delete(`${simulator}/_sim/faults`);
});

/** The platform answers 503 to the next `count` calls of `path`. */
async function unavailable(page: Page, method: string, path: string, count = 100) {
	const response = await page.request.post(`${simulator}/_sim/faults`, {
		data: { method, path, mode: 'status', status: 503, count }
	});
	expect(response.ok()).toBe(true);
}

/** The network drops and comes back: the screen asks its server at once what is paused. */
async function askAgain(page: Page) {
	await page.context().setOffline(true);
	await page.context().setOffline(false);
}

const LOYALTY_PAUSED = 'Paying with credits is paused for a moment — you can pay by card.';
const DEPOSITS_PAUSED =
	'Drinks in returnable cups are paused here for a moment — please order them at the counter.';

test('loyalty credits out of reach: card only, said so; credits come back by themselves', async ({
	page,
	request
}) => {
	await pairKiosk(page);
	await beginOrder(page);
	await addProduct(page, 'Food', 'Pretzel');
	await toPayment(page);
	await payWithCredits(page);
	await unavailable(page, 'POST', '/v3/integrations/credit-transactions/preview');
	await scanWithReader(page, await newKey(request, 'wallet_few'));

	// The preview went unanswered: credits pause, the card is offered. The pause ends 5 s after
	// the failure however loaded the machine is, so what it shows is checked first, in both
	// languages, and the slow steps (the screenshot, axe) come after.
	const paused = page.getByRole('status').filter({ hasText: LOYALTY_PAUSED });
	await expect(paused).toBeVisible();
	await expect(page.getByRole('button', { name: /^Pay with credits/ })).toHaveCount(0);
	// Back at the payment choice, while paused, the card alone is offered.
	await page.getByRole('button', { name: 'Back', exact: true }).tap();
	await expect(page.getByRole('button', { name: /^Pay by card/ })).toBeVisible();
	await expect(page.getByRole('button', { name: /^Pay with credits/ })).toHaveCount(0);
	await page.getByRole('button', { name: 'Deutsch' }).tap();
	await expect(
		page.getByRole('status').filter({ hasText: 'Bezahlen mit Guthaben ist kurz unterbrochen' })
	).toBeVisible();
	await page.getByRole('button', { name: 'English' }).tap();
	await screenshot(page, 'kiosk-loyalty-paused');
	await expectNoAxeViolations(page);
	await page.getByRole('button', { name: /^Pay by card/ }).tap();
	await page.getByRole('button', { name: 'Approve payment' }).tap();
	await expect(page.getByRole('heading', { level: 1, name: 'Thank you!' })).toBeVisible();
	await page.getByRole('button', { name: 'Done' }).tap();

	await request.delete(`${simulator}/_sim/faults`);
	await beginOrder(page);
	await addProduct(page, 'Food', 'Pretzel');
	await toPayment(page);

	// The platform is back: after the pause (5 s) and the screen's next question (every 3 s while
	// anything is paused) credits are offered again, with no one doing a thing.
	await expect(paused).toHaveCount(0);
	await expect(page.getByRole('button', { name: /^Pay with credits/ })).toBeVisible();
});

test('deposits out of reach: no cups sold, the rest is; the return station pauses; both resume by themselves', async ({
	page,
	browser
}) => {
	await pairKiosk(page);
	const stationContext = await browser.newContext({ hasTouch: true });
	const station = await stationContext.newPage();
	try {
		await pairReturnStation(station);
		await unavailable(page, 'GET', '/v1/integrations/revo-union-configurations');
		await refreshAll(browser);
		await askAgain(page);
		await askAgain(station);

		await beginOrder(page);
		const paused = page.getByRole('status').filter({ hasText: DEPOSITS_PAUSED });
		await expect(paused).toBeVisible();
		await addProduct(page, 'Beer', 'Pilsner 0.4 l');
		await page.getByRole('button', { name: 'Go to payment' }).tap();
		await expect(
			page.getByText('Drinks in returnable cups cannot be sold here right now.')
		).toBeVisible();
		await expect(page.getByRole('heading', { level: 1, name: 'Menu' })).toBeVisible();
		await expectNoAxeViolations(page);
		await screenshot(page, 'kiosk-deposits-paused');

		// Without the cup: sold as usual.
		await page.getByRole('button', { name: 'Remove Pilsner 0.4 l' }).tap();
		await addProduct(page, 'Food', 'Pretzel');
		await toPayment(page);
		await page.getByRole('button', { name: /^Pay by card/ }).tap();
		await page.getByRole('button', { name: 'Approve payment' }).tap();
		await expect(page.getByRole('heading', { level: 1, name: 'Thank you!' })).toBeVisible();
		await page.getByRole('button', { name: 'Done' }).tap();

		const returnsPaused = station
			.getByRole('status')
			.filter({ hasText: 'Returns are paused here for a moment' });
		await expect(returnsPaused).toBeVisible();
		await screenshot(station, 'return-deposits-paused');

		// The platform answers again: a read of the configuration brings deposits back.
		await page.request.delete(`${simulator}/_sim/faults`);
		await expect(returnsPaused).toHaveCount(0, { timeout: 20_000 });
		await beginOrder(page);
		await expect(paused).toHaveCount(0, { timeout: 20_000 });
		await addProduct(page, 'Beer', 'Pilsner 0.4 l');
		await toPayment(page);
	} finally {
		await stationContext.close();
	}
});
