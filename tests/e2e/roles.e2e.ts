/**
 * Roles and the audit log (docs/manual.md, The back office): the login asks who is there, the
 * password decides the role. Staff find a sale and print a copy but cannot refund or reach a
 * manager's page (a clear 403, never a 500); a manager refunds and changes settings, and both land
 * in the audit log with the manager's name. First run on a fresh, non-demo server creates both
 * passwords and refuses bad input in words, in English and German.
 */
import { rmSync } from 'node:fs';
import { type Page } from '@playwright/test';
import { expect, test } from './test.ts';
import { ownPorts, SIM_PORT } from '../../playwright.config.ts';
import { pilsAndPretzelAtPayment } from './kiosk-support.ts';
import { startProductionServer, type ProductionServer } from './processes.ts';
import {
	DEMO_MANAGER_NAME,
	DEMO_STAFF_NAME,
	DEMO_STAFF_PASSWORD,
	expectNoAxeViolations,
	logIn,
	logInAsStaff,
	screenshot,
	simulator,
	staffPageReady
} from './support.ts';

test.use({ hasTouch: true });

test.beforeEach(async ({ request }) => {
	await request.post(`${simulator}/_sim/reset`);
});

/** A guest pays 2 × Pilsner and a pretzel (€18.00) by card at the kiosk; its order number. */
async function cardSale(page: Page): Promise<string> {
	await pilsAndPretzelAtPayment(page);
	await page.getByRole('button', { name: /^Pay by card/ }).tap();
	await page.getByRole('button', { name: 'Approve payment' }).tap();
	await expect(page.getByRole('heading', { level: 1, name: 'Thank you!' })).toBeVisible();
	return (await page.getByTestId('order-number').textContent())!;
}

async function openSale(page: Page, orderNumber: string): Promise<void> {
	await page.goto('/setup/sales');
	const form = page.getByTestId('sale-search');
	await form.getByLabel('Order number').fill(orderNumber);
	await form.getByRole('button', { name: 'Search' }).tap();
	await page.getByTestId('sales').getByRole('link', { name: orderNumber }).tap();
	await expect(page.getByRole('heading', { level: 1, name: `Sale ${orderNumber}` })).toBeVisible();
	await expect(page.locator('main[data-ready]')).toBeAttached();
}

test('the login asks for a name and says what is wrong, in English and German, never a 500', async ({
	page,
	request,
	baseURL
}) => {
	await page.goto('/setup/login');
	// Only spaces: the browser lets it through, the server names it.
	await page.getByLabel('Your name').fill('   ');
	await page.getByLabel('Password').fill(DEMO_STAFF_PASSWORD);
	await page.getByRole('button', { name: 'Log in' }).tap();
	await expect(page.getByText('Please enter your name.')).toBeVisible();
	await expect(page.getByLabel('Your name')).toHaveAttribute('aria-invalid', 'true');
	await expectNoAxeViolations(page);

	await page.getByRole('button', { name: 'Deutsch' }).tap();
	await expect(
		page.getByRole('heading', { level: 1, name: 'Anmeldung für Personal' })
	).toBeVisible();
	await page.getByLabel('Ihr Name').fill('   ');
	await page.getByLabel('Passwort').fill(DEMO_STAFF_PASSWORD);
	await page.getByRole('button', { name: 'Anmelden' }).tap();
	await expect(page.getByText('Bitte geben Sie Ihren Namen ein.')).toBeVisible();
	await page.getByRole('button', { name: 'English' }).tap();
	await expect(page.getByRole('heading', { level: 1, name: 'Staff login' })).toBeVisible();

	// Past the field's limit (a browser would stop typing at 60): refused, named, nothing opened.
	const tooLong = await request.post('/setup/login', {
		form: { name: 'N'.repeat(61), password: DEMO_STAFF_PASSWORD },
		headers: { origin: baseURL!, accept: 'text/html' },
		maxRedirects: 0
	});
	expect(tooLong.status()).toBe(400);
	expect(await tooLong.text()).toContain('Your name can have at most 60 characters.');
	expect(tooLong.headers()['set-cookie'] ?? '').not.toContain('kiosk_staff=');

	// Right name and password: in, and the header says who and as what.
	await logInAsStaff(page);
	await expect(page.getByTestId('logged-in-as')).toHaveText(`${DEMO_STAFF_NAME} (Staff)`);
});

