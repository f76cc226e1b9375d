/**
 * Setting up counter orders (spec 2) as staff meet it in demo mode: the device page's order callback
 * address — copied, rotated (the old address refused at once, the demo simulator told the new
 * one), on no other page — and the order board settings on the setup page.
 */
import { type Page } from '@playwright/test';
import { expect, test } from './test.ts';
import { KIOSK_URL } from '../../playwright.config.ts';
import { expectNoAxeViolations, logIn, recordResponses, screenshot, simulator } from './support.ts';

const ADDRESS = new RegExp(`^${KIOSK_URL.replaceAll('.', '\\.')}/api/orders/callback/[\\w-]{43}$`);

test.beforeEach(async ({ request }) => {
	await request.post(`${simulator}/_sim/reset`);
});

async function openDevice(page: Page, name: string): Promise<string> {
	await page.goto('/setup');
	await page.getByRole('link', { name }).click();
	await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
	return new URL(page.url()).pathname;
}

const callbackSection = (page: Page) =>
	page.getByRole('region', { name: 'Order callback address' });

async function shownAddress(page: Page): Promise<string> {
	const text = (await callbackSection(page).locator('code').textContent())?.trim() ?? '';
	expect(text).toMatch(ADDRESS);
	return text;
}

/** A form post as a browser sends it without JavaScript, for what the page itself never sends. */
const FORM_POST = { headers: { origin: KIOSK_URL, accept: 'text/html' }, maxRedirects: 0 };
const post = (page: Page, path: string, form: Record<string, string> = {}) =>
	page.request.post(path, { form, ...FORM_POST });

test('the board device page shows the callback address; copy puts it on the clipboard', async ({
	page,
	context
}) => {
	await context.grantPermissions(['clipboard-read', 'clipboard-write']);
	await logIn(page);
	await openDevice(page, 'Main Stage Order Board');
	const section = callbackSection(page);
	await expect(section).toContainText('enter this address in the platform', { ignoreCase: true });
	await expect(section).toContainText('rotate it if it leaked');
	const address = await shownAddress(page);
	await section.getByRole('button', { name: 'Copy' }).click();
	await expect(section.getByRole('status')).toHaveText('Copied');
	expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
	await expectNoAxeViolations(page);
	await screenshot(page, 'setup-callback');

	// A device without ORDER has no address to show.
	await openDevice(page, 'Main Stage Kiosk 1');
	await expect(callbackSection(page)).toHaveCount(0);
});

test('without clipboard access, copy selects the address to copy by hand', async ({ page }) => {
	await logIn(page);
	await openDevice(page, 'Main Stage Order Board');
	const address = await shownAddress(page);
	await page.evaluate(() => {
		navigator.clipboard.writeText = () => Promise.reject(new DOMException('denied'));
	});
	await callbackSection(page).getByRole('button', { name: 'Copy' }).click();
	await expect(callbackSection(page).getByRole('status')).toHaveText(/^Selected: press Ctrl\+C/);
	expect(await page.evaluate(() => getSelection()?.toString())).toBe(address);
});

test('rotating gives a new address: the old one answers 404 at once, the simulator is told the new one', async ({
	page,
	request
}) => {
	const bodies = recordResponses(page);
	await logIn(page);
	const devicePath = await openDevice(page, 'Main Stage Order Board');
	const old = await shownAddress(page);
	const section = callbackSection(page);

	// Nothing happens until staff confirm.
	await section.getByText('Rotate the address').click();
	await expect(section.getByText(/stops working at once/)).toBeVisible();
	await section.getByRole('button', { name: 'Rotate now' }).click();
	await expect(section.getByRole('status').first()).toHaveText(/^This is the new address/);
	const current = await shownAddress(page);
	expect(current).not.toBe(old);
	await expectNoAxeViolations(page);
	await screenshot(page, 'setup-callback-rotated');

	expect((await request.post(`${old}?orderId=ord_1`)).status()).toBe(404);
	expect((await request.post(old)).status()).toBe(404);
	expect((await request.post(current)).status()).toBe(400);

	// Demo mode: the simulator (the platform's console) was given the new address at once.
	const placed = await request.post(`${simulator}/_sim/counter-orders`, {
		data: { placeId: 'place_main_stage' }
	});
	const { id } = (await placed.json()) as { id: string };
	await request.post(`${simulator}/_sim/counter-orders/${id}/confirm-payment`);
	await expect
		.poll(async () => {
			const attempts = (await (await request.get(`${simulator}/_sim/callbacks`)).json()) as {
				orderId: string;
				url: string;
				status: number;
			}[];
			return attempts.filter((attempt) => attempt.orderId === id);
		})
		.toEqual([expect.objectContaining({ url: current, status: 200 })]);

	// The address is on the device page and nowhere else this browser goes, board included.
	const other = await openDevice(page, 'Main Stage Kiosk 1');
	// Its body is read before the next navigation, which would discard it (a busy machine is slow).
	await bodies();
	for (const path of ['/setup', '/setup/diagnostics', '/setup/menu', '/api/products', '/'])
		await page.goto(path);
	expect((await post(page, '/demo/pair', { mode: 'board' })).status()).toBe(303);
	const board = await page.request.get('/board/__data.json');
	expect(board.status()).toBe(200);
	// The other device's page, read by this browser's session itself: a recorded body of a page
	// navigated away from can be lost on a busy machine, and this one must be among those checked.
	const otherDevice = await page.request.get(other);
	expect(otherDevice.status()).toBe(200);
	const otherBody = await otherDevice.text();
	expect(otherBody).toContain('Main Stage Kiosk 1');
	const token = (address: string) => address.split('/').at(-1)!;
	const elsewhere = [
		...(await bodies()).filter((body) => !body.startsWith(`${KIOSK_URL}${devicePath}`)),
		otherBody,
		await board.text()
	];
	for (const body of elsewhere) {
		for (const secret of [token(old), token(current)])
			expect(body.includes(secret), body.slice(0, 120)).toBe(false);
	}
});

