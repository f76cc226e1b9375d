/**
 * The guest screens' accessibility mode (docs/accessibility.md; EAA Annex I, EN 301 549 5 and 8,
 * WCAG 2.2 AA), tried as the guests who need it would:
 *
 * - a guest who cannot see the screen walks through a whole sale (credits, the rest by card, a
 *   cup with a deposit) and a whole return with a USB keypad alone — the codes typed on the
 *   on-screen keyboard with the keypad too — and hears every step. The browser's Web Speech API
 *   (`speechSynthesis` and its utterances) is replaced by a recorder with one local voice per
 *   language, so what is said, in which language and at which volume is known, and that each
 *   utterance cancels the one before;
 * - a guest in a wheelchair turns on reach mode: the screen moves into the rows between 380 and
 *   1220 mm above the floor, until the sale ends;
 * - a guest with low vision turns on large text and high contrast: what every screen then looks
 *   like, in every language and screen size, is guest-layout.e2e.ts's.
 *
 * Everything is back to normal for the next guest.
 */
import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './test.ts';
import { addProduct, beginOrder, confirmAge, newKey, pairKiosk } from './kiosk-support.ts';
import {
	CHOOSE_HEADING,
	CUPS_AND_PITCHER,
	issueCode,
	pairReturnStation,
	RESULT_HEADING
} from './return-support.ts';
import { expectNoAxeViolations, screenshot } from './support.ts';
import { reachBandOf } from './layout-support.ts';

interface Spoken {
	text: string;
	lang: string;
	volume: number;
}
type SpeechEvent = ({ kind: 'speak' } & Spoken) | { kind: 'cancel' };

/** Replaces the Web Speech API with a recorder that has one local voice per language. */
async function recordSpeech(page: Page) {
	await page.addInitScript(() => {
		const events: unknown[] = [];
		const voices = [
			{ name: 'Test English', lang: 'en-GB', localService: true, default: true, voiceURI: 'en' },
			{ name: 'Test Deutsch', lang: 'de-DE', localService: true, default: false, voiceURI: 'de' },
			{ name: 'Remote', lang: 'en-US', localService: false, default: false, voiceURI: 'r' }
		];
		class Utterance {
			text: string;
			lang = '';
			voice: { lang: string } | null = null;
			volume = 1;
			constructor(text: string) {
				this.text = text;
			}
		}
		const recorder = {
			getVoices: () => voices,
			speak: (utterance: Utterance) =>
				events.push({
					kind: 'speak',
					text: utterance.text,
					lang: utterance.voice?.lang ?? utterance.lang,
					volume: utterance.volume
				}),
			cancel: () => events.push({ kind: 'cancel' }),
			addEventListener: () => undefined,
			removeEventListener: () => undefined
		};
		Object.defineProperty(window, 'speechSynthesis', { value: recorder, configurable: true });
		Object.defineProperty(window, 'SpeechSynthesisUtterance', {
			value: Utterance,
			configurable: true
		});
		(window as unknown as { spoken: unknown[] }).spoken = events;
	});
	const events = () =>
		page.evaluate(() => (window as unknown as { spoken: SpeechEvent[] }).spoken.slice());
	const said = async () =>
		(await events()).flatMap((event) => (event.kind === 'speak' ? [event] : []));
	return { events, said };
}

/** Presses the keypad's ↓ or ↑ until `target` has the focus (the keypad's own walk). */
async function keypadTo(page: Page, target: Locator) {
	for (let presses = 0; presses < 400; presses += 1) {
		const where = await target.evaluate((element) => {
			const active = document.activeElement;
			if (element === active) return 0;
			if (!active || active === document.body) return 1;
			return active.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING ? 1 : -1;
		});
		if (where === 0) return;
		await page.keyboard.press(where > 0 ? 'ArrowDown' : 'ArrowUp');
	}
	throw new Error(`the keypad never reached ${target}`);
}

/** Moves to `target` with the keypad and selects it with the keypad's Enter. */
async function keypadSelect(page: Page, target: Locator) {
	await keypadTo(page, target);
	await page.keyboard.press('Enter');
}

/** Types `code` on the on-screen keyboard `keyboard`, with the keypad alone. */
async function keypadType(page: Page, keyboard: Locator, code: string) {
	const smallLetters = keyboard.getByRole('button', { name: 'Small letters' });
	for (const character of code) {
		const isLetter = character.toLowerCase() !== character.toUpperCase();
		if (isLetter && (await smallLetters.count()) > 0) {
			const wantSmall = character === character.toLowerCase();
			if ((await smallLetters.getAttribute('aria-pressed')) !== String(wantSmall))
				await keypadSelect(page, smallLetters);
		}
		await keypadSelect(page, keyboard.getByRole('button', { name: character, exact: true }));
	}
}

