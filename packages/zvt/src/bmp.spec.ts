import { describe, expect, it } from 'vitest';
import { decodeBmps, encodeBmps } from './bmp.ts';
import { fromHex, toHex } from './bytes.ts';
import { thrownBy } from './testing/thrown.ts';

/** Status information data blocks of EVerest captures (the APDU header cut off). */
const CAPTURES = {
	// 1680728165.675509000_pt_ecr.blob: an approved 25.00 EUR Mastercard payment.
	approved:
		'27 00 04 00 00 00 00 25 00 49 09 78 0C 22 55 58 0D 04 05 22 F0 F8 55 98 83 EE EE EE 80 74 87 02 31 3B 37 35 30 30 37 31 00 00 0B 00 09 75 19 60 29 52 52 35 35 0E 24 05 8A 06 8C 01 8B F1 F1 4D 61 73 74 65 72 43 61 72 64 00 2A 38 30 34 30 31 31 39 32 36 20 20 20 20 20 20',
	// 1680761828.489701000_pt_ecr.blob: an end of day with individual totals (BMP 60).
	endOfDay:
		'27 00 04 00 00 00 00 09 58 0B 00 09 82 0D 04 06 0C 08 17 06 60 F0 F5 F3 02 33 02 34 00 00 00 00 00 00 00 00 00 00 00 00 00 00 02 00 00 00 00 09 58 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00'
};

describe('BMP lists', () => {
	it('reads each capture field by field and writes it back byte for byte', () => {
		for (const hex of Object.values(CAPTURES)) {
			const bytes = fromHex(hex);
			const bmps = decodeBmps(bytes);
			expect(toHex(encodeBmps(bmps))).toBe(toHex(bytes));
		}
		const ids = decodeBmps(fromHex(CAPTURES.approved)).map((bmp) => bmp.id);
		expect(ids).toEqual([
			0x27, 0x04, 0x49, 0x0c, 0x0d, 0x22, 0x87, 0x3b, 0x0b, 0x19, 0x29, 0x0e, 0x8a, 0x8c, 0x8b, 0x2a
		]);
	});

	it('gives each value without its length prefix, and where it starts', () => {
		const [pan] = decodeBmps(fromHex('22 F0 F2 12 3F'), 3);
		expect(pan).toEqual({ id: 0x22, offset: 6, value: fromHex('12 3F') });
		const [text] = decodeBmps(fromHex('3C F0 F0 F2 41 42'));
		expect(text?.value).toEqual(fromHex('41 42'));
		const [tlv] = decodeBmps(fromHex('06 81 80' + ' 00'.repeat(128)));
		expect(tlv?.value.length).toBe(128);
	});

	it('stops with a clear error at a BMP of unknown length', () => {
		// 2E: the references disagree on its length (docs/zvt.md "BMPs"); 07 is in no table.
		expect(thrownBy(() => decodeBmps(fromHex('27 00 07 01 02'), 3))).toMatchObject({
			kind: 'unknown-bmp',
			offset: 5
		});
		expect(thrownBy(() => decodeBmps(fromHex('27 00 2E 01 02'), 3))).toMatchObject({
			kind: 'unknown-bmp',
			offset: 5
		});
	});

	it('reports a fixed field cut short and a variable length past the end', () => {
		expect(thrownBy(() => decodeBmps(fromHex('04 00 00 25')))).toMatchObject({
			kind: 'length-overrun'
		});
		expect(thrownBy(() => decodeBmps(fromHex('3C F0 F0 F9 41')))).toMatchObject({
			kind: 'length-overrun'
		});
		expect(thrownBy(() => decodeBmps(fromHex('06 82 01')))).toMatchObject({ kind: 'truncated' });
	});

	it('refuses to write a fixed field of the wrong width or an unknown id', () => {
		expect(() => encodeBmps([{ id: 0x04, value: fromHex('25 00') }])).toThrow(RangeError);
		expect(() => encodeBmps([{ id: 0x2e, value: fromHex('00') }])).toThrow(RangeError);
	});
});
