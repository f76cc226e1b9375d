/**
 * A new version of the app (docs/manual.md, Installable, and open without a network), deployed
 * while a kiosk runs: the server restarts with a new build; the kiosk's service worker finds it and
 * installs it, but a guest in the middle of an order keeps the version they started with — it takes
 * over on the attract screen, and the screen reloads into it. The new build here is this build with
 * a new version name (so a new service worker and a new cache of files), served by a server of the
 * test's own.
 */
import type { ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './test.ts';
import { ownPorts } from '../../playwright.config.ts';
import { addProduct, beginOrder, pairKiosk } from './kiosk-support.ts';
import { killHard, startKioskServer, startSimulator } from './processes.ts';
import { underServiceWorker } from './pwa-support.ts';
import { expectNoAxeViolations, guestScreenReady, screenshot } from './support.ts';

// Ports of their own, beside the suite's shared server and simulator.
const PORT = ownPorts(4);
const SIMULATOR_PORT = PORT + 1;
const kioskUrl = `http://127.0.0.1:${PORT}`;

/** SHA-256, base64url: how adapter-node tags its static files. */
const etagOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('base64url');

/**
 * A copy of `build/` whose service worker carries a new version name: a new worker, and a new
 * cache of this version's files. adapter-node serves static files from a list made at build
 * time (size, tag and precompressed sizes of each), so the worker's entry there is rewritten too.
 */
function nextVersionOf(
	build: string,
	into: string
): { dir: string; version: string; previous: string } {
	const dir = join(into, 'build-next');
	cpSync(build, dir, { recursive: true });
	const { version } = JSON.parse(readFileSync(join(build, 'client/_app/version.json'), 'utf8')) as {
		version: string;
	};
	const next = `${version}1`;
	const worker = join(dir, 'client/service-worker.js');
	const script = readFileSync(worker);
	expect(script.toString()).toContain(version);
	const changed = Buffer.from(script.toString().replaceAll(version, next));
	const [gz, br] = [gzipSync(changed), brotliCompressSync(changed)];
	writeFileSync(worker, changed);
	writeFileSync(`${worker}.gz`, gz);
	writeFileSync(`${worker}.br`, br);
	const list = join(dir, 'adapter-node.js');
	const entry = new RegExp(
		`\\\\"size\\\\":\\d+,\\\\"etag\\\\":\\\\"${etagOf(script)}\\\\",\\\\"gz\\\\":\\d+,\\\\"br\\\\":\\d+`
	);
	const source = readFileSync(list, 'utf8');
	expect(source).toMatch(entry);
	writeFileSync(
		list,
		source.replace(
			entry,
			`\\"size\\":${changed.length},\\"etag\\":\\"${etagOf(changed)}\\",\\"gz\\":${gz.length},\\"br\\":${br.length}`
		)
	);
	return { dir, version: next, previous: version };
}

test.use({ serviceWorkers: 'allow', hasTouch: true, baseURL: kioskUrl });

let simulator: ChildProcess | undefined;
let kiosk: ChildProcess | undefined;
let scratch: string | undefined;

test.afterEach(async () => {
	for (const child of [kiosk, simulator]) if (child) await killHard(child);
	kiosk = simulator = undefined;
	if (scratch) rmSync(scratch, { recursive: true, force: true });
});

/**
 * This build served on a port of the test's own; `deploy` restarts the server with the next
 * version (same data) and has the page ask for it, as its own poll does every 10 minutes, until
 * that version has installed and waits.
 */
async function servedVersion(request: APIRequestContext) {
	// Inside the project, so that the new build's server finds its packages (node_modules).
	scratch = mkdtempSync(resolve('test-results/kiosk-update-'));
	const next = nextVersionOf('build', scratch);
	const dataDir = join(scratch, 'data');
	simulator = await startSimulator(request, SIMULATOR_PORT);
	const simulatorUrl = `http://127.0.0.1:${SIMULATOR_PORT}`;
	kiosk = await startKioskServer(request, { port: PORT, simulatorUrl, dataDir });
	return {
		next,
		async deploy(page: Page) {
			await killHard(kiosk!);
			kiosk = await startKioskServer(request, {
				port: PORT,
				simulatorUrl,
				dataDir,
				env: { BUILD_DIR: next.dir }
			});
			await page.evaluate(async () => {
				await (await navigator.serviceWorker.getRegistration())?.update();
			});
			await expect
				.poll(
					() =>
						page.evaluate(async () => {
							const registration = await navigator.serviceWorker.getRegistration();
							return {
								installing: registration?.installing?.state ?? null,
								waiting: registration?.waiting?.state ?? null
							};
						}),
					{ timeout: 30_000 }
				)
				.toEqual({ installing: null, waiting: 'installed' });
		}
	};
}

/** The page was not reloaded since `markDocument`. */
const sameDocument = (page: Page) => page.evaluate(() => 'sameDocument' in window);
const markDocument = (page: Page) =>
	page.evaluate(() => void Object.assign(window, { sameDocument: true }));

/**
 * The new version took over: its worker activated, which keeps its own files and drops the
 * previous version's (the files of a version that only installed would sit beside the old).
 */
async function expectTakenOver(page: Page, next: { version: string; previous: string }) {
	await expect
		.poll(() => page.evaluate(() => caches.keys()))
		.toEqual(expect.arrayContaining([`files-${next.version}`]));
	expect(await page.evaluate(() => caches.keys())).not.toContain(`files-${next.previous}`);
	expect(
		await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting)
	).toBeNull();
}