const CANCEL_BEFORE_EACH = (events: SpeechEvent[]) =>
	events.every((event, index) => event.kind !== 'speak' || events[index - 1]?.kind === 'cancel');

test.use({ viewport: { width: 1080, height: 1920 }, hasTouch: true });

test('a whole sale with the keypad alone, heard step by step; reset for the next guest', async ({
	page,
	request
}) => {
	const speech = await recordSpeech(page);
	await pairKiosk(page);

	// The first keypad key starts the mode and says so; nothing else happens.
	await page.keyboard.press('ArrowDown');
	await expect
		.poll(async () => (await speech.said()).at(-1)?.text)
		.toMatch(/Accessibility mode is on/);
	await expect(page.getByRole('button', { name: 'Accessibility' })).toHaveClass(/on/);
	await keypadSelect(page, page.getByRole('button', { name: /Tap to order/ }));
	await expect(page.getByRole('heading', { level: 1, name: /Choose your language/ })).toBeFocused();
	await keypadSelect(page, page.getByRole('button', { name: 'Deutsch', exact: true }));

	// The step is said in the screen's language, with the focused control and its price.
	await expect(page.getByRole('heading', { level: 1, name: 'Speisekarte' })).toBeFocused();
	await expect
		.poll(async () => (await speech.said()).at(-1))
		.toMatchObject({
			text: expect.stringContaining('Speisekarte'),
			lang: 'de-DE'
		});
	await keypadTo(page, page.getByRole('button', { name: 'Hinzufügen: Pils 0,4 l' }));
	await expect
		.poll(async () => (await speech.said()).at(-1))
		.toMatchObject({
			text: expect.stringMatching(/^Hinzufügen: Pils 0,4 l\. 5,50\s€/),
			lang: 'de-DE'
		});
	await page.keyboard.press('Enter');
	await keypadSelect(page, page.getByRole('button', { name: 'English', exact: true }));
	await expect(page.getByRole('heading', { level: 1, name: 'Menu' })).toBeAttached();

	// Louder: the next utterance is said at a higher volume.
	const before = (await speech.said()).at(-1)!.volume;
	await page.keyboard.press('NumpadAdd');
	await page.keyboard.press('NumpadDivide');
	await expect.poll(async () => (await speech.said()).at(-1)!.volume).toBeGreaterThan(before);

	// To payment: the heading with the total; no suggestion taken; credits.
	await keypadSelect(page, page.getByRole('button', { name: 'Go to payment' }));
	// The Pilsner is sold from 16: the question is answered on the keypad too.
	await keypadSelect(page, page.getByRole('button', { name: 'I am 16 or older' }));
	await expect
		.poll(async () => (await speech.said()).at(-1)?.text)
		.toMatch(/How would you like to pay\?.*Total.*€7\.50/);
	const noThanks = page.getByRole('button', { name: 'No, thanks' });
	if (await noThanks.count()) await keypadSelect(page, noThanks);
	await keypadSelect(page, page.getByRole('button', { name: /^Pay with credits/ }));

	// The loyalty key, typed on the on-screen keyboard with the keypad.
	await keypadSelect(page, page.getByRole('button', { name: 'Type the code instead' }));
	const keyboard = page.getByRole('group', { name: 'Keypad' });
	await keypadType(page, keyboard, await newKey(request, 'wallet_few'));
	await keypadSelect(page, page.getByRole('button', { name: 'Use this code' }));
	await expect(page.getByRole('heading', { level: 1, name: 'Your credits' })).toBeFocused();
	await expect.poll(async () => (await speech.said()).at(-1)?.text).toMatch(/To pay by card/);
	await keypadSelect(page, page.getByRole('button', { name: /^Confirm/ }));
	await keypadSelect(page, page.getByRole('button', { name: 'Approve payment' }));

	// The receipt: the order number, the deposit code's number and its deadline are said.
	await expect(page.getByRole('heading', { level: 1, name: 'Thank you!' })).toBeFocused();
	await expect
		.poll(async () => (await speech.said()).at(-1)?.text)
		.toMatch(/Thank you!.*K-\d+.*No\. \d+.*Return by/);
	expect(CANCEL_BEFORE_EACH(await speech.events())).toBe(true);
	const lastVolume = (await speech.said()).at(-1)!.volume;
	expect(lastVolume).toBeGreaterThan(before);

	// Done: the next guest finds the screen as it was, at the default volume.
	await keypadSelect(page, page.getByRole('button', { name: 'Done' }));
	await expect(page.getByRole('button', { name: /Tap to order/ })).toBeVisible();
	await expect(page.getByRole('button', { name: 'Accessibility' })).not.toHaveClass(/on/);
	await page.getByRole('button', { name: 'Accessibility' }).tap();
	await page.getByRole('button', { name: 'Read aloud' }).tap();
	await expect.poll(async () => (await speech.said()).at(-1)?.volume).toBe(before);
});

