import { describe, expect, it } from 'vitest';
import { KeypadFilter, READER_ENTER_MS } from './keypad-filter.ts';
import { keyPress } from './testing/key-press.ts';

/** A key pressed with nothing focused (the target is no text field). */
const key = (code: string, key: string) => ({ ...keyPress(code, key), target: null });

describe('telling the keypad from a code reader', () => {
	it('gives the keypad its keys', () => {
		const filter = new KeypadFilter(() => 0);
		expect(filter.actionOf(key('ArrowDown', 'ArrowDown'))).toBe('next');
		expect(filter.actionOf(key('NumpadAdd', '+'))).toBe('louder');
		expect(filter.actionOf(key('Enter', 'Enter'))).toBe('select');
	});

	it('leaves typed characters to the page, and a reader’s Enter after them', () => {
		let now = 0;
		const filter = new KeypadFilter(() => now);
		for (const character of 'a1b2')
			expect(filter.actionOf(key(`Key${character}`, character))).toBeNull();
		now += 20;
		expect(filter.actionOf(key('Enter', 'Enter'))).toBeNull();
		now += READER_ENTER_MS;
		expect(filter.actionOf(key('Enter', 'Enter'))).toBe('select');
	});

	it('takes the numpad’s digits as the keypad’s keys (a keypad has no letters)', () => {
		const filter = new KeypadFilter(() => 0);
		expect(filter.actionOf(key('Numpad8', '8'))).toBe('previous');
		expect(filter.actionOf(key('Enter', 'Enter'))).toBe('select');
	});
});
