/** The return station's browser tests: pairing, codes issued by the simulator, their items. */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import {
	expectNoAxeViolations,
	guestScreenReady,
	screenshot,
	seedApiKeys,
	simulator
} from './support.ts';

export const SCAN_HEADING = 'Return your cups — scan the code on your receipt';
export const CHOOSE_HEADING = 'Which containers are you returning?';
export const RESULT_HEADING = 'Thank you! Your containers are returned.';

/**
 * Demo mode: the home page's "Return station" button pairs this browser; /screen sends it on.
 * A camera that shows a code may have read it by the time the scan step would be checked: the
 * choice then stands for it.
 */
export async function pairReturnStation(
	page: Page,
	path = '/return',
	{ cameraShowsCode = false } = {}
): Promise<void> {
	await page.goto('/');
	await page.getByRole('button', { name: 'Return station' }).click();
	await expect(page).toHaveURL(/\/return$/);
	if (path !== '/return') await page.goto(path);
	const scanStep = page.getByRole('heading', { level: 1, name: SCAN_HEADING });
	const chooseStep = page.getByRole('heading', { level: 1, name: CHOOSE_HEADING });
	await expect(cameraShowsCode ? scanStep.or(chooseStep) : scanStep).toBeVisible();
	await guestScreenReady(page);
}

/**
 * What the station shows: its step's heading, and what it says beside it (a problem, a pause).
 * Polled, so that a wait that fails says in the test's output where the station stood.
 */
export async function stationScreen(page: Page): Promise<{ heading: string; says: string[] }> {
	const heading = (await page.getByRole('heading', { level: 1 }).allTextContents()).join(' | ');
	const says = await page.getByRole('alert').or(page.getByRole('status')).allTextContents();
	return { heading, says: says.map((text) => text.trim()).filter(Boolean) };
}

export interface IssueLine {
	productId: string;
	quantity: number;
}

/** 3 Pilsner (cups, 2.00 each) and a pitcher (5.00): 4 containers, 11.00 of deposit. */
export const CUPS_AND_PITCHER: IssueLine[] = [
	{ productId: 'drink_pils', quantity: 3 },
	{ productId: 'drink_pitcher', quantity: 1 }
];

/** Issues containers as a device of the simulator (the main stage's kiosk unless told). */
export async function issueCode(
	request: APIRequestContext,
	items: IssueLine[] = CUPS_AND_PITCHER,
	deviceId = 'dev_kiosk_main'
): Promise<string> {
	const keys = await seedApiKeys(request);
	const response = await request.post(
		`${simulator}/v1/integrations/hybrid-revo-token-transactions`,
		{
			headers: { 'X-API-Key': keys[deviceId]! },
			data: items
		}
	);
	expect(response.status()).toBe(201);
	const { code } = (await response.json()) as { code: string };
	expect(code).toHaveLength(40);
	return code;
}

/** Returns containers behind the guest's back, as another device of the place (spec 1 rule 5). */
export async function returnElsewhere(
	request: APIRequestContext,
	code: string,
	items: { hybridRevoTokenCategoryId: string; quantity: number }[]
): Promise<void> {
	const keys = await seedApiKeys(request);
	const response = await request.post(
		`${simulator}/v1/integrations/hybrid-revo-token-transactions/${code}/validate`,
		{ headers: { 'X-API-Key': keys.dev_kiosk_main! }, data: items }
	);
	expect(response.status()).toBe(200);
}

/** The simulator's item statuses of a code, counted: {ACTIVE: 2, RETURNED: 1}. */
export async function itemStatuses(
	request: APIRequestContext,
	code: string
): Promise<Record<string, number>> {
	const body = await (await request.get(`${simulator}/_sim/deposit-transactions/${code}`)).json();
	const counts: Record<string, number> = {};
	for (const item of body.items as { status: string }[]) {
		counts[item.status] = (counts[item.status] ?? 0) + 1;
	}
	return counts;
}

/** A container type's row on the stepper screen. */
export const category = (page: Page, name: string): Locator => page.getByRole('listitem', { name });

/** The number a stepper shows. */
export const stepperValue = (page: Page, name: string): Locator =>
	page.getByRole('group', { name: `How many of “${name}” are you returning?` }).locator('output');

/** A result row: [returned, still active, refund]. */
export async function resultRow(page: Page, name: string): Promise<string[]> {
	const row = page
		.getByRole('table', { name: /Returned now and still active/ })
		.getByRole('row', { name: new RegExp(`^${name.replace(/[.()]/g, '\\$&')}`) });
	return row.locator('td').allTextContents();
}

/** A step of the flow: no accessibility violation, and a screenshot for the record. */
export async function checkStep(page: Page, name: string): Promise<void> {
	await expectNoAxeViolations(page);
	await screenshot(page, `return-${name}`);
}

/** Counts the guest's taps, so a test can hold the flow to a number of them. */
export class Taps {
	count = 0;

	async tap(locator: Locator): Promise<void> {
		await locator.tap();
		this.count += 1;
	}
}
