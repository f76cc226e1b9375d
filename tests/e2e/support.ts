import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page, type APIRequestContext } from '@playwright/test';
import { SIM_PORT } from '../../playwright.config.ts';

export const simulator = `http://127.0.0.1:${SIM_PORT}`;
export const DEMO_STAFF_PASSWORD = 'kiosk-demo';

export async function expectNoAxeViolations(page: Page): Promise<void> {
	const { violations } = await new AxeBuilder({ page }).analyze();
	expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
}

export async function seedApiKeys(request: APIRequestContext): Promise<Record<string, string>> {
	const seed = await (await request.get(`${simulator}/_sim/seed`)).json();
	return Object.fromEntries(
		seed.devices.map((d: { id: string; apiKey: string }) => [d.id, d.apiKey])
	);
}

export async function logIn(page: Page): Promise<void> {
	await page.goto('/setup');
	await page.getByLabel('Password').fill(DEMO_STAFF_PASSWORD);
	await page.getByRole('button', { name: 'Log in' }).click();
	await expect(page.getByRole('heading', { level: 1, name: 'Devices' })).toBeVisible();
}

/** Records every response body the browser receives, to search for secrets afterwards. */
export function recordResponses(page: Page): string[] {
	const bodies: string[] = [];
	page.on('response', async (response) => {
		try {
			bodies.push(
				`${response.url()}\n${JSON.stringify(await response.allHeaders())}\n${await response.text()}`
			);
		} catch {
			// redirects and aborted requests have no body
		}
	});
	return bodies;
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
