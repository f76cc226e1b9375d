import { describe, expect, it } from 'vitest';
import { formatRefunds } from './format.ts';

describe('formatRefunds', () => {
	it('formats cents for the locale', () => {
		expect(formatRefunds([{ currencyCode: 'EUR', minor: 1100 }], 'en')).toBe('€11.00');
		expect(formatRefunds([{ currencyCode: 'EUR', minor: 1100 }], 'de')).toBe('11,00\u00a0€');
	});

	it('joins currencies, and shows nothing chosen as zero', () => {
		expect(
			formatRefunds(
				[
					{ currencyCode: 'EUR', minor: 200 },
					{ currencyCode: 'CHF', minor: 350 }
				],
				'en'
			)
		).toBe('€2.00 + CHF\u00a03.50');
		expect(formatRefunds([], 'en')).toBe('€0.00');
	});
});
