/**
 * The navigator in Chromium (focus, visibility, inertness and modal dialogs are the browser's):
 * keypad.ts and keypad-navigator.ts, compiled as they are, on a page of controls; keys pressed as
 * a USB keypad presses them.
 */
import type { Browser, Page } from '@playwright/test';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openModulePage } from './testing/module-page.ts';

/** The page: a screen root, the navigator on window keydowns, and what it did. */
const PAGE = `<!doctype html>
<main id="screen"></main>
<script type="module">
	import { KeypadNavigator } from './keypad-navigator.ts';
	const navigator = new KeypadNavigator(document.getElementById('screen'));
	window.actions = [];
	window.events = [];
	window.keypad = navigator;
	addEventListener('keydown', (event) => {
		const action = navigator.handleKeydown(event);
		if (action) actions.push(action);
	});
	addEventListener('click', (event) => events.push('click ' + event.target.id), true);
	addEventListener('submit', (event) => { event.preventDefault(); events.push('submit'); }, true);
	addEventListener('close', (event) => events.push('close ' + event.target.id), true);
	window.ready = true;
</script>`;

let browser: Browser;
let page: Page;

beforeAll(async () => {
	({ browser, page } = await openModulePage(PAGE));
});

afterAll(() => browser?.close());

/** Puts `html` in the screen, with nothing focused and nothing recorded. */
async function screen(html: string) {
	await page.evaluate((markup) => {
		const state = window as unknown as { actions: string[]; events: string[] };
		(document.activeElement as HTMLElement | null)?.blur();
		document.getElementById('screen')!.innerHTML = markup;
		state.actions.length = 0;
		state.events.length = 0;
	}, html);
}

const focusedId = () => page.evaluate(() => document.activeElement?.id ?? '');
const recorded = () =>
	page.evaluate(() => {
		const { actions, events } = window as unknown as { actions: string[]; events: string[] };
		return { actions: [...actions], events: [...events] };
	});

/** A numpad digit with NumLock on (Playwright's numpad keys are NumLock off), from the device. */
async function numpadDigitWithNumLock(digit: string) {
	const cdp = await page.context().newCDPSession(page);
	const key = {
		code: `Numpad${digit}`,
		key: digit,
		location: 3,
		windowsVirtualKeyCode: 96 + Number(digit)
	};
	await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', text: digit, ...key });
	await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...key });
	await cdp.detach();
}

/** The focus after each press of `key`. */
async function walk(key: string, presses: number): Promise<string[]> {
	const visited: string[] = [];
	for (let press = 0; press < presses; press += 1) {
		await page.keyboard.press(key);
		visited.push(await focusedId());
	}
	return visited;
}

const CONTROLS = `
	<button id="a">A</button>
	<button id="disabled" disabled>disabled</button>
	<input id="hidden-input" type="hidden">
	<a id="link" href="#x">link</a>
	<div style="display: none"><button id="display-none">x</button></div>
	<button id="invisible" style="visibility: hidden">x</button>
	<h1 id="heading" tabindex="-1">Step</h1>
	<input id="field" aria-label="code">
	<span id="custom" tabindex="0" role="button">custom</span>
	<div inert><button id="inert">x</button></div>
	<details><summary id="summary">more</summary><button id="folded">x</button></details>
	<fieldset disabled><button id="in-disabled-fieldset">x</button></fieldset>
	<button id="z">Z</button>`;
const ORDER = ['a', 'link', 'field', 'custom', 'summary', 'z'];