test('a new version waits while a guest orders, and takes over on the attract screen', async ({
	page,
	request
}) => {
	test.setTimeout(120_000);
	const served = await servedVersion(request);
	await pairKiosk(page);
	await underServiceWorker(page);
	// Demo mode's short idle time: "still there?" comes after 5 s without a touch.
	await page.goto('/kiosk?idle=5');
	await guestScreenReady(page);
	await beginOrder(page);
	await addProduct(page, 'Food', 'Pretzel');
	await markDocument(page);

	await served.deploy(page);
	// Mid-order nothing changes under the guest: the same page, the same basket.
	await expect(page.getByTestId('basket-total')).toHaveText('€3.00');
	expect(await sameDocument(page)).toBe(true);

	// The guest walks away: "still there?" → start over → the attract screen, in the new version.
	const reloaded = page.waitForEvent('load');
	await page.getByRole('button', { name: 'Start over' }).tap();
	await reloaded;
	await guestScreenReady(page);
	await expect(page.getByRole('button', { name: /Tap to order/ })).toBeVisible();
	expect(await sameDocument(page)).toBe(false);
	await expectTakenOver(page, served.next);
	await screenshot(page, 'pwa-updated-attract');
});

test('the order board offers the new version; staff reload when it suits them', async ({
	page,
	request
}) => {
	test.setTimeout(120_000);
	const served = await servedVersion(request);
	await page.goto('/');
	await page.getByRole('button', { name: 'Order board' }).click();
	await expect(page.locator('main[data-ready]')).toBeVisible();
	await underServiceWorker(page, 'main[data-ready]');
	await markDocument(page);

	await served.deploy(page);
	const offer = page.getByRole('status').filter({ hasText: 'A new version of the app is ready.' });
	await expect(offer).toBeVisible();
	expect(await sameDocument(page)).toBe(true);
	await expectNoAxeViolations(page);
	await screenshot(page, 'pwa-board-update-offer');

	const reloaded = page.waitForEvent('load');
	await offer.getByRole('button', { name: 'Reload now' }).tap();
	await reloaded;
	await expect(page.locator('main[data-ready]')).toBeVisible();
	expect(await sameDocument(page)).toBe(false);
	await expect(offer).toHaveCount(0);
	await expectTakenOver(page, served.next);
});
