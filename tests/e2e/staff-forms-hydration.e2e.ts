/**
 * Staff forms keep what is typed while the page hydrates. The setup pages post their forms
 * natively, so on a slow tablet a staff member types into the server-rendered form before its
 * scripts have run; hydration must not set the fields back to the values the page was rendered
 * with. Each test holds the page's scripts, types, releases them, waits for the page to be
 * hydrated and checks that what was typed is still shown and is what the form sends.
 */
import { type Page, type Request } from '@playwright/test';
import { expect, test } from './test.ts';
import { holdScripts, logIn, simulator, staffPageReady } from './support.ts';

test.beforeEach(async ({ request }) => {
	await request.post(`${simulator}/_sim/reset`);
});

/** The next native form post of the page to `path`. */
function nextPost(page: Page, path: string): Promise<Request> {
	return page.waitForRequest(
		(request) => request.method() === 'POST' && new URL(request.url()).pathname === path
	);
}

function sentFields(request: Request): Record<string, string> {
	return Object.fromEntries(new URLSearchParams(request.postData() ?? ''));
}

test('kiosk settings keep what is typed after a refused save while the page hydrates', async ({
	page
}) => {
	await logIn(page);
	const section = page.getByRole('region', { name: 'Ordering kiosk settings' });
	const fee = section.getByLabel('Service fee per sale (0 for none) (EUR)');
	const idle = section.getByLabel(/Seconds without a touch/);
	const creditsOnly = section.getByRole('radio', { name: /Credits only/ });

	const releaseScripts = await holdScripts(page);
	await fee.fill('0,5');
	await section.getByLabel('VAT rate of the service fee (%)').fill('7.5');
	await section.getByRole('button', { name: 'Save kiosk settings' }).click();
	await expect(page.getByRole('alert')).toContainText('Please check the values');

	// Typed into the refused page before it is hydrated; the idle time is refused again, so
	// nothing is saved for the other tests.
	await creditsOnly.check();
	await fee.fill('0,25');
	await idle.fill('5');
	releaseScripts();
	await staffPageReady(page);
	await expect(creditsOnly).toBeChecked();
	await expect(fee).toHaveValue('0,25');
	await expect(idle).toHaveValue('5');

	const sent = nextPost(page, '/setup');
	await section.getByRole('button', { name: 'Save kiosk settings' }).click();
	expect(sentFields(await sent)).toMatchObject({
		creditPaymentType: 'CREDIT',
		serviceFee: '0,25',
		idleSeconds: '5'
	});
	await expect(page.getByRole('alert')).toContainText('Please check the values');
});

test('a new device keeps what is typed after a refused key while the page hydrates', async ({
	page
}) => {
	await logIn(page);
	await page.goto('/setup/devices/new');
	await staffPageReady(page);
	await page.getByLabel('Name on this kiosk').fill('Garden kiosk');
	await page.getByLabel('API key').fill('wrong.key.value');
	const releaseScripts = await holdScripts(page);
	await page.getByRole('button', { name: 'Verify and save' }).click();
	await expect(page.locator('#apiKey-error')).toHaveText(/wrong or the device is disabled/);

	await page.getByLabel('Name on this kiosk').fill('Patio board');
	await page.getByRole('radio', { name: 'Other address' }).check();
	await page.getByLabel('Platform address (for “Other address”)').fill('http://127.0.0.1:9');
	await page.getByRole('radio', { name: 'Order board' }).check();
	releaseScripts();
	await staffPageReady(page);
	await expect(page.getByLabel('Name on this kiosk')).toHaveValue('Patio board');
	await expect(page.getByRole('radio', { name: 'Other address' })).toBeChecked();
	await expect(page.getByLabel('Platform address (for “Other address”)')).toHaveValue(
		'http://127.0.0.1:9'
	);
	await expect(page.getByRole('radio', { name: 'Order board' })).toBeChecked();

	await page.getByLabel('API key').fill('wrong.key.value');
	const sent = nextPost(page, '/setup/devices/new');
	await page.getByRole('button', { name: 'Verify and save' }).click();
	expect(sentFields(await sent)).toMatchObject({
		name: 'Patio board',
		environment: 'custom',
		baseUrl: 'http://127.0.0.1:9',
		mode: 'board'
	});
	await expect(page.locator('#apiKey-error')).toContainText('The platform could not be reached');
});

test('the sales search keeps what is typed while the page hydrates, and follows the address', async ({
	page
}) => {
	await logIn(page);
	const form = page.getByTestId('sale-search');
	const releaseScripts = await holdScripts(page);
	await page.goto('/setup/sales?order=1111', { waitUntil: 'commit' });
	await expect(form.getByLabel('Order number')).toHaveValue('1111');

	await form.getByLabel('Order number').fill('4242');
	await form.getByLabel('Amount from').fill('5');
	await form.getByLabel('Status').selectOption({ label: 'Paid' });
	releaseScripts();
	await staffPageReady(page);
	await expect(form.getByLabel('Order number')).toHaveValue('4242');
	await expect(form.getByLabel('Amount from')).toHaveValue('5');
	await expect(form.getByLabel('Status')).toHaveValue('paid');

	await form.getByRole('button', { name: 'Search' }).click();
	await expect(page).toHaveURL(/[?&]order=4242&.*status=paid&.*min=5(&|$)/);
	// The search is a navigation within the page: the fields follow the address, here emptied.
	await form.getByRole('link', { name: 'Clear' }).click();
	await expect(page).toHaveURL(/\/setup\/sales$/);
	await expect(form.getByLabel('Order number')).toHaveValue('');
	await expect(form.getByLabel('Amount from')).toHaveValue('');
});

test('the menu names form keeps what is typed while the page hydrates', async ({ page }) => {
	await logIn(page);
	const releaseScripts = await holdScripts(page);
	await page.goto('/setup/menu');
	const names = page.getByRole('group', { name: /^Pretzel/ });
	const english = names.getByLabel('Name (English)', { exact: true });
	const german = names.getByLabel('Name (Deutsch)', { exact: true });
	// Refused (a product keeps its English name), so nothing is saved for the other tests.
	await english.fill(' ');
	await german.fill('Laugenbrezel');
	releaseScripts();
	await staffPageReady(page);
	await expect(english).toHaveValue(' ');
	await expect(german).toHaveValue('Laugenbrezel');

	const sent = nextPost(page, '/setup/menu');
	await names.getByRole('button', { name: 'Save the names of Pretzel' }).click();
	expect(sentFields(await sent)).toMatchObject({ 'name-en': ' ', 'name-de': 'Laugenbrezel' });
	await expect(page.getByRole('alert')).toHaveText(
		'A product needs its name in English. Nothing was changed.'
	);
});