test('staff find a sale and print a copy, but cannot refund or reach a manager’s page', async ({
	browser,
	baseURL
}) => {
	const kiosk = await (await browser.newContext({ hasTouch: true })).newPage();
	const orderNumber = await cardSale(kiosk);

	const page = await (await browser.newContext({ hasTouch: true })).newPage();
	await logInAsStaff(page);
	const nav = page.getByRole('navigation', { name: 'Setup' });
	await expect(nav.getByRole('link', { name: 'Sales' })).toBeVisible();
	await expect(nav.getByRole('link', { name: 'Audit log' })).toHaveCount(0);
	await expect(nav.getByRole('link', { name: 'Menu' })).toHaveCount(0);
	// The devices, but no settings, passwords or "Add a device".
	await expect(page.getByRole('heading', { level: 2, name: 'Main Stage Kiosk 1' })).toBeVisible();
	await expect(page.getByRole('region', { name: 'Order board settings' })).toHaveCount(0);
	await expect(page.getByRole('region', { name: 'Passwords' })).toHaveCount(0);
	await expect(page.getByRole('link', { name: 'Add a device' })).toHaveCount(0);

	await openSale(page, orderNumber);
	await expect(page.getByTestId('sale-card')).toHaveText('€18.00');
	const refund = page.getByRole('region', { name: 'Refund' });
	await expect(refund).toContainText('Refunds need a manager login.');
	await expect(refund.getByRole('button', { name: 'Review refund' })).toHaveCount(0);
	await expect(page.getByRole('button', { name: 'Print a copy' })).toBeVisible();
	await expect(page.getByRole('article', { name: 'Receipt' }).getByText('Copy')).toBeVisible();
	await expectNoAxeViolations(page);
	await screenshot(page, 'roles-staff-sale');

	// Sent anyway, as a form would: 403 with the manager message; nothing refunded.
	const saleUrl = page.url();
	const refundPost = await page.request.post(`${saleUrl}?/refund`, {
		form: { requestId: crypto.randomUUID(), credits: 'false', cardAmount: '18.00' },
		headers: { origin: baseURL!, accept: 'text/html' },
		maxRedirects: 0
	});
	expect(refundPost.status()).toBe(403);
	expect(await refundPost.text()).toContain('This needs a manager');
	const settingsPost = await page.request.post('/setup?/orderBoard', {
		form: { warnAfterMinutes: '1', lateAfterMinutes: '2', order: 'newest' },
		headers: { origin: baseURL!, accept: 'text/html' },
		maxRedirects: 0
	});
	expect(settingsPost.status()).toBe(403);
	const reportCsv = await page.request.get('/setup/reports/day/report.csv?day=2026-11-22');
	expect(reportCsv.status()).toBe(403);
	for (const path of [
		'/setup/audit',
		'/setup/menu',
		'/setup/devices/new',
		'/setup/reports/day',
		'/setup/returns'
	]) {
		const response = await page.goto(path);
		expect(response?.status(), path).toBe(403);
		await expect(
			page.getByRole('heading', { level: 1, name: 'This needs a manager' })
		).toBeVisible();
		await expect(page.getByRole('alert')).toContainText('log in with the manager password');
	}
	await screenshot(page, 'roles-staff-403');
	await expectNoAxeViolations(page);
	await page.getByRole('button', { name: 'Deutsch' }).tap();
	await expect(
		page.getByRole('heading', { level: 1, name: 'Dafür braucht es die Leitung' })
	).toBeVisible();
	await page.getByRole('button', { name: 'English' }).tap();
	await expect(page.getByRole('heading', { level: 1, name: 'This needs a manager' })).toBeVisible();

	await page.goto(saleUrl);
	await expect(page.getByRole('region', { name: 'Refund' })).toContainText(
		'Refunds need a manager login.'
	);
	await expect(page.getByRole('region', { name: 'Refund' }).getByTestId('refunds')).toHaveCount(0);
});