test('a product with options, with the keypad alone: each choice heard with its price; back closes the dialog', async ({
	page
}) => {
	const speech = await recordSpeech(page);
	await pairKiosk(page);
	await page.keyboard.press('ArrowDown');
	await keypadSelect(page, page.getByRole('button', { name: /Tap to order/ }));
	await keypadSelect(page, page.getByRole('button', { name: 'English', exact: true }));
	await keypadSelect(
		page,
		page
			.getByRole('navigation', { name: 'Categories' })
			.getByRole('button', { name: 'Soft drinks', exact: true })
	);

	// The coffee asks for its size: its dialog opens, is said, and the keypad walks its choices.
	const heardBefore = (await speech.said()).length;
	await keypadSelect(page, page.getByRole('button', { name: 'Add Filter coffee', exact: true }));
	const coffee = page.getByRole('dialog', { name: 'Filter coffee' });
	await expect(coffee).toBeVisible();
	// Said as it opens: its name, then what it contains (its diet label among its food facts).
	await expect
		.poll(async () =>
			(await speech.said())
				.slice(heardBefore)
				.map((utterance) => utterance.text)
				.join(' | ')
		)
		.toMatch(/Filter coffee.*Vegan/);
	for (const [group, choice, price] of [
		['Size', 'Large 0.3 l', '+€0.80'],
		['Milk', 'Oat milk', '+€0.40']
	] as const) {
		const radio = coffee
			.getByRole('group', { name: new RegExp(`^${group}`) })
			.getByRole('radio', { name: `${choice} ${price}` });
		await keypadTo(page, radio);
		// Heard with its price.
		await expect
			.poll(async () => (await speech.said()).at(-1)?.text ?? '')
			.toMatch(new RegExp(`${choice}.*\\${price}`));
		await page.keyboard.press('Enter');
		await expect(radio).toBeChecked();
	}
	// 3.20 + 0.80 + 0.40, said as the guest reaches the button.
	const add = coffee.getByRole('button', { name: 'Add to order: €4.40' });
	await keypadTo(page, add);
	await expect.poll(async () => (await speech.said()).at(-1)?.text).toMatch(/€4\.40/);
	await page.keyboard.press('Enter');
	await expect(coffee).toBeHidden();
	const basket = page.getByRole('region', { name: 'Your order' });
	await expect(basket.getByRole('listitem').filter({ hasText: 'Filter coffee' })).toContainText(
		'Large 0.3 l, Oat milk'
	);
	await expect(page.getByTestId('basket-total')).toHaveText('€4.40');

	// The keypad's back closes a dialog and adds nothing.
	await keypadSelect(
		page,
		page
			.getByRole('navigation', { name: 'Categories' })
			.getByRole('button', { name: 'Food', exact: true })
	);
	await keypadSelect(page, page.getByRole('button', { name: 'Details: Bratwurst in a bun' }));
	const bratwurst = page.getByRole('dialog', { name: 'Bratwurst in a bun' });
	await keypadSelect(page, bratwurst.getByRole('checkbox', { name: 'Cheese +€1.00' }));
	await expect(bratwurst.getByRole('checkbox', { name: 'Cheese +€1.00' })).toBeChecked();
	await page.keyboard.press('NumpadDecimal');
	await expect(bratwurst).toBeHidden();
	await expect(page.getByTestId('basket-total')).toHaveText('€4.40');
	expect(CANCEL_BEFORE_EACH(await speech.events())).toBe(true);
	await expectNoAxeViolations(page);
});

test('a whole return with the keypad alone, the code typed on the on-screen keyboard', async ({
	page,
	request
}) => {
	const speech = await recordSpeech(page);
	await pairReturnStation(page);
	const code = await issueCode(request, CUPS_AND_PITCHER);
	await page.keyboard.press('ArrowDown');
	await keypadSelect(page, page.getByRole('button', { name: 'Type the code instead' }));
	await keypadType(page, page.getByRole('group', { name: /keyboard/i }), code);
	await keypadSelect(page, page.getByRole('button', { name: 'Check this code' }));
	await expect(page.getByRole('heading', { level: 1, name: CHOOSE_HEADING })).toBeFocused();
	await expect.poll(async () => (await speech.said()).at(-1)?.text).toMatch(/refund €11\.00/);
	await keypadSelect(page, page.getByRole('button', { name: 'Confirm the return' }));
	await expect(page.getByRole('heading', { level: 1, name: RESULT_HEADING })).toBeFocused();
	await expect.poll(async () => (await speech.said()).at(-1)?.text).toMatch(/€11\.00/);
	expect(CANCEL_BEFORE_EACH(await speech.events())).toBe(true);
});