test('rotating is refused for a device without callbacks, and for staff only', async ({
	page,
	request
}) => {
	await logIn(page);
	const kiosk = await openDevice(page, 'Main Stage Kiosk 1');
	expect((await post(page, `${kiosk}?/rotateCallback`)).status()).toBe(400);
	expect((await post(page, '/setup/devices/no-such-device?/rotateCallback')).status()).toBe(404);
	const board = await openDevice(page, 'Main Stage Order Board');
	const address = await shownAddress(page);
	// Without a staff session the post goes to the login, and the address stays.
	const anonymous = await request.post(`${board}?/rotateCallback`, FORM_POST);
	expect(anonymous.status()).toBe(303);
	expect(anonymous.headers().location).toMatch(/^\/setup\/login/);
	await page.reload();
	expect(await shownAddress(page)).toBe(address);
});

test('order board settings: amber and red marks and the order are saved; bad values are refused', async ({
	page
}) => {
	await logIn(page);
	const section = page.getByRole('region', { name: 'Order board settings' });
	const amber = section.getByLabel(/Minutes until an order turns amber/);
	const red = section.getByLabel(/Minutes until an order turns red/);
	const save = section.getByRole('button', { name: 'Save order board settings' });
	await expect(amber).toHaveValue('5');
	await expect(red).toHaveValue('10');
	await expect(section.getByRole('radio', { name: 'Oldest first' })).toBeChecked();

	for (const [warn, late] of [
		['12', '8'],
		['0', '10'],
		['5', '241'],
		['five', '10']
	] as const) {
		await amber.fill(warn);
		await red.fill(late);
		await save.click();
		await expect(page.getByRole('alert')).toHaveText(/^Please check the values: amber after 1/);
	}
	expect((await post(page, '/setup?/orderBoard', { warnAfterMinutes: '3' })).status()).toBe(400);
	expect(
		(await post(page, '/setup?/orderBoard', { order: 'sideways', warnAfterMinutes: '3' })).status()
	).toBe(400);

	try {
		await amber.fill('3');
		await red.fill('8');
		await section.getByRole('radio', { name: 'Newest first' }).check();
		await save.click();
		await expect(page.getByRole('status')).toHaveText('The order board settings are saved.');
		await page.reload();
		await expect(amber).toHaveValue('3');
		await expect(red).toHaveValue('8');
		await expect(section.getByRole('radio', { name: 'Newest first' })).toBeChecked();
		await expectNoAxeViolations(page);
		await screenshot(page, 'setup-board-settings');

		await page.getByRole('button', { name: 'Deutsch' }).click();
		const german = page.getByRole('region', { name: 'Einstellungen der Bestelltafel' });
		await expect(german.getByRole('radio', { name: 'Neueste zuerst' })).toBeChecked();
		await openDevice(page, 'Main Stage Order Board');
		await expect(
			page.getByRole('region', { name: 'Rückrufadresse für Bestellungen' })
		).toContainText('Verwaltungskonsole');
	} finally {
		await page.goto('/setup');
		await page.getByRole('button', { name: 'English' }).click();
		// The page comes back in English: only then are the fields the ones to fill.
		await expect(section).toBeVisible();
		await expect(page.locator('main[data-ready]')).toBeAttached();
		await amber.fill('5');
		await red.fill('10');
		await section.getByRole('radio', { name: 'Oldest first' }).check();
		await save.click();
		await expect(page.getByRole('status')).toHaveText('The order board settings are saved.');
	}
});
