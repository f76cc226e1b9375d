import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isTextField, KEYPAD_KEYS, keypadAction } from './keypad.ts';
import { keyPress } from './testing/key-press.ts';

describe('the keypad mapping', () => {
	it.each(Object.entries(KEYPAD_KEYS))('%s is %s outside text fields', (code, action) => {
		expect(keypadAction(keyPress(code), false)).toBe(action);
	});

	it('maps both the arrows and the numpad, whatever NumLock says', () => {
		expect(keypadAction(keyPress('Numpad8', '8'), false)).toBe('previous');
		expect(keypadAction(keyPress('Numpad8', 'ArrowUp'), false)).toBe('previous');
		expect(keypadAction(keyPress('Numpad2', '2'), false)).toBe('next');
		expect(keypadAction(keyPress('NumpadDecimal', 'Delete'), false)).toBe('back');
	});

	it('moves with Tab and Shift+Tab', () => {
		expect(keypadAction(keyPress('Tab'), false)).toBe('next');
		expect(keypadAction(keyPress('Tab', 'Tab', { shiftKey: true }), true)).toBe('previous');
	});

	it('leaves other keys and shortcuts alone', () => {
		expect(keypadAction(keyPress('KeyA', 'a'), false)).toBeNull();
		expect(keypadAction(keyPress('Digit1', '1'), false)).toBeNull();
		expect(keypadAction(keyPress('F5'), false)).toBeNull();
		expect(keypadAction(keyPress('KeyR', 'r', { ctrlKey: true }), false)).toBeNull();
		expect(keypadAction(keyPress('ArrowDown', 'ArrowDown', { altKey: true }), false)).toBeNull();
		expect(keypadAction(keyPress('Tab', 'Tab', { metaKey: true }), false)).toBeNull();
	});

	describe('in a text field', () => {
		it.each([
			['Digit4', '4'],
			['KeyH', 'h'],
			['KeyR', 'R'],
			['Minus', '-'],
			['Minus', '_'],
			['Space', ' '],
			['Numpad8', '8'],
			['NumpadAdd', '+'],
			['NumpadDecimal', ','],
			['Backspace', 'Backspace'],
			['Delete', 'Delete'],
			['ArrowLeft', 'ArrowLeft'],
			['Numpad6', 'ArrowRight'],
			['Home', 'Home'],
			['End', 'End'],
			['Enter', 'Enter'],
			['NumpadEnter', 'Enter']
		])('%s typing %j stays with the field', (code, key) => {
			expect(keypadAction(keyPress(code, key), true)).toBeNull();
		});

		it.each([
			['ArrowDown', 'ArrowDown', 'next'],
			['Numpad8', 'ArrowUp', 'previous'],
			['Tab', 'Tab', 'next'],
			['Escape', 'Escape', 'back']
		])('%s (%s) leaves or cancels it: %s', (code, key, action) => {
			expect(keypadAction(keyPress(code, key), true)).toBe(action);
		});
	});

	it('is the table in docs/accessibility.md', () => {
		const docs = readFileSync(new URL('../../../docs/accessibility.md', import.meta.url), 'utf8');
		const section = docs.split('\n## ').find((part) => part.startsWith('Tactile keypad'))!;
		const documented: Record<string, string> = {};
		for (const [, keys, action] of section.matchAll(/^\|([^|]*`[^|]*)\|\s*(\w+)\s*\|/gm)) {
			const shift = keys!.trim().startsWith('Shift') ? 'Shift+' : '';
			for (const [, code] of keys!.matchAll(/`(\w+)`/g)) documented[shift + code] = action!;
		}
		expect(documented).toEqual({ ...KEYPAD_KEYS, Tab: 'next', 'Shift+Tab': 'previous' });
	});
});

describe('isTextField', () => {
	const element = (tagName: string, more: object = {}) =>
		({ tagName, isContentEditable: false, ...more }) as unknown as EventTarget;

	it.each(['text', 'search', 'tel', 'number', 'email', 'url', 'password'])(
		'counts an input of type %s',
		(type) => {
			expect(isTextField(element('INPUT', { type }))).toBe(true);
		}
	);

	it('counts a textarea and editable content', () => {
		expect(isTextField(element('TEXTAREA'))).toBe(true);
		expect(isTextField(element('DIV', { isContentEditable: true }))).toBe(true);
	});

	it('does not count buttons, boxes, the page or nothing', () => {
		expect(isTextField(element('INPUT', { type: 'checkbox' }))).toBe(false);
		expect(isTextField(element('INPUT', { type: 'submit' }))).toBe(false);
		expect(isTextField(element('BUTTON'))).toBe(false);
		expect(isTextField(element('BODY'))).toBe(false);
		expect(isTextField(null)).toBe(false);
	});
});
