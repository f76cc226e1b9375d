/**
 * API keys live only on the server: never in a built asset the browser can load, nor in a page
 * a browser receives (the setup tests also record every response of the add-device flow).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { logIn, recordResponses, seedApiKeys, simulator } from './support.ts';

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
