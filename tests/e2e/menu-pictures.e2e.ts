/**
 * Product pictures: staff upload one per product in the setup's menu, the ordering kiosk shows
 * it, and its address is cached for good; bad uploads are refused with their message and change
 * nothing; a picture can be removed. Each test puts the demo picture it replaced back.
 */
import sharp from 'sharp';
import { type Page } from '@playwright/test';
import { expect, test } from './test.ts';
import { beginOrder, pairKiosk } from './kiosk-support.ts';
import { expectNoAxeViolations, logIn, screenshot, simulator } from './support.ts';

// The kiosk is a touch screen (its taps are tried as taps).
test.use({ hasTouch: true });

test.beforeEach(async ({ request }) => {
	await request.post(`${simulator}/_sim/reset`);
});

const PICTURE_URL = /^\/media\/products\/[0-9a-f]{24}\.webp$/;

/** The setup menu's row of a product, by its English name. */
function row(page: Page, name: string) {
	return page
		.getByRole('row')
		.filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${name}`) }) });
}

async function pictureOf(page: Page, name: string): Promise<string | null> {
	const picture = row(page, name).locator('img');
	return (await picture.count()) === 0 ? null : picture.getAttribute('src');
}

/** Chooses a file for the product and uploads it; answers the status of the form post. */
async function upload(
	page: Page,
	name: string,
	file?: { name: string; mimeType: string; buffer: Buffer }
): Promise<number> {
	if (file) await page.getByLabel(`Picture of ${name}`, { exact: true }).setInputFiles(file);
	const [response] = await Promise.all([
		page.waitForResponse(
			(candidate) =>
				candidate.request().method() === 'POST' && candidate.url().includes('?/picture')
		),
		page.getByRole('button', { name: `Upload the picture of ${name}` }).click()
	]);
	await expect(page.locator('main[data-ready]')).toBeAttached();
	return response.status();
}

/** The picture now served at `url`, to put back afterwards as staff would upload it. */
async function download(page: Page, url: string) {
	const response = await page.request.get(url);
	expect(response.status(), url).toBe(200);
	return { name: 'before.webp', mimeType: 'image/webp', buffer: await response.body() };
}

test('a picture uploaded in setup is on the kiosk menu, served for a year under its hash', async ({
	page
}) => {
	await logIn(page);
	await page.goto('/setup/menu');
	const demo = await pictureOf(page, 'Pretzel');
	expect(demo, 'the demo set-up pictured the pretzel').toMatch(PICTURE_URL);
	const original = await download(page, demo!);

	// A photo as a phone gives it: larger than the card, another aspect ratio, a PNG.
	const photo = await sharp({
		create: { width: 1600, height: 1000, channels: 3, background: '#c2185b' }
	})
		.png()
		.toBuffer();
	expect(
		await upload(page, 'Pretzel', { name: 'pretzel.png', mimeType: 'image/png', buffer: photo })
	).toBe(200);
	await expect(page.getByRole('status')).toHaveText('The picture of Pretzel is saved.');
	const uploaded = await pictureOf(page, 'Pretzel');
	expect(uploaded).toMatch(PICTURE_URL);
	expect(uploaded).not.toBe(demo);
	await expectNoAxeViolations(page);
	await screenshot(page, 'setup-menu-pictures');

	const hash = uploaded!.slice('/media/products/'.length, -'.webp'.length);
	const served = await page.request.get(uploaded!);
	expect(served.status()).toBe(200);
	expect(served.headers()).toMatchObject({
		'content-type': 'image/webp',
		'cache-control': 'public, max-age=31536000, immutable',
		etag: `"${hash}"`
	});
	const meta = await sharp(await served.body()).metadata();
	expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['webp', 800, 600, undefined]);
	const again = await page.request.get(uploaded!, { headers: { 'if-none-match': `"${hash}"` } });
	expect(again.status()).toBe(304);
	expect(again.headers()['etag']).toBe(`"${hash}"`);
	for (const unknown of ['/media/products/000000000000000000000000.webp', '/media/products/x.webp'])
		expect((await page.request.get(unknown)).status(), unknown).toBe(404);

	// The ordering kiosk shows it on the pretzel's card.
	await pairKiosk(page);
	await beginOrder(page);
	await page
		.getByRole('navigation', { name: 'Categories' })
		.getByRole('button', { name: 'Food', exact: true })
		.tap();
	const card = page
		.getByRole('listitem')
		.filter({ has: page.getByRole('button', { name: 'Add Pretzel', exact: true }) });
	const picture = card.locator('img').first();
	await picture.scrollIntoViewIfNeeded();
	const shown = await picture.evaluate(async (image: HTMLImageElement) => {
		await image.decode();
		const canvas = document.createElement('canvas');
		canvas.width = image.naturalWidth;
		canvas.height = image.naturalHeight;
		const context = canvas.getContext('2d')!;
		context.drawImage(image, 0, 0);
		const [red, green, blue] = context.getImageData(400, 300, 1, 1).data;
		return { width: image.naturalWidth, height: image.naturalHeight, rgb: [red, green, blue] };
	});
	expect([shown.width, shown.height]).toEqual([800, 600]);
	// #c2185b, give or take WebP's rounding.
	for (const [channel, expected] of [194, 24, 91].entries())
		expect(Math.abs(shown.rgb[channel]! - expected), `channel ${channel}`).toBeLessThan(16);

	await page.goto('/setup/menu');
	await upload(page, 'Pretzel', original);
	await expect(page.getByRole('status')).toHaveText('The picture of Pretzel is saved.');
});

test('bad uploads are refused with their message, and nothing changes', async ({ page }) => {
	await logIn(page);
	await page.goto('/setup/menu');
	const before = await (await page.request.get('/setup/menu/export.json')).text();
	const alert = page.getByRole('alert');

	expect(await upload(page, 'Pretzel')).toBe(400);
	await expect(alert).toHaveText('Please choose a picture file: JPEG, PNG or WebP.');

	const text = Buffer.from('id,name\n1,Pretzel\n');
	expect(
		await upload(page, 'Pretzel', { name: 'pretzel.jpg', mimeType: 'image/jpeg', buffer: text })
	).toBe(400);
	await expect(alert).toHaveText(
		'This file is not a JPEG, PNG or WebP picture, or it is damaged. Nothing was changed.'
	);

	const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="6"/>');
	expect(
		await upload(page, 'Pretzel', { name: 'pretzel.svg', mimeType: 'image/svg+xml', buffer: svg })
	).toBe(400);
	await expect(alert).toContainText('is not a JPEG, PNG or WebP picture');

	// 8.5 MB, starting like a JPEG.
	const large = Buffer.alloc(8.5 * 1024 * 1024, 0);
	large.set([0xff, 0xd8, 0xff]);
	expect(
		await upload(page, 'Pretzel', { name: 'huge.jpg', mimeType: 'image/jpeg', buffer: large })
	).toBe(413);
	await expect(alert).toHaveText(
		'This picture is too large: at most 8 MB and 50 megapixels. Nothing was changed.'
	);

	// The product left the menu while the page was open.
	const photo = await sharp({
		create: { width: 400, height: 300, channels: 3, background: '#2a9d8f' }
	})
		.jpeg()
		.toBuffer();
	await row(page, 'Pretzel')
		.locator('form[action="?/picture"] input[name="id"]')
		.evaluate((input: HTMLInputElement) => (input.value = 'food_gone'));
	expect(
		await upload(page, 'Pretzel', { name: 'pretzel.jpg', mimeType: 'image/jpeg', buffer: photo })
	).toBe(400);
	await expect(alert).toHaveText('This product is no longer on the menu. Nothing was changed.');
	await expectNoAxeViolations(page);

	expect(await (await page.request.get('/setup/menu/export.json')).text()).toBe(before);
});

test('a picture can be removed: the product shows none, its address answers 404', async ({
	page
}) => {
	await logIn(page);
	await page.goto('/setup/menu');
	const water = 'Still water 0.5 l';
	const demo = await pictureOf(page, water);
	expect(demo).toMatch(PICTURE_URL);
	const original = await download(page, demo!);

	await page.getByRole('button', { name: `Remove the picture of ${water}` }).click();
	await expect(page.getByRole('status')).toHaveText(`The picture of ${water} is removed.`);
	expect(await pictureOf(page, water)).toBeNull();
	await expect(page.getByRole('button', { name: `Remove the picture of ${water}` })).toHaveCount(0);
	expect((await page.request.get(demo!)).status()).toBe(404);

	await upload(page, water, original);
	await expect(page.getByRole('status')).toHaveText(`The picture of ${water} is saved.`);
	expect(await pictureOf(page, water)).toMatch(PICTURE_URL);
});

test('a menu file whose picture leads to another site is refused, in the staff’s language', async ({
	page
}) => {
	await logIn(page);
	await page.goto('/setup/menu');
	const before = await (await page.request.get('/setup/menu/export.json')).text();
	const menu = JSON.parse(before) as { products: { id: string; image: string | null }[] };
	const pretzel = menu.products.findIndex((product) => product.id === 'food_pretzel');
	const importWith = async (image: string, file: string, button: string) => {
		menu.products[pretzel]!.image = image;
		await page.getByLabel(file).setInputFiles({
			name: 'menu.json',
			mimeType: 'application/json',
			buffer: Buffer.from(JSON.stringify(menu))
		});
		await page.getByRole('button', { name: button }).click();
	};
	const problem = page.getByRole('alert');

	await importWith(
		'/\\evil.example/pretzel.png',
		'JSON or CSV file',
		'Import and replace the menu'
	);
	await expect(problem).toContainText('Nothing was imported.');
	await expect(problem).toContainText(
		`product ${pretzel + 1}, image: a picture must be an address on this kiosk (a path starting with a single /, without backslashes) or an https:// address`
	);
	await expectNoAxeViolations(page);

	await page.getByRole('button', { name: 'Deutsch' }).click();
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Speisekarte');
	await importWith(
		'//evil.example/pretzel.png',
		'JSON- oder CSV-Datei',
		'Importieren und Speisekarte ersetzen'
	);
	await expect(problem).toContainText('Es wurde nichts importiert.');
	await expect(problem).toContainText(
		'ein Bild muss eine Adresse auf diesem Kiosk (ein Pfad, der mit einem einzelnen / beginnt, ohne Backslash) oder eine https://-Adresse sein'
	);

	expect(await (await page.request.get('/setup/menu/export.json')).text()).toBe(before);
});
