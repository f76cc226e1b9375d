import axe from 'axe-core';
import { type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { expect, test } from './test.ts';
import { SIM_PORT } from '../../playwright.config.ts';

export const simulator = `http://127.0.0.1:${SIM_PORT}`;
/** Demo mode's passwords (shown on its home page): the staff one, and the manager one. */
export const DEMO_STAFF_PASSWORD = 'kiosk-demo';
export const DEMO_MANAGER_PASSWORD = 'kiosk-manager';
/** Who the browser tests log in as: the name goes into the audit log. */
export const DEMO_MANAGER_NAME = 'Mia Manager';
export const DEMO_STAFF_NAME = 'Sam Staff';

/**
 * Axe finds nothing: its default rules (WCAG 2.0–2.2 A and AA, which EN 301 549's web and
 * closed-functionality clauses take over, and best practices) and WCAG 2.2's target size (2.5.8),
 * which axe leaves off by default.
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
	expect(await axeViolations(page)).toEqual([]);
}

/**
 * What axe finds (the rules of `expectNoAxeViolations`), a line per rule with the elements it
 * found; with `enhancedContrast` also the 7:1 contrast rule the high-contrast theme keeps.
 *
 * axe-core runs in the page itself, put there once per document: @axe-core/playwright injected it
 * anew and opened a blank page for every analysis, about a second each, which a test measuring
 * hundreds of screens (guest-layout.e2e.ts) cannot spend. The guest screens have no frames.
 */
export async function axeViolations(
	page: Page,
	{ enhancedContrast = false } = {}
): Promise<string[]> {
	if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
	const violations = await page.evaluate(
		(rules) =>
			(window as unknown as { axe: typeof axe }).axe.run(document, { rules }).then((results) =>
				results.violations.map((v) => ({
					id: v.id,
					nodes: v.nodes.map((n) => ({ target: n.target }))
				}))
			),
		{
			'target-size': { enabled: true },
			'color-contrast-enhanced': { enabled: enhancedContrast }
		}
	);
	return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`);
}

export async function seedApiKeys(request: APIRequestContext): Promise<Record<string, string>> {
	const seed = await (await request.get(`${simulator}/_sim/seed`)).json();
	return Object.fromEntries(
		seed.devices.map((d: { id: string; apiKey: string }) => [d.id, d.apiKey])
	);
}

/**
 * Waits for a guest screen (ordering kiosk, return station) to answer taps: it sets `data-ready`
 * on its root once hydrated.
 */
export async function guestScreenReady(page: Page): Promise<void> {
	await expect(page.locator('.guest-screen[data-ready]')).toBeAttached();
}

/** Waits for a setup page to answer taps: its `main` has `data-ready` once hydrated. */
export async function staffPageReady(page: Page): Promise<void> {
	await expect(page.locator('main[data-ready]')).toBeAttached();
}

/**
 * Holds the page's scripts until the returned function is called: a page loaded meanwhile shows
 * its server-rendered form but is not hydrated, as on a slow tablet.
 */
export async function holdScripts(page: Page): Promise<() => void> {
	let release!: () => void;
	const released = new Promise<void>((resolve) => (release = resolve));
	await page.route('**/_app/immutable/**/*.js', async (route) => {
		await released;
		await route.continue();
	});
	return release;
}

/** Logs in to the setup pages as a manager (everything: refunds, settings, the audit log). */
export async function logIn(page: Page, name = DEMO_MANAGER_NAME): Promise<void> {
	await logInWith(page, name, DEMO_MANAGER_PASSWORD);
}

/** Logs in with the staff password: sales and copies of receipts, no refunds or settings. */
export async function logInAsStaff(page: Page, name = DEMO_STAFF_NAME): Promise<void> {
	await logInWith(page, name, DEMO_STAFF_PASSWORD);
}

async function logInWith(page: Page, name: string, password: string): Promise<void> {
	await page.goto('/setup');
	await page.getByLabel('Your name').fill(name);
	await page.getByLabel('Password').fill(password);
	await page.getByRole('button', { name: 'Log in' }).click();
	await expect(page.getByRole('heading', { level: 1, name: 'Devices' })).toBeVisible();
	// Hydrated: a choice made now is not reset by hydration.
	await staffPageReady(page);
}

/**
 * Records every response the browser receives, to search for secrets afterwards: the returned
 * function gives the bodies of all responses so far, once each has been read.
 */
export function recordResponses(page: Page): () => Promise<string[]> {
	const reads: Promise<string | null>[] = [];
	page.on('response', (response) => {
		reads.push(
			(async () =>
				`${response.url()}\n${JSON.stringify(await response.allHeaders())}\n${await response.text()}`)().catch(
				() => null // redirects and aborted requests have no body
			)
		);
	});
	return async () => (await Promise.all(reads)).filter((body) => body !== null);
}

/**
 * A full-page screenshot for the record: `test-results/screens/<name>.png` (until the next run
 * empties test-results/) and an attachment of the running test (in the HTML report).
 */
export async function screenshot(page: Page, name: string): Promise<void> {
	const path = `test-results/screens/${name}.png`;
	await page.screenshot({ path, fullPage: true });
	await test.info().attach(name, { path, contentType: 'image/png' });
}

/**
 * Scans `text` as a USB card/QR reader in keyboard mode does, once the page's scanner listens
 * (the Scanner component attaches its reader when it mounts; on the guest screens it is loaded
 * on demand, a moment after the screen appears). Each key carries the time it was typed, `gapMs`
 * apart (Chrome DevTools Protocol key events with a timestamp): a reader's keys are stamped by
 * the operating system when typed, so a page busy for a moment (starting the camera) does not
 * stretch the gaps the page sees; Playwright's keyboard.type stamps each key only when it is
 * sent, after the page handled the one before, and would.
 */
export async function scanWithReader(page: Page, text: string, gapMs = 5): Promise<void> {
	await expect(page.locator('[data-camera]')).toBeAttached();
	const cdp = await page.context().newCDPSession(page);
	const start = Date.now() / 1000;
	const keys = [...text].map((key) => ({ key, text: key, code: '' }));
	keys.push({ key: 'Enter', text: '\r', code: 'Enter' });
	try {
		for (const [index, { key, text: typed, code }] of keys.entries()) {
			const timestamp = start + (index * gapMs) / 1000;
			const enter = key === 'Enter' ? { windowsVirtualKeyCode: 13, nativeVirtualKeyCode: 13 } : {};
			await cdp.send('Input.dispatchKeyEvent', {
				type: 'keyDown',
				key,
				code,
				text: typed,
				timestamp,
				...enter
			});
			await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key, code, timestamp, ...enter });
		}
	} finally {
		await cdp.detach();
	}
}

/**
 * `scanWithReader` on a page whose clock the test installed. Playwright's clock answers every
 * event's `timeStamp` with its own time, not the time the key was stamped with, so a busy page
 * would stretch the gaps between the reader's keys past a scan's and split the code. Held still
 * while the reader types, the keys stay one scan.
 */
export async function scanWithReaderUnderClock(page: Page, text: string): Promise<void> {
	// A second ahead of the page's time: still ahead when the pause arrives on a busy machine.
	await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
	try {
		await scanWithReader(page, text);
	} finally {
		await page.clock.resume();
	}
}

/**
 * Everything the screen keeps in IndexedDB (lib/screen-data/screen-store.ts), store by store; a
 * blob as its text. Empty when the database does not exist (it is not created by looking).
 */
export async function keptInIndexedDb(page: Page): Promise<Record<string, unknown[]>> {
	return page.evaluate(async () => {
		const names = (await indexedDB.databases()).map((database) => database.name);
		if (!names.includes('venue-kiosk')) return {};
		const db = await new Promise<IDBDatabase>((resolve, reject) => {
			const request = indexedDB.open('venue-kiosk');
			request.onsuccess = () => resolve(request.result);
			request.onerror = () => reject(request.error);
		});
		const kept: Record<string, unknown[]> = {};
		for (const name of db.objectStoreNames) {
			const records = await new Promise<unknown[]>((resolve, reject) => {
				const request = db.transaction(name).objectStore(name).getAll();
				request.onsuccess = () => resolve(request.result);
				request.onerror = () => reject(request.error);
			});
			kept[name] = await Promise.all(
				records.map(async (record) =>
					record && typeof record === 'object' && 'blob' in record
						? { ...record, blob: await (record.blob as Blob).text() }
						: record
				)
			);
		}
		db.close();
		return kept;
	});
}

/** Staff refresh every device's identity and deposit configuration (diagnostics). */
export async function refreshAll(browser: Browser): Promise<void> {
	const staff = await browser.newPage();
	await logIn(staff);
	await staff.goto('/setup/diagnostics');
	await staff.getByRole('button', { name: 'Refresh now' }).click();
	await expect(staff.getByRole('heading', { level: 1 })).toBeVisible();
	await staff.close();
}

/** The demo kiosk's device page in setup (logged in), by touch from the dashboard. */
export async function openKioskDevicePage(page: Page): Promise<void> {
	await page.goto('/setup');
	await page
		.getByRole('article')
		.filter({ hasText: 'Main Stage Kiosk 1' })
		.getByRole('link', { name: 'Main Stage Kiosk 1' })
		.tap();
	await staffPageReady(page);
}