test('a manager’s settings change and refund are in the audit log with the name; filter, pages and CSV', async ({
	browser
}) => {
	test.setTimeout(120_000);
	const kiosk = await (await browser.newContext({ hasTouch: true })).newPage();
	const orderNumber = await cardSale(kiosk);

	const page = await (await browser.newContext({ hasTouch: true })).newPage();
	await logIn(page);
	await expect(page.getByTestId('logged-in-as')).toHaveText(`${DEMO_MANAGER_NAME} (Manager)`);

	// A setting: the order board turns amber a minute later (put back at the end).
	const board = page.getByRole('region', { name: 'Order board settings' });
	const warn = board.getByLabel(/Minutes until an order turns amber/);
	const before = Number(await warn.inputValue());
	await warn.fill(String(before + 1));
	await board.getByRole('button', { name: 'Save order board settings' }).tap();
	await expect(page.getByRole('status')).toHaveText('The order board settings are saved.');

	// A refund of €5.00 of the card.
	await openSale(page, orderNumber);
	const panel = page.getByRole('region', { name: 'Refund' });
	await panel.getByLabel(/Card amount to give back/).fill('5');
	await panel.getByRole('button', { name: 'Review refund' }).tap();
	await panel
		.getByRole('group', { name: 'Confirm the refund' })
		.getByRole('button', { name: 'Refund €5.00 now' })
		.tap();
	await expect(panel.getByRole('status')).toHaveText(
		'Refund sent. Its outcome is in the list below.'
	);

	await page
		.getByRole('navigation', { name: 'Setup' })
		.getByRole('link', { name: 'Audit log' })
		.tap();
	await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
	const rows = page.getByTestId('audit').locator('tbody tr');
	await expect(rows.nth(0)).toContainText('Refund outcome');
	await expect(rows.nth(0)).toContainText(`${DEMO_MANAGER_NAME} (Manager)`);
	await expect(rows.nth(0)).toContainText('"outcome":"refunded"');
	await expect(rows.nth(0).getByRole('link', { name: orderNumber })).toBeVisible();
	await expect(rows.nth(1)).toContainText('Refund confirmed');
	await expect(rows.nth(1)).toContainText('cardMinor: 500');
	const boardRow = rows.filter({ hasText: 'Order board settings' }).first();
	await expect(boardRow).toContainText(DEMO_MANAGER_NAME);
	await expect(boardRow).toContainText(`warnAfterMinutes: ${before} → ${before + 1}`);
	await expectNoAxeViolations(page);
	await screenshot(page, 'roles-audit-log');

	// Filtered by action, and by today on the venue's clock.
	// (Other tests of this server may have refunded too: ours is there once, and only outcomes.)
	const onlyOurs = async () => {
		await expect(rows.filter({ hasText: orderNumber })).toHaveCount(1);
		await expect(rows.filter({ hasNotText: 'Refund outcome' })).toHaveCount(0);
	};
	await page.getByLabel('Action').selectOption({ label: 'Refund outcome' });
	await page.getByRole('button', { name: 'Show' }).tap();
	await expect(page).toHaveURL(/action=refund.outcome/);
	await onlyOurs();
	const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin' }).format(new Date());
	await page.getByLabel('Day').fill(today);
	await page.getByRole('button', { name: 'Show' }).tap();
	await expect(page).toHaveURL(new RegExp(`day=${today}`));
	await onlyOurs();
	await page.getByLabel('Day').fill('2020-01-01');
	await page.getByRole('button', { name: 'Show' }).tap();
	await expect(page.getByRole('status')).toHaveText('No entries.');
	await page.goto('/setup/audit?day=yesterday');
	await expect(page.getByRole('alert')).toContainText('Nothing was listed');
	await expect(page.getByRole('alert').getByRole('listitem')).toHaveText(['Day']);

	// The CSV of the page's filter.
	await page.goto('/setup/audit?action=settings.order-board');
	const csvHref = await page.getByRole('link', { name: 'Export as CSV' }).getAttribute('href');
	const csv = await page.request.get(csvHref!);
	expect(csv.headers()['content-type']).toContain('text/csv');
	const text = await csv.text();
	expect(text.split('\r\n')[0]).toBe('id,at,actorName,actorRole,action,subject,details');
	expect(text).toContain(`${DEMO_MANAGER_NAME},manager,settings.order-board`);
	expect(text).not.toContain('refund.outcome');

	// German labels.
	await page.getByRole('button', { name: 'Deutsch' }).tap();
	await expect(page.getByRole('heading', { level: 1, name: 'Protokoll' })).toBeVisible();
	await expect(rows.first()).toContainText('Bestelltafel-Einstellungen');
	await expectNoAxeViolations(page);
	await page.getByRole('button', { name: 'English' }).tap();
	await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();

	// Back to what it was, for the other tests of this server.
	await page.goto('/setup');
	await staffPageReady(page);
	await warn.fill(String(before));
	await board.getByRole('button', { name: 'Save order board settings' }).tap();
	await expect(page.getByRole('status')).toHaveText('The order board settings are saved.');
});