test('the idle warning is heard as well as seen, and the keypad answers it', async ({ page }) => {
	const speech = await recordSpeech(page);
	await pairKiosk(page);
	// Demo mode's short idle time (5 s), to reach the warning soon.
	await page.goto('/kiosk?idle=5');
	await expect(page.getByRole('button', { name: /Tap to order/ })).toBeVisible();
	await page.keyboard.press('ArrowDown');
	await keypadSelect(page, page.getByRole('button', { name: /Tap to order/ }));
	const warning = page.getByRole('dialog', { name: 'Are you still there?' });
	await expect(warning).toBeVisible();
	await expect
		.poll(async () => (await speech.said()).at(-1)?.text)
		.toMatch(/I’m still here\. Are you still there\?\. Your order will be cleared in \d+ seconds/);
	await page.keyboard.press('Enter');
	await expect(warning).toBeHidden();
	await expect(page.getByRole('heading', { level: 1, name: /Choose your language/ })).toBeVisible();
});

/** Opens the accessibility choices and turns `choices` on. */
async function choose(page: Page, ...choices: string[]) {
	await page.getByRole('button', { name: 'Accessibility' }).tap();
	for (const choice of choices) await page.getByRole('button', { name: choice }).tap();
	await page.getByRole('button', { name: 'Close' }).tap();
}

test('reach mode shows the screen in the reach band for one guest, and ends with the sale', async ({
	page
}) => {
	// Where each screen's controls then lie, in every screen size and language: guest-layout.e2e.ts.
	await pairKiosk(page);
	await choose(page, 'Everything within reach');
	const band = reachBandOf(1920);
	await expect(page.locator('html')).toHaveAttribute('data-reach', 'on');
	const screen = await page.locator('.guest-screen').boundingBox();
	expect([screen!.y, screen!.y + screen!.height]).toEqual([band.top, band.bottom]);
	await beginOrder(page);
	await addProduct(page, 'Beer', 'Pilsner 0.4 l');
	await screenshot(page, 'accessibility-reach-menu');
	await page.getByRole('button', { name: 'Go to payment' }).tap();
	await confirmAge(page, 16);
	await page.getByRole('button', { name: /^Pay by card/ }).tap();
	await page.getByRole('button', { name: 'Approve payment' }).tap();
	await expect(page.getByRole('heading', { level: 1, name: 'Thank you!' })).toBeVisible();
	await page.getByRole('button', { name: 'Done' }).tap();
	await expect(page.locator('html')).not.toHaveAttribute('data-reach');
});

test('in reach mode the order sheet folds to its total; unfolded it shows and changes the lines', async ({
	page
}) => {
	await pairKiosk(page);
	await choose(page, 'Everything within reach');
	await beginOrder(page);
	await addProduct(page, 'Beer', 'Pilsner 0.4 l');
	const order = page.getByRole('button', { name: /^Your order/ });
	// Folded: what the order costs (€5.50 and the cup's €2.00) beside "Go to payment", in reach.
	await expect(order).toHaveAccessibleName('Your order Total €7.50');
	await expect(order).toHaveAttribute('aria-expanded', 'false');
	await expect(page.getByRole('button', { name: 'Go to payment' })).toBeInViewport({ ratio: 1 });
	const more = page.getByRole('button', { name: 'One more Pilsner 0.4 l' });
	await expect(more).toBeHidden();

	// Unfolded: the lines in the menu's place, changed by touch; the total follows.
	await order.tap();
	await expect(order).toHaveAttribute('aria-expanded', 'true');
	await expect(page.getByRole('button', { name: 'Add Pilsner 0.4 l' })).toBeHidden();
	await more.tap();
	await expect(page.getByTestId('basket-total')).toHaveText('€15.00');
	await expect(page.getByRole('button', { name: 'Go to payment' })).toBeInViewport({ ratio: 1 });

	// Folded again: the menu back, the new total on the button.
	await order.tap();
	await expect(order).toHaveAttribute('aria-expanded', 'false');
	await expect(order).toHaveAccessibleName('Your order Total €15.00');
	await expect(more).toBeHidden();
	await expect(page.getByRole('button', { name: 'Add Pilsner 0.4 l' })).toBeVisible();
	await expectNoAxeViolations(page);
});
