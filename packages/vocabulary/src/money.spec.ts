import { describe, expect, it } from 'vitest';
import {
	allocateProportionally,
	currencyExponent,
	decimalToScaledInteger,
	minorToDecimalText,
	typedAmountToMinor,
	formatMoney,
	fromMinor,
	MoneyFormatError,
	percentageOf,
	toMinor
} from './money.ts';

describe('currencyExponent (ISO 4217)', () => {
	it.each([
		['EUR', 2],
		['CHF', 2],
		['JPY', 0],
		['KWD', 3]
	])('%s has %i minor digits', (code, exponent) => {
		expect(currencyExponent(code)).toBe(exponent);
	});

	it('rejects what is not a currency code', () => {
		expect(() => currencyExponent('eur')).toThrow(MoneyFormatError);
	});
});

describe('toMinor / fromMinor', () => {
	it.each([
		[4.5, 450],
		[0.1, 10],
		[0.3, 30],
		[19.99, 1999],
		[1.005e2, 10050],
		[0, 0],
		[-2, -200],
		[123456789.12, 12345678912]
	])('%d EUR ⇄ %i cents', (amount, minor) => {
		expect(toMinor(amount, 'EUR')).toBe(minor);
		expect(fromMinor(minor, 'EUR')).toBe(amount);
	});

	it('sums exactly where float addition drifts', () => {
		expect(0.1 + 0.2).not.toBe(0.3);
		expect(fromMinor(toMinor(0.1, 'EUR') + toMinor(0.2, 'EUR'), 'EUR')).toBe(0.3);
	});

	it('respects the currency exponent', () => {
		expect(toMinor(500, 'JPY')).toBe(500);
		expect(toMinor(1.234, 'KWD')).toBe(1234);
		expect(() => toMinor(1.5, 'JPY')).toThrow(MoneyFormatError);
	});

	it.each([1.005, 0.001, Number.NaN, Number.POSITIVE_INFINITY, 1e20])(
		'rejects %d EUR',
		(amount) => {
			expect(() => toMinor(amount, 'EUR')).toThrow(MoneyFormatError);
		}
	);

	it('rejects non-integers on the way out', () => {
		expect(() => fromMinor(1.5, 'EUR')).toThrow(MoneyFormatError);
	});
});

describe('decimalToScaledInteger', () => {
	it('reads VAT rates as basis points', () => {
		expect(decimalToScaledInteger(5.5, 2)).toBe(550);
		expect(decimalToScaledInteger(7.7, 2)).toBe(770);
		expect(decimalToScaledInteger(19, 2)).toBe(1900);
	});
});

describe('percentageOf', () => {
	it('rounds half up in integers', () => {
		expect(percentageOf(550, 1000)).toBe(55);
		expect(percentageOf(450, 1500)).toBe(68); // 67.5 → 68
		expect(percentageOf(333, 5000)).toBe(167); // 166.5 → 167
		expect(percentageOf(0, 2000)).toBe(0);
	});
});

describe('allocateProportionally', () => {
	it('splits in proportion and the parts always add up to the total', () => {
		expect(allocateProportionally(100, [1, 1, 1])).toEqual([34, 33, 33]);
		expect(allocateProportionally(350, [495, 383, 256])).toEqual([153, 118, 79]);
		for (const total of [0, 1, 7, 999, 12345]) {
			const parts = allocateProportionally(total, [3, 0, 5, 11]);
			expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
			expect(parts[1]).toBe(0);
		}
	});

	it('gives nothing when every weight is zero', () => {
		expect(allocateProportionally(10, [0, 0])).toEqual([0, 0]);
	});
});

describe('formatMoney', () => {
	it('formats per locale', () => {
		expect(formatMoney(450, 'EUR', 'en-GB')).toBe('€4.50');
		expect(formatMoney(450, 'EUR', 'de-DE')).toBe('4,50\u00a0€');
	});
});

describe('typedAmountToMinor', () => {
	it('reads an amount as staff type it, with a point or a comma', () => {
		expect(typedAmountToMinor('12,50', 'EUR')).toBe(1250);
		expect(typedAmountToMinor(' 12.5 ', 'EUR')).toBe(1250);
		expect(typedAmountToMinor('0.07', 'EUR')).toBe(7);
		expect(typedAmountToMinor('7', 'EUR')).toBe(700);
		expect(typedAmountToMinor('1500', 'JPY')).toBe(1500);
	});

	it('is nothing for what is not an amount in that currency', () => {
		for (const text of ['', '-1', '1.234', '1,000.00', '1e3', '12 €', 'abc', '0x10'])
			expect(typedAmountToMinor(text, 'EUR')).toBeUndefined();
		expect(typedAmountToMinor('1.5', 'JPY')).toBeUndefined();
	});
});

describe('minorToDecimalText', () => {
	it('writes every digit of the currency, exactly', () => {
		expect(minorToDecimalText(1250, 'EUR')).toBe('12.50');
		expect(minorToDecimalText(7, 'EUR')).toBe('0.07');
		expect(minorToDecimalText(-5, 'EUR')).toBe('-0.05');
		expect(minorToDecimalText(1500, 'JPY')).toBe('1500');
		expect(minorToDecimalText(9_007_199_254_740_991, 'EUR')).toBe('90071992547409.91');
	});
});
