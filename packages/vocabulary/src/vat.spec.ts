import { describe, expect, it } from 'vitest';
import { isSupportedVatRate, vatBasisPoints } from './vat.ts';

describe('vatBasisPoints (spec 3 "Supported VAT rates")', () => {
	it('maps the listed rates and nothing else', () => {
		expect(vatBasisPoints(5.5)).toBe(550);
		expect(vatBasisPoints(7.7)).toBe(770);
		expect(vatBasisPoints(19)).toBe(1900);
		expect(vatBasisPoints(27)).toBe(2700);
		for (const rate of [7.5, 5.55, 28, -1, 0.1, 9.05, 1e-9, 1e300]) {
			expect(vatBasisPoints(rate)).toBeUndefined();
		}
	});
});

describe('isSupportedVatRate', () => {
	it('accepts the listed rates only', () => {
		expect(isSupportedVatRate(7.7)).toBe(true);
		expect(isSupportedVatRate(7.5)).toBe(false);
	});
});
