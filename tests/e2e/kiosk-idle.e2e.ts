/**
 * The idle guard: after the idle time a "still there?" dialog counts down at least 20 seconds and
 * can be extended again and again; when it runs out the screen forgets the guest and the sale is
 * abandoned (a previewed credit transaction is cancelled: the wallet is unchanged). Demo mode's
 * `?idle=10` sets a short idle time; the browser's clock is driven by the test.
 */
import { expect, test } from './test.ts';
import {
	addProduct,
	balance,
	beginOrder,
	checkStep,
	confirmAge,
	newKey,
	pairKiosk
} from './kiosk-support.ts';
import { guestScreenReady, scanWithReaderUnderClock, simulator } from './support.ts';

test.use({ hasTouch: true });

test.beforeEach(async ({ request }) => {
	await request.post(`${simulator}/_sim/reset`);
});

test('still there? extend it again and again; let it run out: forgotten, credits released', async ({
	page,
	request
}) => {
	await page.clock.install();
	await pairKiosk(page);
	await page.goto('/kiosk?idle=10');
	await guestScreenReady(page);
	await beginOrder(page);
	await addProduct(page, 'Beer', 'Pilsner 0.4 l', 2);
	await page.getByRole('button', { name: 'Go to payment' }).tap();
	await confirmAge(page, 16);
	const started = page.waitForResponse(
		(response) => response.url().endsWith('/api/kiosk/sales') && response.status() === 200
	);
	await page.getByRole('button', { name: /^Pay with credits/ }).tap();
	const saleId: string = (await (await started).json()).id;
	await expect(
		page.getByRole('heading', { level: 1, name: 'Scan your loyalty QR code' })
	).toBeFocused();
	await scanWithReaderUnderClock(page, await newKey(request, 'wallet_plenty'));
	await expect(page.getByRole('heading', { level: 1, name: 'Your credits' })).toBeVisible();
	const sale = await (await page.request.get(`/api/kiosk/sales/${saleId}`)).json();
	expect(sale).toMatchObject({ state: 'credits-previewed', credits: { creditsMinor: 1390 } });

	const dialog = page.getByRole('dialog', { name: 'Are you still there?' });
	for (let round = 1; round <= 3; round += 1) {
		await expect(dialog).toBeHidden();
		await page.clock.fastForward(10_500);
		await expect(dialog).toBeVisible();
		const text = await dialog
			.getByText(/Your order will be cleared in \d+ seconds\./)
			.textContent();
		expect(Number(/(\d+) seconds/.exec(text!)![1])).toBeGreaterThanOrEqual(20);
		if (round === 1) await checkStep(page, 'idle-warning');
		// Part of the countdown passes; the guest is still there.
		await page.clock.fastForward(15_000);
		await expect(dialog).toBeVisible();
		await dialog.getByRole('button', { name: 'I’m still here' }).tap();
	}
	await expect(dialog).toBeHidden();
	await expect(page.getByRole('heading', { level: 1, name: 'Your credits' })).toBeVisible();

	const abandoned = page.waitForResponse((response) =>
		response.url().endsWith(`/api/kiosk/sales/${saleId}/abandon`)
	);
	await page.clock.fastForward(10_500);
	await expect(dialog).toBeVisible();
	await page.clock.fastForward(31_000);
	expect((await abandoned).status()).toBe(200);
	await expect(page.getByRole('button', { name: /Tap to order/ })).toBeVisible();
	await checkStep(page, 'idle-timeout');

	expect(await (await page.request.get(`/api/kiosk/sales/${saleId}`)).json()).toMatchObject({
		state: 'abandoned',
		credits: null
	});
	expect(await balance(request, 'wallet_plenty')).toBe(50_000);

	// Everything the guest entered is forgotten.
	await beginOrder(page);
	await expect(page.getByText('Your order is empty.')).toBeVisible();
});
