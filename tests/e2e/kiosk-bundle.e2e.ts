/**
 * The guest screen's initial JavaScript stays small (at most 60 KB gzip, as `npm run
 * bench:bundle` counts it): the camera scanner (html5-qrcode) is loaded only on the scan screen,
 * as its own chunk. Checked on the built app twice: the static import graph of the files the
 * kiosk page preloads (Vite's manifest), and the scripts the browser actually loads before and
 * after the scan screen opens.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from './test.ts';
import {
	CLIENT,
	clientManifest,
	gzipBytes,
	initialFiles,
	INITIAL_BUDGET_BYTES
} from './bundle-support.ts';
import { addProduct, beginOrder, pairKiosk } from './kiosk-support.ts';
import { simulator } from './support.ts';

const LIBRARY = 'html5-qrcode';

test.use({ hasTouch: true });

test.beforeEach(async ({ request }) => {
	await request.post(`${simulator}/_sim/reset`);
});

test('html5-qrcode is not in the kiosk page’s initial JavaScript, only loaded on the scan screen', async ({
	page
}) => {
	const scripts = new Map<string, string>();
	/** The body reads of the scripts received so far: awaited before `scripts` is looked at. */
	const reads: Promise<void>[] = [];
	page.on('response', (response) => {
		if (response.request().resourceType() !== 'script' && !response.url().endsWith('.js')) return;
		reads.push(
			response.text().then(
				(body) => void scripts.set(new URL(response.url()).pathname, body),
				() => {} // a redirect or an aborted load has no body
			)
		);
	});
	await pairKiosk(page);

	// 1. What the server-rendered kiosk page preloads, and everything that imports statically. (The
	// page's live links are more: a dynamic import adds its own once it runs.)
	const html = await (await page.request.get('/kiosk')).text();
	const initial = initialFiles(html, page.url());
	expect(initial.size).toBeGreaterThan(0);
	for (const file of initial) {
		expect(readFileSync(`${CLIENT}${file}`, 'utf8').includes(LIBRARY), file).toBe(false);
	}
	const withLibrary = Object.values(clientManifest()).filter((entry) =>
		readFileSync(`${CLIENT}/${entry.file}`, 'utf8').includes(LIBRARY)
	);
	expect(withLibrary.length).toBeGreaterThan(0);
	for (const entry of withLibrary) expect(initial.has(`/${entry.file}`)).toBe(false);
	expect(gzipBytes(initial), 'initial JavaScript, gzip').toBeLessThanOrEqual(INITIAL_BUDGET_BYTES);

	// 2. What the browser loaded so far (attract screen, menu, payment): no html5-qrcode.
	await beginOrder(page);
	await addProduct(page, 'Food', 'Pretzel');
	await page.getByRole('button', { name: 'Go to payment' }).tap();
	await expect(page.getByRole('button', { name: /^Pay with credits/ })).toBeVisible();
	await Promise.all(reads);
	const before = [...scripts].filter(([, body]) => body.includes(LIBRARY)).map(([path]) => path);
	expect(before).toEqual([]);
	expect(scripts.size).toBeGreaterThan(0);

	// 3. The scan screen loads it (the camera scanner starts).
	await page.getByRole('button', { name: /^Pay with credits/ }).tap();
	await expect(page.getByRole('region', { name: 'Loyalty code scanner' })).toBeVisible();
	await expect.poll(() => [...scripts.values()].some((body) => body.includes(LIBRARY))).toBe(true);
});
