import { describe, expect, it } from 'vitest';
import {
	decodeBcd,
	decodeBcdDigits,
	decodePan,
	encodeBcd,
	encodeBcdDigits,
	encodePan,
	encodeVarLength,
	readVarLength
} from './bcd.ts';
import { ByteReader } from './byte-reader.ts';
import { fromHex, toHex } from './bytes.ts';
import { ZvtDecodeError } from './decode-error.ts';
import { thrownBy } from './testing/thrown.ts';

describe('BCD numbers', () => {
	it('writes an amount of minor units as 6 bytes, right-aligned', () => {
		// EVerest capture 1680728165.675509000_pt_ecr.blob: BMP 04 of 25.00 EUR.
		expect(toHex(encodeBcd(2500, 6))).toBe('00 00 00 00 25 00');
		expect(decodeBcd(fromHex('00 00 00 00 25 00'))).toBe(2500);
	});

	it('round-trips the edges of a 6-byte amount', () => {
		for (const amount of [0, 1, 9, 10, 99, 100, 123_456, 999_999_999_999]) {
			expect(decodeBcd(encodeBcd(amount, 6))).toBe(amount);
		}
	});

	it('refuses what does not fit or is not a non-negative integer', () => {
		expect(() => encodeBcd(1_000_000_000_000, 6)).toThrow(RangeError);
		expect(() => encodeBcd(-1, 6)).toThrow(RangeError);
		expect(() => encodeBcd(12.5, 6)).toThrow(RangeError);
		expect(() => encodeBcd(Number.NaN, 6)).toThrow(RangeError);
		expect(() => encodeBcdDigits('12a4', 2)).toThrow(RangeError);
		expect(() => encodeBcdDigits('123', 2)).toThrow(RangeError);
	});

	it('keeps leading zeros as digits', () => {
		expect(decodeBcdDigits(fromHex('04 05'))).toBe('0405');
		expect(toHex(encodeBcdDigits('081706', 3))).toBe('08 17 06');
	});

	it('reports a nibble above 9 with its offset', () => {
		const error = thrownBy(() => decodeBcd(fromHex('00 1A'), 10));
		expect(error).toBeInstanceOf(ZvtDecodeError);
		expect(error).toMatchObject({ kind: 'bad-bcd', offset: 11 });
		expect(thrownBy(() => decodeBcd(fromHex('F0')))).toMatchObject({ kind: 'bad-bcd' });
	});
});

describe('LL-var and LLL-var lengths', () => {
	it('reads F-digits (Portalum.Zvt BmpParserTest GetDataLengthLLL/LL)', () => {
		expect(readVarLength(new ByteReader(fromHex('F0 F1 F9')), 3)).toBe(19);
		expect(readVarLength(new ByteReader(fromHex('F1 F8 F9')), 3)).toBe(189);
		expect(readVarLength(new ByteReader(fromHex('F1 F8')), 2)).toBe(18);
		expect(readVarLength(new ByteReader(fromHex('F1 F0')), 2)).toBe(10);
	});

	it('writes them as the inverse', () => {
		expect(toHex(encodeVarLength(19, 3))).toBe('F0 F1 F9');
		expect(toHex(encodeVarLength(0, 2))).toBe('F0 F0');
		expect(() => encodeVarLength(100, 2)).toThrow(RangeError);
	});

	it('refuses a length digit that is not F0…F9, and a short prefix', () => {
		expect(thrownBy(() => readVarLength(new ByteReader(fromHex('F1 0A')), 2))).toMatchObject({
			kind: 'bad-bcd',
			offset: 1
		});
		expect(thrownBy(() => readVarLength(new ByteReader(fromHex('F1 FA')), 2))).toMatchObject({
			kind: 'bad-bcd'
		});
		expect(thrownBy(() => readVarLength(new ByteReader(fromHex('F1')), 2))).toMatchObject({
			kind: 'truncated'
		});
	});
});

describe('card numbers', () => {
	it('reads masked digits (EVerest capture 1680728165.675509000_pt_ecr.blob, BMP 22)', () => {
		expect(decodePan(fromHex('55 98 83 EE EE EE 80 74'))).toBe('559883EEEEEE8074');
	});

	it('drops the F that pads an odd count, and writes it back', () => {
		expect(decodePan(fromHex('12 3F'))).toBe('123');
		expect(toHex(encodePan('123'))).toBe('12 3F');
		expect(decodePan(encodePan('4711EEEE0012'))).toBe('4711EEEE0012');
	});

	it('refuses an F inside the number and other letters', () => {
		expect(thrownBy(() => decodePan(fromHex('1F 23')))).toMatchObject({
			kind: 'bad-bcd',
			offset: 0
		});
		expect(thrownBy(() => decodePan(fromHex('12 A3')))).toMatchObject({
			kind: 'bad-bcd',
			offset: 1
		});
		expect(() => encodePan('12F3')).toThrow(RangeError);
	});
});
