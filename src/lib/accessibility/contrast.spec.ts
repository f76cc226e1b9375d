import { describe, expect, it } from 'vitest';
import { contrastRatio, relativeLuminance } from './contrast.ts';

describe('WCAG contrast', () => {
	it('runs from 1:1 for one colour to 21:1 for black on white', () => {
		expect(relativeLuminance('#000000')).toBe(0);
		expect(relativeLuminance('#ffffff')).toBe(1);
		expect(contrastRatio('#ffffff', '#000000')).toBe(21);
		expect(contrastRatio('#0b5cad', '#0b5cad')).toBe(1);
	});

	it('matches the ratios WCAG tools give', () => {
		// #777 on white is the grey famous for missing 4.5:1 by a hair.
		expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
		expect(contrastRatio('#ff0000', '#ffffff')).toBeCloseTo(4.0, 2);
		expect(relativeLuminance('#808080')).toBeCloseTo(0.2159, 4);
	});

	it('is the same either way round, and reads #rgb as #rrggbb', () => {
		expect(contrastRatio('#14171a', '#f5f2ec')).toBe(contrastRatio('#f5f2ec', '#14171a'));
		expect(relativeLuminance('#FA0')).toBe(relativeLuminance('#ffaa00'));
	});

	it.each(['ffffff', '#ffff', 'rgb(0 0 0)', '#ggg', 'var(--ink)'])('refuses %s', (value) => {
		expect(() => relativeLuminance(value)).toThrow(TypeError);
	});
});
