/**
 * Staff setup as a newcomer meets it in demo mode: log in, see what each device's key enables,
 * add a device (and every failure message), pair a screen, leave guest mode with the PIN.
 */
import { expect, test } from './test.ts';
import {
	DEMO_STAFF_NAME,
	DEMO_STAFF_PASSWORD,
	expectNoAxeViolations,
	guestScreenReady,
	logIn,
	recordResponses,
	screenshot,
	seedApiKeys,
	simulator
} from './support.ts';

test.beforeEach(async ({ request }) => {
	await request.post(`${simulator}/_sim/reset`);
});

test('login refuses a wrong password and lets the demo password in', async ({ page }) => {
	await page.goto('/setup');
	await expect(page).toHaveURL(/\/setup\/login\?next=%2Fsetup$/);
	await page.getByLabel('Your name').fill('Eve');
	await page.getByLabel('Password').fill('not-the-password');
	await page.getByRole('button', { name: 'Log in' }).click();
	await expect(page.getByText('That password is not right. Please try again.')).toBeVisible();
	await expect(page.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');
	await expectNoAxeViolations(page);
	await logIn(page);
	await expectNoAxeViolations(page);
});

test('the dashboard and device page show identity, desks, authorities, features and deposits', async ({
	page
}) => {
	await logIn(page);
	const kiosk = page.getByRole('article').filter({ hasText: 'Main Stage Kiosk 1' });
	await expect(kiosk).toContainText('Ordering kiosk · Riverside Open Air · Main Stage Bar');
	await expect(kiosk.getByText('Reusable-cup deposits: on')).toBeVisible();
	await expect(kiosk.getByText('Loyalty credits: on')).toBeVisible();
	await expect(kiosk.getByText('App orders (order board): off')).toBeVisible();
	await expect(
		page
			.getByRole('article')
			.filter({ hasText: 'Main Stage Order Board' })
			.getByText('App orders (order board): on')
	).toBeVisible();

	await kiosk.getByRole('link', { name: 'Main Stage Kiosk 1' }).click();
	await expect(page.getByRole('heading', { level: 1, name: 'Main Stage Kiosk 1' })).toBeVisible();
	await expect(page.getByText('Uferweg 1, 10557 Berlin, Germany')).toBeVisible();
	await expect(page.getByText('REVO, CREDIT, KIOSK')).toBeVisible();
	await expect(page.getByText('Table 2 (TABLE): closed')).toBeVisible();
	await expect(page.getByText('Active: 7 products issue containers')).toBeVisible();
	await expect(
		page.getByText('Reusable cup 0.4 l: €2.00 deposit, return within 48 h')
	).toBeVisible();
	await expectNoAxeViolations(page);
	await screenshot(page, 'setup-device');
});

test('adding a device verifies the key, says clearly why it fails, and never shows the key again', async ({
	page,
	request
}) => {
	// Six verifications, one of them through four platform time-outs, and three axe scans: more
	// than the default 30 s on a loaded machine, though nothing here waits on the machine's speed.
	test.slow();
	const keys = await seedApiKeys(request);
	const bodies = recordResponses(page);
	await logIn(page);
	await page.getByRole('link', { name: 'Add a device' }).click();

	const attempt = async (key: string) => {
		await page.getByLabel('Name on this kiosk').fill('Garden kiosk');
		await page.getByLabel('API key').fill(key);
		await page.getByRole('radio', { name: 'Simulator (demo)' }).check();
		await page.getByRole('radio', { name: 'Ordering kiosk' }).check();
		await page.getByRole('button', { name: 'Verify and save' }).click();
	};
	const apiKeyError = page.locator('#apiKey-error');

	await attempt('wrong.key.value');
	await expect(apiKeyError).toHaveText(/wrong or the device is disabled \(401\)/);
	await expect(page.getByLabel('Name on this kiosk')).toHaveValue('Garden kiosk');
	await expect(page.getByLabel('API key')).toHaveValue('');
	await expectNoAxeViolations(page);

	await attempt(keys.dev_retired_main!);
	await expect(apiKeyError).toHaveText(/wrong or the device is disabled \(401\)/);

	for (const [status, text] of [
		[403, 'no access to the device details (403)'],
		[404, 'could not find the device of this key (404)']
	] as const) {
		await request.post(`${simulator}/_sim/faults`, {
			data: { path: '/v1/integrations/me', mode: 'status', status }
		});
		await attempt(keys.dev_kiosk_garden!);
		await expect(apiKeyError).toContainText(text);
	}

	await request.post(`${simulator}/_sim/faults`, {
		data: { path: '/v1/integrations/me', mode: 'delay', delayMs: 2500, count: 4 }
	});
	await attempt(keys.dev_kiosk_garden!);
	await expect(apiKeyError).toHaveText('The platform did not answer in time. Please try again.', {
		timeout: 20_000
	});
	await request.delete(`${simulator}/_sim/faults`);

	await page.getByRole('radio', { name: 'Other address' }).check();
	await page.getByLabel('API key').fill(keys.dev_kiosk_garden!);
	await page.getByLabel('Platform address (for “Other address”)').fill('http://127.0.0.1:9');
	await page.getByRole('button', { name: 'Verify and save' }).click();
	await expect(apiKeyError).toContainText('The platform could not be reached');

	await attempt(keys.dev_kiosk_garden!);
	await expect(page.getByRole('status')).toHaveText('The key works. The device is saved.');
	await expect(page.getByRole('heading', { level: 1, name: 'Garden kiosk' })).toBeVisible();
	await expect(page.getByText('Garden Food Court', { exact: true })).toBeVisible();
	await expectNoAxeViolations(page);

	await page.goto('/setup/devices/new');
	await attempt(keys.dev_kiosk_garden!);
	await expect(apiKeyError).toHaveText('A device with this key exists already.');

	for (const body of await bodies()) {
		for (const key of Object.values(keys))
			expect(body.includes(key), body.slice(0, 120)).toBe(false);
	}
});

test('pairing a screen, and leaving guest mode only with the PIN', async ({ page }) => {
	await logIn(page);
	await page.getByRole('link', { name: 'Main Stage Return Station' }).click();
	await page.getByRole('button', { name: 'Pair this browser as Return station' }).click();
	// A browser paired as a return station goes on from /screen to the return station.
	await expect(page).toHaveURL(/\/return$/);
	await expect(page.getByText('Main Stage Bar', { exact: true })).toBeVisible();
	await expect(
		page.getByRole('heading', {
			level: 1,
			name: 'Return your cups — scan the code on your receipt'
		})
	).toBeVisible();
	await expectNoAxeViolations(page);

	// Press and hold the top left corner: after 3 seconds the dialog opens, still held.
	const holdCorner = async (title: string) => {
		await guestScreenReady(page);
		const corner = page.getByRole('button', { name: 'Leave guest mode' });
		const box = (await corner.boundingBox())!;
		await page.mouse.move(box.x + 10, box.y + 10);
		await page.mouse.down();
		const dialog = page.getByRole('dialog', { name: title });
		await expect(dialog).toBeVisible({ timeout: 8_200 });
		await page.mouse.up();
		return dialog;
	};
	const dialog = await holdCorner('Leave guest mode');
	// Leaving to the setup pages with the pairing kept comes first; unpairing is the second.
	await expect(dialog.locator('.actions button')).toHaveText([
		'Leave to setup, keep pairing',
		'Unpair and leave',
		'Cancel'
	]);
	for (const digit of '9999')
		await dialog.getByRole('button', { name: digit, exact: true }).click();
	await dialog.getByRole('button', { name: 'Leave to setup, keep pairing' }).click();
	await expect(dialog.getByText('Wrong PIN.')).toBeVisible();
	await expectNoAxeViolations(page);

	await dialog.getByRole('button', { name: 'C', exact: true }).click();
	for (const digit of '1234')
		await dialog.getByRole('button', { name: digit, exact: true }).click();
	await dialog.getByRole('button', { name: 'Leave to setup, keep pairing' }).click();
	await expect(page).toHaveURL(/\/setup$/);
	// Still paired: /screen goes on to the return station.
	await page.goto('/screen');
	await expect(page).toHaveURL(/\/return$/);

	// In the guest's German (the dialog loads in the screen's language now), unpairing as well:
	// the browser is no screen any more.
	await guestScreenReady(page);
	await page
		.getByRole('group', { name: 'Language' })
		.getByRole('button', { name: 'Deutsch' })
		.click();
	const dialogDe = await holdCorner('Gästemodus verlassen');
	await expect(dialogDe.locator('.actions button')).toHaveText([
		'Zur Einrichtung, Kopplung behalten',
		'Entkoppeln und verlassen',
		'Abbrechen'
	]);
	for (const digit of '1234')
		await dialogDe.getByRole('button', { name: digit, exact: true }).click();
	await dialogDe.getByRole('button', { name: 'Entkoppeln und verlassen' }).click();
	await expect(page).toHaveURL(/\/setup$/);
	await page.goto('/screen');
	await expect(page.getByText(/not paired with a device|mit keinem Gerät gekoppelt/)).toBeVisible();
});

test('PINs typed at a browser that is no screen count nothing: its staff login still gets in', async ({
	request,
	baseURL
}) => {
	for (let i = 0; i < 10; i += 1) {
		const exit = await request.post('/screen?/exit', {
			form: { pin: '0000' },
			headers: { origin: baseURL!, accept: 'text/html' },
			maxRedirects: 0
		});
		// Nothing to leave: on to the setup pages, whose login guards them.
		expect(exit.status()).toBe(303);
		expect(exit.headers().location).toBe('/setup');
	}
	const login = await request.post('/setup/login', {
		form: { name: DEMO_STAFF_NAME, password: DEMO_STAFF_PASSWORD },
		headers: { origin: baseURL!, accept: 'text/html' },
		maxRedirects: 0
	});
	expect(login.status()).toBe(303);
});

test('setup speaks German after choosing Deutsch', async ({ page }) => {
	await logIn(page);
	await page.getByRole('button', { name: 'Deutsch' }).click();
	await expect(page.getByRole('heading', { level: 1, name: 'Geräte' })).toBeVisible();
	await expect(page.getByRole('button', { name: 'Abmelden' })).toBeVisible();
	await expect(page.locator('html')).toHaveAttribute('lang', 'de');
	await expectNoAxeViolations(page);
	// The menu's categories by their names in the staff's language, as the kiosk shows them.
	await page.goto('/setup/menu');
	const water = page
		.getByRole('row')
		.filter({ has: page.getByRole('rowheader', { name: /drink_water/ }) });
	await expect(water.getByRole('cell', { name: 'Alkoholfrei', exact: true })).toBeVisible();
	await page.getByRole('button', { name: 'English' }).click();
	await expect(water.getByRole('cell', { name: 'Soft drinks', exact: true })).toBeVisible();
});

test('in demo mode the home page pairs a screen without a staff login', async ({ page }) => {
	await page.goto('/');
	await page.getByRole('button', { name: 'Ordering kiosk' }).click();
	// A browser paired as an ordering kiosk goes straight to the guest ordering screen.
	await expect(page).toHaveURL(/\/kiosk$/);
	await expect(page.getByRole('button', { name: /Tap to order/ })).toContainText('Main Stage Bar');
});

test('kiosk settings: payment mode, fee, VAT and idle time are saved; bad values are refused', async ({
	page
}) => {
	await logIn(page);
	const section = page.getByRole('region', { name: 'Ordering kiosk settings' });
	await section.getByLabel('Service fee per sale (0 for none) (EUR)').fill('0,5');
	await section.getByLabel('VAT rate of the service fee (%)').fill('7.5');
	await section.getByRole('button', { name: 'Save kiosk settings' }).click();
	await expect(page.getByRole('alert')).toContainText('Please check the values');

	await section.getByRole('radio', { name: /Credits only/ }).check();
	await section.getByLabel('Service fee per sale (0 for none) (EUR)').fill('0,5');
	await section.getByLabel('VAT rate of the service fee (%)').fill('19');
	await section.getByLabel(/Seconds without a touch/).fill('90');
	await section.getByRole('button', { name: 'Save kiosk settings' }).click();
	await expect(page.getByRole('status')).toHaveText('The kiosk settings are saved.');
	await page.reload();
	await expect(section.getByRole('radio', { name: /Credits only/ })).toBeChecked();
	await expect(section.getByLabel('Service fee per sale (0 for none) (EUR)')).toHaveValue('0.5');
	await expect(section.getByLabel(/Seconds without a touch/)).toHaveValue('90');
	await expectNoAxeViolations(page);

	// Back to the defaults for the other tests of this server.
	await section.getByRole('radio', { name: /Split payment/ }).check();
	await section.getByLabel('Service fee per sale (0 for none) (EUR)').fill('0');
	await section.getByLabel(/Seconds without a touch/).fill('60');
	await section.getByRole('button', { name: 'Save kiosk settings' }).click();
	await expect(page.getByRole('status')).toHaveText('The kiosk settings are saved.');
});
