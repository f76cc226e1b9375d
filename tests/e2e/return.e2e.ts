/**
 * The return station as a guest meets it, touch only, against the simulator: a code issued by
 * the simulator read by the camera for real (Chromium's fake camera plays a QR video of it), and
 * by the handheld scanner (a keyboard: fast keys, then Enter) — full return, partial then the
 * rest, expired containers, another location, an unknown code, bad scans, counts that change
 * under the guest, a lost answer, idle and result timers, German; the typed code's form loaded as
 * it opens when it could not load with the screen. Every screen passes axe.
 */
import { join } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { expect, test, watchCsp } from './test.ts';
import { chromiumLaunchOptions, KIOSK_URL } from '../../playwright.config.ts';
import { clientManifest } from './bundle-support.ts';
import { fakeCameraArgs, shortScanStall } from './chromium.ts';
import { writeQrVideo } from './fixtures/qr-video.ts';

import {
	category,
	checkStep,
	CHOOSE_HEADING,
	CUPS_AND_PITCHER,
	issueCode,
	itemStatuses,
	pairReturnStation,
	RESULT_HEADING,
	resultRow,
	returnElsewhere,
	SCAN_HEADING,
	stationScreen,
	stepperValue,
	Taps
} from './return-support.ts';
import {
	logIn,
	scanWithReader,
	scanWithReaderUnderClock,
	screenshot,
	simulator,
	staffPageReady
} from './support.ts';

const CUP = 'Reusable cup 0.4 l';
const PITCHER = 'Pitcher 1.5 l';

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const alert = (page: Page) => page.getByRole('alert');

test.describe('the camera reads a code issued by the simulator', () => {
	let browser: Browser;
	let code: string;

	test.beforeAll(async ({ request }) => {
		await request.post(`${simulator}/_sim/reset`);
		code = await issueCode(request, CUPS_AND_PITCHER);
		const video = writeQrVideo(join('test-results/fake-camera', 'deposit-return.y4m'), code);
		browser = watchCsp(
			await chromium.launch({
				...chromiumLaunchOptions,
				args: [...chromiumLaunchOptions.args, ...fakeCameraArgs({ video })]
			})
		);
	});
	test.afterAll(async () => {
		await browser?.close();
	});

	test('full return: one tap after the scan, the refund, back to scanning, nothing left', async ({
		request
	}) => {
		const context = await browser.newContext({
			baseURL: KIOSK_URL,
			hasTouch: true,
			permissions: ['camera']
		});
		await shortScanStall(context);
		const page = await context.newPage();
		await pairReturnStation(page, '/return', { cameraShowsCode: true });

		// The camera is on at once, no tap needed; it reads the receipt's code. (The limit leaves
		// the watchdog time to try each of its scan boxes, should the decoder miss this code.)
		await expect
			.poll(() => stationScreen(page), { timeout: 40_000 })
			.toMatchObject({ heading: CHOOSE_HEADING });
		// Read by the camera, not typed.
		const decoded = await page.evaluate(
			() => performance.getEntriesByName('scanner:decoded').length
		);
		expect(decoded).toBe(1);
		await expect(heading(page, CHOOSE_HEADING)).toBeFocused();

		// Per category: name, still active, refund per container; all selected.
		await expect(category(page, CUP)).toContainText('Still active: 3');
		await expect(category(page, CUP)).toContainText('Refund per container: €2.00');
		await expect(category(page, PITCHER)).toContainText('Still active: 1');
		await expect(category(page, PITCHER)).toContainText('Refund per container: €5.00');
		await expect(stepperValue(page, CUP)).toHaveText('3');
		await expect(stepperValue(page, PITCHER)).toHaveText('1');
		await expect(page.getByTestId('return-chosen')).toHaveText('Returning now: 4 · refund €11.00');
		await expect(page.getByRole('button', { name: `One more: ${CUP}` })).toBeDisabled();
		await checkStep(page, 'camera-choose');

		// Returning everything: the taps after the scan are counted.
		const taps = new Taps();
		await taps.tap(page.getByRole('button', { name: 'Confirm the return' }));
		await expect(heading(page, RESULT_HEADING)).toBeVisible();
		expect(taps.count).toBeLessThanOrEqual(2);

		expect(await resultRow(page, CUP)).toEqual(['3', '0', '€6.00']);
		expect(await resultRow(page, PITCHER)).toEqual(['1', '0', '€5.00']);
		await expect(page.getByTestId('return-refund')).toHaveText('Your refund: €11.00');
		await expect(page.getByTestId('return-pay-out')).toHaveCount(0);
		await expect(
			page.getByRole('status').filter({ hasText: 'Back to scanning in 15 seconds.' })
		).toBeVisible();
		await checkStep(page, 'camera-result');
		expect(await itemStatuses(request, code)).toEqual({ RETURNED: 4 });

		// At once back to scanning; the receipt is still held up: the code has nothing left.
		await page.getByRole('button', { name: 'Scan the next code' }).tap();
		await expect(heading(page, SCAN_HEADING)).toBeVisible();
		await expect(alert(page)).toHaveText(
			'Nothing left to return on this code: its containers were returned already, or their return time has passed.',
			{ timeout: 20_000 }
		);
		// The live preview runs meanwhile (the screen a guest finds between returns).
		await expect(page.getByRole('region', { name: 'Deposit code scanner' })).toHaveAttribute(
			'data-camera',
			'running'
		);
		await checkStep(page, 'camera-nothing-left');
		await context.close();
	});
});

