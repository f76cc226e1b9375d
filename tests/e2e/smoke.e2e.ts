import { expect, test } from './test.ts';
import { expectNoAxeViolations, screenshot, simulator } from './support.ts';

test.beforeEach(async ({ request }) => {
	await request.post(`${simulator}/_sim/reset`);
});

test('the kiosk server starts in demo mode and links the guest phone page', async ({ page }) => {
	await page.goto('/');
	await expect(page.getByRole('heading', { level: 1, name: 'Venue Kiosk' })).toBeVisible();
	await expect(page.getByRole('link', { name: `${simulator}/_sim/` })).toBeVisible();
	await expectNoAxeViolations(page);
});

test('the guest phone page shows a scannable code per wallet and places app orders', async ({
	page
}) => {
	await page.goto(`${simulator}/_sim/`);
	const alex = page.getByRole('article').filter({ hasText: 'Alex (plenty)' });
	await expect(alex.getByText('Balance: €500.00')).toBeVisible();
	const code = alex.locator('code');
	await expect(code).toHaveText(/^[0-9a-f]{32}$/);
	const firstKey = await code.textContent();
	await expect(alex.getByRole('img', { name: 'QR code for Alex (plenty)' })).toHaveAttribute(
		'src',
		new RegExp(`qr\\.svg\\?text=${firstKey}$`)
	);

	await alex.getByRole('button', { name: 'Card key (leading zeros)' }).click();
	await expect(code).toHaveText(/^000[0-9a-f]{29}$/);
	expect(await code.textContent()).not.toBe(firstKey);

	await page.getByRole('combobox', { name: 'Place' }).selectOption({ label: 'Garden Food Court' });
	await page.getByRole('button', { name: 'Place order' }).click();
	await expect(page.getByRole('status')).toHaveText(/^Order \S+ placed at Garden Food Court\.$/);
	await expect(page.getByRole('cell', { name: 'APPROVABLE' })).toBeVisible();

	await expectNoAxeViolations(page);
	await screenshot(page, 'guest-phone');
});
