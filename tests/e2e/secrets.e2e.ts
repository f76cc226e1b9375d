/**
 * API keys live only on the server: never in a built asset the browser can load, nor in a page
 * a browser receives (the setup tests also record every response of the add-device flow), nor in
 * what a screen keeps in IndexedDB — which holds no guest's loyalty key or deposit code either.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './test.ts';
import { newKey, pilsAndPretzelAtPayment, payWithCredits } from './kiosk-support.ts';
import {
	keptInIndexedDb,
	logIn,
	recordResponses,
	scanWithReader,
	seedApiKeys,
	simulator
} from './support.ts';

function filesUnder(dir: string): string[] {
	return readdirSync(dir, { recursive: true, encoding: 'utf8' })
		.map((file) => join(dir, file))
		.filter((path) => statSync(path).isFile());
}

test('no platform key in any built asset', async ({ request }) => {
	const keys = Object.values(await seedApiKeys(request));
	const files = [...filesUnder('build'), ...filesUnder('.svelte-kit/output')];
	expect(files.length).toBeGreaterThan(20);
	for (const file of files) {
		const content = readFileSync(file, 'latin1');
		for (const key of keys) expect(content.includes(key), file).toBe(false);
	}
});

test('no platform key in any page or response of the setup and screen pages', async ({
	page,
	request
}) => {
	await request.post(`${simulator}/_sim/reset`);
	const keys = Object.values(await seedApiKeys(request));
	const bodies = recordResponses(page);
	await logIn(page);
	const devicePages = await page
		.getByRole('article')
		.getByRole('link')
		.evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).pathname));
	// The demo kiosk, return station, order board and pickup screen.
	expect(devicePages).toHaveLength(4);
	for (const path of devicePages) {
		await page.goto(path);
		await page.getByRole('button', { name: 'Refresh now' }).click();
		await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
	}
	for (const path of [
		'/setup/diagnostics',
		'/setup/menu',
		'/setup/menu/export.json',
		'/api/products',
		'/'
	]) {
		await page.goto(path).catch(() => undefined);
	}
	const received = await bodies();
	expect(received.length).toBeGreaterThan(10);
	for (const body of received) {
		for (const key of keys) expect(body.includes(key), body.slice(0, 120)).toBe(false);
	}
});

test.describe('on a touch screen', () => {
	test.use({ hasTouch: true });

	test('after a sale with credits and a deposit code, IndexedDB holds no key and no code', async ({
		page,
		request
	}) => {
		await request.post(`${simulator}/_sim/reset`);
		const apiKeys = Object.values(await seedApiKeys(request));
		await pilsAndPretzelAtPayment(page);
		await payWithCredits(page);
		const transactionKey = await newKey(request, 'wallet_few');
		await scanWithReader(page, transactionKey);
		const paid = page.waitForResponse((r) => /\/api\/kiosk\/sales\/[^/]+\/pay$/.test(r.url()));
		await page.getByRole('button', { name: /^Confirm and pay/ }).tap();
		await page.getByRole('button', { name: 'Approve payment' }).tap();
		await expect(page.getByRole('heading', { level: 1, name: 'Thank you!' })).toBeVisible();
		const sale = await (await paid).json();
		expect(sale.deposit.code).toBeTruthy();

		// What the screen kept: its snapshot (identity, deposit terms, menu, settings).
		await expect.poll(async () => (await keptInIndexedDb(page)).parts?.length).toBe(5);
		const kept = JSON.stringify(await keptInIndexedDb(page));
		expect(kept).toContain('Main Stage Bar');
		for (const secret of [...apiKeys, transactionKey, sale.deposit.code])
			expect(kept.includes(secret), `IndexedDB holds ${secret.slice(0, 4)}…`).toBe(false);
	});
});
