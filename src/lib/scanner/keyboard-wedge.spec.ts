import { describe, expect, it } from 'vitest';
import { KeyboardWedge } from './keyboard-wedge.ts';

/** Feeds `keys` starting at `start`, `gap` ms apart; returns what each key gave. */
function feed(wedge: KeyboardWedge, keys: string[], gap: number, start = 1000) {
	return keys.map((key, i) => wedge.key(key, start + i * gap));
}

const KEY = '1a2b3c4d5e6f708192a3b4c5d6e'; // 27 characters: a card that dropped leading zeros

describe('KeyboardWedge: fast keys ending with Enter are one scan', () => {
	it('reads a reader scan typed 5 ms apart', () => {
		const results = feed(new KeyboardWedge(), [...KEY, 'Enter'], 5);
		expect(results.slice(0, -1).every((r) => r === null)).toBe(true);
		expect(results.at(-1)).toBe(KEY);
	});

	it('accepts gaps up to the limit and not beyond', () => {
		expect(feed(new KeyboardWedge(), [...KEY, 'Enter'], 50).at(-1)).toBe(KEY);
		expect(feed(new KeyboardWedge(), [...KEY, 'Enter'], 51).at(-1)).toBeNull();
		expect(feed(new KeyboardWedge({ maxGapMs: 80 }), [...KEY, 'Enter'], 70).at(-1)).toBe(KEY);
	});

	it('ignores slow typing, even of a whole key', () => {
		const wedge = new KeyboardWedge();
		expect(feed(wedge, [...KEY, 'Enter'], 150).every((r) => r === null)).toBe(true);
	});

	it('ignores a late Enter', () => {
		const wedge = new KeyboardWedge();
		feed(wedge, [...KEY], 5, 0);
		expect(wedge.key('Enter', KEY.length * 5 + 500)).toBeNull();
	});

	it('needs the minimum length: a short burst and Enter is not a scan', () => {
		expect(feed(new KeyboardWedge(), [...'1234567', 'Enter'], 5).at(-1)).toBeNull();
		expect(feed(new KeyboardWedge(), [...'12345678', 'Enter'], 5).at(-1)).toBe('12345678');
		expect(feed(new KeyboardWedge({ minLength: 3 }), [...'abc', 'Enter'], 5).at(-1)).toBe('abc');
	});

	it('drops what a person typed before the scan: the burst starts afresh after a pause', () => {
		const wedge = new KeyboardWedge();
		feed(wedge, [...'hello'], 200, 0);
		expect(feed(wedge, [...KEY, 'Enter'], 5, 5000).at(-1)).toBe(KEY);
	});

	it('reads two scans one after the other', () => {
		const wedge = new KeyboardWedge();
		expect(feed(wedge, [...KEY, 'Enter'], 5, 0).at(-1)).toBe(KEY);
		const code = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-xy';
		expect(feed(wedge, [...code, 'Enter'], 5, 2000).at(-1)).toBe(code);
	});

	it('lets Shift pass (capitals) but not other keys inside a scan', () => {
		const keys = [...'ABCD1234'].flatMap((c) => (/[A-Z]/.test(c) ? ['Shift', c] : [c]));
		expect(feed(new KeyboardWedge(), [...keys, 'Enter'], 5).at(-1)).toBe('ABCD1234');
		expect(feed(new KeyboardWedge(), [...'ABCD', 'Tab', ...'1234', 'Enter'], 5).at(-1)).toBeNull();
	});

	it('forgets a scan in progress on reset', () => {
		const wedge = new KeyboardWedge();
		feed(wedge, [...KEY], 5, 0);
		wedge.reset();
		expect(wedge.key('Enter', KEY.length * 5)).toBeNull();
	});
});