describe('KeypadNavigator', () => {
	beforeEach(() => screen(CONTROLS));

	it('goes through the visible, enabled controls in document order, and wraps', async () => {
		expect(await walk('ArrowDown', 7)).toEqual([...ORDER, 'a']);
		expect(await walk('Numpad8', 2)).toEqual(['z', 'summary']);
		expect((await recorded()).actions).toEqual([...Array(7).fill('next'), 'previous', 'previous']);
	});

	it('moves with Tab and Shift+Tab the same way, from the last control to the first', async () => {
		expect(await walk('Shift+Tab', 2)).toEqual(['z', 'summary']);
		expect(await walk('Tab', 2)).toEqual(['z', 'a']);
	});

	it("goes from a step's heading to the controls after and before it", async () => {
		await page.focus('#heading');
		await page.keyboard.press('ArrowDown');
		expect(await focusedId()).toBe('field');
		await page.focus('#heading');
		await page.keyboard.press('ArrowUp');
		expect(await focusedId()).toBe('link');
	});

	it('lets a text field keep what is typed, the numpad included, and leaves it with ↑/↓', async () => {
		await page.focus('#field');
		for (const key of ['Digit4', 'KeyH', 'Shift+KeyR', 'Minus']) await page.keyboard.press(key);
		await numpadDigitWithNumLock('8');
		await page.keyboard.press('NumpadAdd');
		await page.keyboard.press('Backspace');
		expect(await page.inputValue('#field')).toBe('4hR-8');
		expect(await focusedId()).toBe('field');
		// Playwright's Numpad8 is the key with NumLock off: an arrow.
		await page.keyboard.press('Numpad8');
		expect(await focusedId()).toBe('link');
		expect((await recorded()).actions).toEqual(['previous']);
	});

	it('sends a text field’s form with Enter, as a code reader does', async () => {
		await screen('<form><input id="code" aria-label="code"><button id="send">Send</button></form>');
		await page.focus('#code');
		await page.keyboard.type('abc');
		await page.keyboard.press('Enter');
		// Implicit submission clicks the form's default button, as a tap on it would.
		expect(await recorded()).toEqual({ actions: [], events: ['click send', 'submit'] });
	});

	it('selects the focused control with one click per press', async () => {
		await page.focus('#a');
		for (const key of ['Enter', 'Space', 'NumpadEnter', 'Numpad5']) await page.keyboard.press(key);
		expect(await recorded()).toEqual({
			actions: ['select', 'select', 'select', 'select'],
			events: ['click a', 'click a', 'click a', 'click a']
		});
	});

	it('acts once for a held Select or Back, and keeps moving for a held arrow', async () => {
		await page.focus('#a');
		await page.evaluate(() => {
			for (const code of ['Enter', 'Escape', 'ArrowDown', 'ArrowDown']) {
				const init = { code, key: code, repeat: true, bubbles: true, cancelable: true };
				document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', init));
			}
		});
		expect(await recorded()).toEqual({ actions: ['next', 'next'], events: [] });
		expect(await focusedId()).toBe('field');
	});

	it('calls the back handler with Escape, Backspace or the numpad’s decimal key', async () => {
		await page.keyboard.press('Escape');
		await page.evaluate(() => {
			const state = window as unknown as {
				keypad: { setBackHandler(handler: () => void): void };
				events: string[];
			};
			state.keypad.setBackHandler(() => state.events.push('back'));
		});
		for (const key of ['Escape', 'Backspace', 'NumpadDecimal']) await page.keyboard.press(key);
		expect(await recorded()).toEqual({
			actions: ['back', 'back', 'back', 'back'],
			events: ['back', 'back', 'back']
		});
		await page.evaluate(() =>
			(
				window as unknown as { keypad: { setBackHandler(handler: null): void } }
			).keypad.setBackHandler(null)
		);
	});

	it('returns help, repeat and the volume for the caller, without moving', async () => {
		await page.focus('#link');
		for (const key of ['NumpadMultiply', 'NumpadDivide', 'NumpadAdd', 'NumpadSubtract']) {
			await page.keyboard.press(key);
		}
		expect((await recorded()).actions).toEqual(['help', 'repeat', 'louder', 'softer']);
		expect(await focusedId()).toBe('link');
	});

	it('stays inside an open modal dialog, and Back closes it as Escape would', async () => {
		await screen(`
			<button id="outside">outside</button>
			<dialog id="product"><button id="smaller">S</button><button id="larger">L</button></dialog>
			<button id="after">after</button>`);
		await page.evaluate(() =>
			(document.getElementById('product') as HTMLDialogElement).showModal()
		);
		expect(await walk('ArrowDown', 3)).toEqual(['larger', 'smaller', 'larger']);
		expect(await walk('ArrowUp', 1)).toEqual(['smaller']);
		await page.keyboard.press('Backspace');
		await expect.poll(async () => (await recorded()).events).toEqual(['close product']);
		// The dialog gave the focus back to the page: the screen's controls again.
		expect(await walk('ArrowDown', 2)).toEqual(['outside', 'after']);
	});

	it('starts from the first control while the focus is still in a dialog just closed', async () => {
		await screen(`
			<button id="outside">outside</button>
			<dialog id="product"><button id="smaller">S</button></dialog>
			<button id="after">after</button>`);
		// In one task: the browser's focus fixup has not yet moved the focus off the hidden button.
		const moved = await page.evaluate(() => {
			const dialog = document.getElementById('product') as HTMLDialogElement;
			dialog.showModal();
			document.getElementById('smaller')!.focus();
			dialog.close();
			const { keypad } = window as unknown as { keypad: { move(to: 'next'): HTMLElement } };
			return keypad.move('next').id;
		});
		expect(moved).toBe('outside');
	});
});
