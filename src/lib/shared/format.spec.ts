import { describe, expect, it } from 'vitest';
import {
	deduction,
	formatDateTime,
	formatRate,
	labelSvg,
	nameIn,
	prettifyCategory,
	worthALine
} from './format.ts';

describe('display helpers', () => {
	it('names in the guest language, English when there is no translation', () => {
		expect(nameIn({ en: 'Pretzel', de: 'Brezel' }, 'de')).toBe('Brezel');
		expect(nameIn({ en: 'Aperol Spritz' }, 'de')).toBe('Aperol Spritz');
	});

	it('a name staff gave in no language or only in another falls back to its own default', () => {
		expect(nameIn({ de: 'Mehrwegbecher 0,4 l' }, 'de', 'Reusable cup 0.4 l')).toBe(
			'Mehrwegbecher 0,4 l'
		);
		expect(nameIn({ de: 'Mehrwegbecher 0,4 l' }, 'en', 'Reusable cup 0.4 l')).toBe(
			'Reusable cup 0.4 l'
		);
		expect(nameIn({ en: 'Cup' }, 'de', 'Reusable cup 0.4 l')).toBe('Cup');
		expect(nameIn(undefined, 'de', 'Reusable cup 0.4 l')).toBe('Reusable cup 0.4 l');
		expect(nameIn({}, 'en', 'Beer')).toBe('Beer');
	});

	it('an amount taken off has its minus only when it takes something; zero is no line', () => {
		const money = (minor: number) => `€${(minor / 100).toFixed(2)}`;
		expect(deduction(110, money)).toBe('−€1.10');
		expect(deduction(0, money)).toBe('€0.00');
		expect([worthALine(0), worthALine(1), worthALine(-5)]).toEqual([false, true, true]);
	});

	it('VAT rates from basis points, in the guest language', () => {
		expect(formatRate(1900, 'en')).toBe('19 %');
		expect(formatRate(770, 'en')).toBe('7.7 %');
		expect(formatRate(770, 'de')).toBe('7,7 %');
		expect(formatRate(0, 'de')).toBe('0 %');
	});

	it('dates in local time; text that is no date stays as it is', () => {
		expect(formatDateTime('2026-11-24T13:05:00.000Z', 'en')).toMatch(/2026/);
		expect(formatDateTime('not a date', 'en')).toBe('not a date');
	});

	it('unknown categories as written', () => {
		expect(prettifyCategory('hot-food')).toBe('Hot food');
		expect(prettifyCategory('snacks')).toBe('Snacks');
	});

	it('an SVG gets an image role and an escaped accessible name', () => {
		const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect/></svg>';
		expect(labelSvg(svg, 'Code "A" <1> & 2')).toBe(
			'<svg role="img" aria-label="Code &quot;A&quot; &lt;1&gt; &amp; 2" focusable="false" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect/></svg>'
		);
	});
});