test.describe('first run on a fresh server (not demo)', () => {
	const port = ownPorts(6);
	const origin = `http://127.0.0.1:${port}`;
	const dataDir = `test-results/first-run-${port}`;
	let server: ProductionServer | undefined;

	test.beforeAll(async ({ request }) => {
		test.setTimeout(60_000);
		rmSync(dataDir, { recursive: true, force: true });
		// Not demo: no passwords are made for us.
		server = await startProductionServer(request, {
			port,
			platformUrl: `http://127.0.0.1:${SIM_PORT}`,
			dataDir
		});
	});
	test.afterAll(() => {
		server?.process.kill('SIGKILL');
	});

	test('asks for a name and two different passwords, names every problem, and logs the manager in', async ({
		page,
		request
	}) => {
		await page.goto(`${origin}/setup`);
		await expect(page).toHaveURL(`${origin}/setup/first-run`);
		await expect(
			page.getByRole('heading', { level: 1, name: 'Create the passwords' })
		).toBeVisible();
		await expect(page.locator('main[data-ready]')).toBeAttached();

		const setupCode = await server!.setupCode();
		const fill = async (name: string, staff: string, manager: string) => {
			await page.getByLabel('Set-up code').fill(setupCode);
			await page.getByLabel('Your name').fill(name);
			await page.getByLabel('Staff password', { exact: true }).fill(staff);
			await page.getByLabel('Repeat the staff password').fill(staff);
			await page.getByLabel('Manager password', { exact: true }).fill(manager);
			await page.getByLabel('Repeat the manager password').fill(manager);
		};
		await fill('  ', 'same-pass-1', 'same-pass-1');
		await page.getByRole('button', { name: 'Create passwords' }).tap();
		await expect(page.getByText('Please enter your name.')).toBeVisible();
		await expect(
			page.getByText('The staff password and the manager password must be different.')
		).toBeVisible();
		await expect(page.getByLabel('Manager password', { exact: true })).toHaveAttribute(
			'aria-invalid',
			'true'
		);
		await expectNoAxeViolations(page);
		await screenshot(page, 'roles-first-run-refused');

		await page.getByRole('button', { name: 'Deutsch' }).tap();
		await expect(page.getByRole('heading', { level: 1, name: 'Passwörter anlegen' })).toBeVisible();
		await page.getByLabel('Einrichtungscode').fill(setupCode);
		await page.getByLabel('Ihr Name').fill('   ');
		await page.getByLabel('Personal-Passwort', { exact: true }).fill('same-pass-1');
		await page.getByLabel('Personal-Passwort wiederholen').fill('same-pass-1');
		await page.getByLabel('Leitungs-Passwort', { exact: true }).fill('same-pass-1');
		await page.getByLabel('Leitungs-Passwort wiederholen').fill('same-pass-1');
		await page.getByRole('button', { name: 'Passwörter anlegen' }).tap();
		await expect(page.getByText('Bitte geben Sie Ihren Namen ein.')).toBeVisible();
		await expect(
			page.getByText('Personal-Passwort und Leitungs-Passwort müssen verschieden sein.')
		).toBeVisible();
		await page.getByRole('button', { name: 'English' }).tap();

		// Past the fields' limits, as a script would send them: words, not a 500; nothing created.
		const refused = await request.post(`${origin}/setup/first-run`, {
			form: {
				name: 'N'.repeat(61),
				password: 'short',
				confirm: 'short',
				managerPassword: 'manager-pass-1',
				managerConfirm: 'manager-pass-2'
			},
			headers: { origin, accept: 'text/html' },
			maxRedirects: 0
		});
		expect(refused.status()).toBe(400);
		const body = await refused.text();
		expect(body).toContain('Your name can have at most 60 characters.');
		expect(body).toContain('The password needs at least 8 characters.');
		expect(body).toContain('The two passwords are not the same.');

		await fill('Frieda First', 'staff-pass-1', 'manager-pass-1');
		await page.getByRole('button', { name: 'Create passwords' }).tap();
		await expect(page.getByRole('heading', { level: 1, name: 'Devices' })).toBeVisible();
		await expect(page.getByTestId('logged-in-as')).toHaveText('Frieda First (Manager)');
		await page.goto(`${origin}/setup/audit`);
		const first = page.getByTestId('audit').locator('tbody tr').first();
		await expect(first).toContainText('Passwords created (first run)');
		await expect(first).toContainText('Frieda First (Manager)');
		expect(await page.content()).not.toContain('pass-1');

		// The staff password logs in as staff.
		await page.getByRole('button', { name: 'Log out' }).tap();
		await page.getByLabel('Your name').fill('Sam');
		await page.getByLabel('Password').fill('staff-pass-1');
		await page.getByRole('button', { name: 'Log in' }).tap();
		await expect(page.getByTestId('logged-in-as')).toHaveText('Sam (Staff)');
	});
});