test.describe('with the handheld scanner', () => {
	test.use({ hasTouch: true });

	test.beforeEach(async ({ request }) => {
		await request.post(`${simulator}/_sim/reset`);
	});

	test('partial, then the rest on a second visit, in German; the result waits when held', async ({
		page,
		request
	}) => {
		const code = await issueCode(request);
		await page.clock.install();
		await pairReturnStation(page);
		await page.getByRole('button', { name: 'Deutsch' }).tap();
		await expect(
			heading(page, 'Becher zurückgeben – scannen Sie den Code auf Ihrem Beleg')
		).toBeVisible();
		await expect(page.locator('html')).toHaveAttribute('lang', 'de');
		await checkStep(page, 'scan-de');

		await scanWithReaderUnderClock(page, code);
		await expect(heading(page, 'Welche Behälter geben Sie zurück?')).toBeVisible();
		await expect(page.getByTestId('return-chosen')).toHaveText('Jetzt zurück: 4 · Pfand 11,00 €');
		// Two of the three cups now, the pitcher later.
		await page.getByRole('button', { name: `${CUP}: einer weniger` }).tap();
		await page.getByRole('button', { name: `${PITCHER}: einer weniger` }).tap();
		await expect(page.getByRole('button', { name: `${PITCHER}: einer weniger` })).toBeDisabled();
		await expect(page.getByTestId('return-chosen')).toHaveText('Jetzt zurück: 2 · Pfand 4,00 €');
		await checkStep(page, 'choose-partial-de');
		await page.getByRole('button', { name: 'Rückgabe bestätigen' }).tap();

		await expect(heading(page, 'Danke! Ihre Behälter sind zurückgegeben.')).toBeVisible();
		await expect(page.getByTestId('return-refund')).toHaveText('Ihr Pfand: 4,00 €');
		const remaining = page.getByRole('listitem').filter({ hasText: /^Die übrigen/ });
		await expect(remaining).toHaveText([
			`Die übrigen 1 × ${CUP} bitte innerhalb von 48 Stunden nach dem Kauf zurückgeben.`,
			`Die übrigen 1 × ${PITCHER} bitte innerhalb von 12 Stunden nach dem Kauf zurückgeben.`
		]);
		await checkStep(page, 'result-partial-de');
		expect(await itemStatuses(request, code)).toEqual({ ACTIVE: 2, RETURNED: 2 });

		// Held, the result stays; "next" goes back at once, in the house language again.
		await page.getByRole('button', { name: 'Anzeige stehen lassen' }).tap();
		await expect(
			page.getByRole('status').filter({ hasText: /Diese Anzeige bleibt/ })
		).toBeVisible();
		await page.clock.fastForward(60_000);
		await expect(heading(page, 'Danke! Ihre Behälter sind zurückgegeben.')).toBeVisible();
		await page.getByRole('button', { name: 'Nächsten Code scannen' }).tap();
		await expect(heading(page, SCAN_HEADING)).toBeFocused();

		// The second visit shows what is left.
		await scanWithReaderUnderClock(page, code);
		await expect(heading(page, CHOOSE_HEADING)).toBeVisible();
		await expect(category(page, CUP)).toContainText('Still active: 1');
		await expect(category(page, PITCHER)).toContainText('Still active: 1');
		await page.getByRole('button', { name: 'Confirm the return' }).tap();
		await expect(heading(page, RESULT_HEADING)).toBeVisible();
		expect(await resultRow(page, CUP)).toEqual(['1', '0', '€2.00']);
		expect(await resultRow(page, PITCHER)).toEqual(['1', '0', '€5.00']);
		await expect(page.getByTestId('return-refund')).toHaveText('Your refund: €7.00');
		expect(await itemStatuses(request, code)).toEqual({ RETURNED: 4 });

		// Left alone, the result goes back to scanning by itself.
		await page.clock.fastForward(16_000);
		await expect(heading(page, SCAN_HEADING)).toBeVisible();
	});

	test('expired containers are not offered once the simulator’s clock has passed their window', async ({
		page,
		request
	}) => {
		const code = await issueCode(request);
		await pairReturnStation(page);
		// The pitcher's window is 12 hours, the cups' 48; the 5-minute check expires the pitcher.
		await request.post(`${simulator}/_sim/clock`, { data: { advanceMinutes: 12 * 60 + 5 } });
		await scanWithReader(page, code);
		await expect(heading(page, CHOOSE_HEADING)).toBeVisible();
		await expect(category(page, CUP)).toContainText('Still active: 3');
		await expect(category(page, PITCHER)).toHaveCount(0);
		await expect(page.getByTestId('return-chosen')).toHaveText('Returning now: 3 · refund €6.00');
		await checkStep(page, 'choose-expired');
		await page.getByRole('button', { name: 'Cancel' }).tap();
		await expect(heading(page, SCAN_HEADING)).toBeVisible();

		await request.post(`${simulator}/_sim/clock`, { data: { advanceMinutes: 36 * 60 } });
		await scanWithReader(page, code);
		await expect(alert(page)).toContainText('Nothing left to return on this code');
		await expect(heading(page, SCAN_HEADING)).toBeVisible();
		expect(await itemStatuses(request, code)).toEqual({ EXPIRED: 4 });
	});

	test('issued at another location: "return them there", nothing returned', async ({
		page,
		request
	}) => {
		const code = await issueCode(
			request,
			[{ productId: 'drink_pils', quantity: 2 }],
			'dev_kiosk_garden'
		);
		await pairReturnStation(page);
		await scanWithReader(page, code);
		await expect(alert(page)).toHaveText(
			'These containers were issued at another location. Please return them there.'
		);
		await expect(heading(page, SCAN_HEADING)).toBeVisible();
		await checkStep(page, 'other-location');
		expect(await itemStatuses(request, code)).toEqual({ ACTIVE: 2 });
	});

	test('an unknown code typed on the on-screen keyboard: "check the code"; bad scans say why', async ({
		page
	}) => {
		await pairReturnStation(page);
		await page.getByRole('button', { name: 'Type the code instead' }).tap();
		const keyboard = page.getByRole('group', { name: 'On-screen keyboard' });
		for (const key of 'K7QX2M9RTW4HZP8NCV3BFJ6LYD5SG1AE0UXK2M7Q') {
			await keyboard.getByRole('button', { name: key, exact: true }).tap();
		}
		await expect(page.getByText('40 of 40 characters')).toBeVisible();
		await checkStep(page, 'typed-code');
		await page.getByRole('button', { name: 'Check this code' }).tap();
		await expect(alert(page)).toHaveText(
			'We could not find this code. Please check it and scan it again.'
		);
		await checkStep(page, 'unknown-code');

		// A loyalty QR scanned by mistake, a cut-off code, a web address.
		await scanWithReader(page, '000a1b2c3d4e5f60718293a4b5c6d7e8');
		await expect(alert(page)).toHaveText(
			'That is a loyalty QR code. Please scan the deposit code on your receipt instead.'
		);
		await scanWithReader(page, 'K7QX2M9RTW4HZP8NCV3BFJ6LYD5SG1AE0UXK2M7');
		await expect(alert(page)).toHaveText(
			'That code is not complete: a deposit code has 40 characters. Please scan it again or check what you typed.'
		);
		await scanWithReader(page, 'https://example.org/r/K7QX2M9RTW4HZP8NCV3BFJ6LYD5SG1AE0UXK2M7Q');
		await expect(alert(page)).toHaveText(
			'That is not a deposit code. Please scan the QR code on your receipt.'
		);
		await expect(heading(page, SCAN_HEADING)).toBeVisible();
	});

	test('counts that fell under the guest: the new counts, adjust, confirm again', async ({
		page,
		request
	}) => {
		const code = await issueCode(request);
		await pairReturnStation(page);
		await scanWithReader(page, code);
		await expect(stepperValue(page, CUP)).toHaveText('3');
		// Meanwhile a cup is returned at another device of the place.
		await returnElsewhere(request, code, [{ hybridRevoTokenCategoryId: 'cat_cup', quantity: 1 }]);
		await page.getByRole('button', { name: 'Confirm the return' }).tap();
		await expect(alert(page)).toContainText('The counts on your code have changed');
		await expect(heading(page, CHOOSE_HEADING)).toBeVisible();
		await expect(category(page, CUP)).toContainText('Still active: 2');
		await expect(stepperValue(page, CUP)).toHaveText('2');
		await checkStep(page, 'counts-changed');
		await page.getByRole('button', { name: 'Confirm the return' }).tap();
		await expect(heading(page, RESULT_HEADING)).toBeVisible();
		expect(await resultRow(page, CUP)).toEqual(['2', '0', '€4.00']);
		expect(await itemStatuses(request, code)).toEqual({ RETURNED: 4 });
	});

	test('the validate’s answer is lost: the true result, counted once, resolved in the journal', async ({
		page,
		request
	}) => {
		const code = await issueCode(request);
		await pairReturnStation(page);
		await scanWithReader(page, code);
		await expect(heading(page, CHOOSE_HEADING)).toBeVisible();
		await page.getByRole('button', { name: `One fewer: ${CUP}` }).tap();
		// The platform returns the containers, then the connection drops before the answer.
		const fault = await request.post(`${simulator}/_sim/faults`, {
			data: { method: 'POST', path: '/v1/*/*/*/validate', mode: 'drop' }
		});
		expect(fault.status()).toBe(201);
		await page.getByRole('button', { name: 'Confirm the return' }).tap();
		await expect(heading(page, RESULT_HEADING)).toBeVisible();
		expect(await resultRow(page, CUP)).toEqual(['2', '1', '€4.00']);
		expect(await resultRow(page, PITCHER)).toEqual(['1', '0', '€5.00']);
		await expect(page.getByTestId('return-refund')).toHaveText('Your refund: €9.00');
		expect(await itemStatuses(request, code)).toEqual({ ACTIVE: 1, RETURNED: 3 });
		expect(await (await request.get(`${simulator}/_sim/faults`)).json()).toEqual([]);

		await logIn(page);
		await page.goto('/setup/diagnostics?operation=validateHybridRevoTokenTransactionByIntegration');
		const rows = page.getByRole('table').locator('tbody tr');
		await expect(rows.first()).toContainText('resolved');
		await expect(rows.first()).toContainText('network');
		await screenshot(page, 'return-lost-answer-journal');
	});

	test('still there? on a half-done return: extend it, or let it run out: nothing returned', async ({
		page,
		request
	}) => {
		const code = await issueCode(request);
		await page.clock.install();
		await pairReturnStation(page, '/return?idle=10');
		await scanWithReaderUnderClock(page, code);
		await expect(heading(page, CHOOSE_HEADING)).toBeVisible();
		const dialog = page.getByRole('dialog', { name: 'Are you still there?' });
		await page.clock.fastForward(10_500);
		await expect(dialog).toBeVisible();
		await expect(dialog.getByText(/This return will be cancelled in \d+ seconds\./)).toBeVisible();
		await checkStep(page, 'idle-warning');
		await dialog.getByRole('button', { name: 'I’m still here' }).tap();
		await expect(dialog).toBeHidden();
		await expect(heading(page, CHOOSE_HEADING)).toBeVisible();

		await page.clock.fastForward(10_500);
		await expect(dialog).toBeVisible();
		await page.clock.fastForward(31_000);
		await expect(heading(page, SCAN_HEADING)).toBeVisible();
		expect(await itemStatuses(request, code)).toEqual({ ACTIVE: 4 });
	});

	test('bad input to the return API: a 4xx and a failure code, never a 500; nothing changes', async ({
		page,
		request
	}) => {
		const code = await issueCode(request);
		const unpaired = await request.post('/api/return/preview', { data: { code } });
		expect(unpaired.status()).toBe(401);
		await pairReturnStation(page);
		const common: unknown[] = ['not json', null, [], {}, { code: 42 }, { code: 'x'.repeat(5_000) }];
		const confirmBodies: unknown[] = [
			{ returnId: 'a'.repeat(32), code, quantities: { cat_cup: -1 } },
			{ returnId: 'a'.repeat(32), code, quantities: { cat_cup: 1.5 } },
			{ returnId: 'a'.repeat(32), code, quantities: { cat_cup: '3' } },
			{ returnId: '../../x', code, quantities: { cat_cup: 1 } },
			{ returnId: 'a'.repeat(32), code, quantities: {} },
			{ returnId: 'a'.repeat(32), code, quantities: { __proto__: 1, constructor: 2 } },
			{ returnId: 'a'.repeat(32), code: '0'.repeat(32), quantities: { cat_cup: 1 } }
		];
		const cases: [string, unknown[]][] = [
			['/api/return/preview', [...common, { code: '0'.repeat(32) }, { code: `${code}!` }]],
			['/api/return/confirm', [...common, ...confirmBodies]]
		];
		for (const [path, bodies] of cases) {
			for (const body of bodies) {
				const response = await page.request.post(path, {
					headers: { 'content-type': 'application/json' },
					data: typeof body === 'string' ? body : JSON.stringify(body)
				});
				expect(response.status(), `${path} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
				expect(response.status(), `${path} ${JSON.stringify(body)}`).toBeLessThan(500);
				expect((await response.json()).error.failure).toEqual(expect.any(String));
			}
		}
		expect(await itemStatuses(request, code)).toEqual({ ACTIVE: 4 });
	});
});

test.describe('staff-attended', () => {
	test.use({ hasTouch: true });

	test.beforeEach(async ({ request }) => {
		await request.post(`${simulator}/_sim/reset`);
	});

	/** The setup page's return station section. */
	const settings = (page: Page) => page.getByRole('region', { name: 'Return station settings' });

	async function saveSettings(page: Page, attended: boolean, resultSeconds = '15') {
		await page.goto('/setup');
		// Hydrated first: hydration in the middle of a fill adds the seconds to those there.
		await staffPageReady(page);
		const section = settings(page);
		await section.getByRole('checkbox', { name: /Staff-attended/ }).setChecked(attended);
		await section.getByLabel('Seconds the result stays on screen (5 to 120)').fill(resultSeconds);
		await section.getByRole('button', { name: 'Save return station settings' }).click();
	}

	test('the setting is validated and saved; staff confirm with the PIN; the result says pay out', async ({
		page,
		request
	}) => {
		await logIn(page);
		await saveSettings(page, true, '3');
		await expect(page.getByRole('alert')).toHaveText(
			'Please check the values: idle time 20 to 3600 seconds, result time 5 to 120 seconds.'
		);
		await saveSettings(page, true);
		await expect(page.getByRole('status')).toHaveText('The return station settings are saved.');
		await page.reload();
		await expect(settings(page).getByRole('checkbox', { name: /Staff-attended/ })).toBeChecked();
		await checkStep(page, 'setup-settings');

		try {
			const code = await issueCode(request);
			await pairReturnStation(page);
			await scanWithReader(page, code);
			await expect(heading(page, CHOOSE_HEADING)).toBeVisible();
			await page.getByRole('button', { name: 'Continue: staff confirm' }).tap();
			await expect(heading(page, 'Staff confirmation')).toBeFocused();
			await expect(page.getByText('Returning now: 4 · refund €11.00')).toBeVisible();
			await checkStep(page, 'staff-pin');
			const keypad = page.getByRole('group', { name: 'PIN keypad' });
			const confirm = page.getByRole('button', { name: 'Confirm with PIN' });
			await expect(confirm).toBeDisabled();
			for (const digit of '9999')
				await keypad.getByRole('button', { name: digit, exact: true }).tap();
			await confirm.tap();
			await expect(alert(page)).toHaveText('Wrong PIN. Nothing was returned.');
			await expect(page.getByRole('textbox', { name: 'Staff PIN' })).toHaveValue('');
			await checkStep(page, 'staff-pin-wrong');
			expect(await itemStatuses(request, code)).toEqual({ ACTIVE: 4 });

			for (const digit of '1234')
				await keypad.getByRole('button', { name: digit, exact: true }).tap();
			await confirm.tap();
			await expect(heading(page, RESULT_HEADING)).toBeVisible();
			await expect(page.getByTestId('return-pay-out')).toHaveText('Pay out €11.00');
			await checkStep(page, 'result-pay-out');
			expect(await itemStatuses(request, code)).toEqual({ RETURNED: 4 });
		} finally {
			await saveSettings(page, false);
			await expect(page.getByRole('status')).toHaveText('The return station settings are saved.');
		}
	});
});

test.describe('the typed code’s form, a chunk of its own', () => {
	test.use({ hasTouch: true });

	test('fails to load with the screen (no network, nothing cached): it loads as it opens', async ({
		page
	}) => {
		const form = `/${clientManifest()['src/lib/components/TypedCodeForm.svelte']!.file}`;
		let network = false;
		let asked = 0;
		await page.route(`**${form}`, (route) => {
			asked += 1;
			return network ? route.continue() : route.abort('internetdisconnected');
		});
		await pairReturnStation(page);
		// The screen asked for the form as it came up, and was refused.
		await expect.poll(() => asked).toBe(1);
		network = true;
		await page.getByRole('button', { name: 'Type the code instead' }).tap();
		await expect(page.getByRole('group', { name: 'On-screen keyboard' })).toBeVisible();
		await expect(
			page.getByRole('textbox', { name: 'Deposit code from your receipt' })
		).toBeVisible();
	});
});
