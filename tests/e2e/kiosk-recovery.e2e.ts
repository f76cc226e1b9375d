/**
 * The guest screen while the server completes a sale in the background (docs/manual.md, When
 * something fails during a sale): the platform cannot be reached when the credits are to be
 * finalized, so the sale is not paid yet — no receipt, no order number — and the screen says the
 * order is being finished; once the platform answers again, the server's recovery pass finalizes
 * (once) and issues the code, and the screen, still watching, shows the receipt.
 */
import { expect, test } from './test.ts';
import {
	balance,
	checkStep,
	expectReceiptAddsUp,
	newKey,
	payWithCredits,
	pilsAndPretzelAtPayment,
	saleCalls
} from './kiosk-support.ts';
import { scanWithReader, simulator } from './support.ts';

test.use({ hasTouch: true });

test.beforeEach(async ({ request }) => {
	await request.post(`${simulator}/_sim/reset`);
});

test('finalize unreachable: "finishing your order" until the server completes it, then the receipt; credits taken once', async ({
	page,
	request
}) => {
	await pilsAndPretzelAtPayment(page);
	await payWithCredits(page);
	await scanWithReader(page, await newKey(request, 'wallet_plenty'));
	await expect(page.getByRole('heading', { level: 1, name: 'Your credits' })).toBeVisible();
	await request.post(`${simulator}/_sim/faults`, {
		data: {
			path: '/v3/integrations/credit-transactions/*/finalize',
			mode: 'status',
			status: 503,
			count: 1_000
		}
	});
	await page.getByRole('button', { name: 'Confirm and pay with credits' }).tap();

	await expect(page.getByRole('heading', { level: 1, name: 'Finishing your order' })).toBeVisible();
	await expect(page.getByTestId('order-number')).toHaveCount(0);
	await checkStep(page, 'finishing-in-background');
	// Not paid until a finalize succeeded: nothing deducted yet.
	await expect.poll(async () => (await saleCalls(request)).length).toBeGreaterThan(2);
	expect(await balance(request, 'wallet_plenty')).toBe(50_000);

	await request.delete(`${simulator}/_sim/faults`);
	await expect(page.getByRole('heading', { level: 1, name: 'Thank you!' })).toBeVisible();
	await expect(page.getByTestId('order-number')).toHaveText(/^K-\d{3}$/);
	await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
	expect(await expectReceiptAddsUp(page)).toMatchObject({ credits: 1690, card: 0 });
	expect(await balance(request, 'wallet_plenty')).toBe(50_000 - 1690);
	const finalizes = (await saleCalls(request)).filter((call) => call.path.endsWith('/finalize'));
	expect(finalizes.filter((call) => call.status === 200)).toHaveLength(1);
	expect(finalizes.every((call) => call.status === 200 || call.status === 503)).toBe(true);
});
