import { describe, expect, it } from 'vitest';
import { ByteReader } from './byte-reader.ts';
import { fromHex, toHex } from './bytes.ts';
import {
	decodeTlv,
	encodeTlv,
	encodeTlvLength,
	findTlv,
	readTlvLength,
	type TlvNode
} from './tlv.ts';
import { thrownBy } from './testing/thrown.ts';

describe('TLV lengths', () => {
	it('reads the one-, two- and three-byte forms; 82 is big-endian', () => {
		// Portalum.Zvt TlvParserTest GetLength_3Bytes: 82 02 8A = 650.
		expect(readTlvLength(new ByteReader(fromHex('82 02 8A')))).toBe(650);
		expect(readTlvLength(new ByteReader(fromHex('7F')))).toBe(127);
		expect(readTlvLength(new ByteReader(fromHex('81 80')))).toBe(128);
	});

	it('writes the shortest form (EVerest zvt_builder length::Tlv test values)', () => {
		for (const length of [0, 127, 128, 255, 256, 300, 0xffff]) {
			const bytes = encodeTlvLength(length);
			expect(readTlvLength(new ByteReader(bytes))).toBe(length);
		}
		expect(toHex(encodeTlvLength(127))).toBe('7F');
		expect(toHex(encodeTlvLength(128))).toBe('81 80');
		expect(toHex(encodeTlvLength(256))).toBe('82 01 00');
		expect(() => encodeTlvLength(0x10000)).toThrow(RangeError);
	});

	it('refuses the forms ZVT does not define, and short ones', () => {
		expect(thrownBy(() => readTlvLength(new ByteReader(fromHex('80'))))).toMatchObject({
			kind: 'bad-tlv-length'
		});
		expect(thrownBy(() => readTlvLength(new ByteReader(fromHex('83 00 00 01'))))).toMatchObject({
			kind: 'bad-tlv-length'
		});
		expect(thrownBy(() => readTlvLength(new ByteReader(fromHex('82 01'))))).toMatchObject({
			kind: 'truncated'
		});
	});
});

describe('TLV objects', () => {
	it('reads the display texts of an intermediate status (Portalum.Zvt GetMessage_TlvData)', () => {
		const nodes = decodeTlv(
			fromHex('24 18 07 08 45 55 52 20 31 2E 32 33 07 0C 42 69 74 74 65 20 77 61 72 74 65 6E')
		);
		expect(nodes).toEqual([
			{
				tag: 0x24,
				children: [
					{ tag: 0x07, value: new TextEncoder().encode('EUR 1.23') },
					{ tag: 0x07, value: new TextEncoder().encode('Bitte warten') }
				]
			}
		]);
	});

	it('reads multi-byte tags (Portalum.Zvt TlvParserTest GetTagFieldInfo_*)', () => {
		expect(decodeTlv(fromHex('1F 07 01 02'))).toEqual([{ tag: 0x1f07, value: fromHex('02') }]);
		expect(decodeTlv(fromHex('1F 80 00 00'))).toEqual([
			{ tag: 0x1f8000, value: new Uint8Array(0) }
		]);
		expect(decodeTlv(fromHex('25 00'))).toEqual([{ tag: 0x25, children: [] }]);
	});

	it('decodes and re-encodes nested captures byte for byte', () => {
		// The TLV of EVerest captures 1680728161.963129000_pt_ecr.blob (status information after
		// a card read) and 1680728219.054216000_pt_ecr.blob (a completion: constructed E4 and 34).
		for (const hex of [
			'4C 0A 00 00 00 00 00 00 08 1C A7 2F 1F 45 05 05 78 80 70 02 1F 4C 01 01 1F 4D 02 FE 04 1F 4F 02 04 00 1F 50 01 20 60 09 43 07 A0 00 00 00 04 10 10',
			'1F 44 04 52 52 35 35 E4 43 1F 40 0A 63 56 45 4E 44 20 70 6C 75 67 1F 41 28 47 45 52 2D 41 50 50 2D 76 32 2E 30 2E 39 3B 63 53 30 32 2E 30 31 2E 30 31 2D 31 30 2E 31 30 2D 32 2D 32 3B 43 43 32 36 1F 42 04 17 FD 1E 3C 1F 43 01 00 34 0D 1F 0E 04 20 23 04 05 1F 0F 03 22 56 55'
		]) {
			const bytes = fromHex(hex);
			expect(toHex(encodeTlv(decodeTlv(bytes)))).toBe(toHex(bytes));
		}
	});

	it('round-trips a tree with long values', () => {
		const tree: TlvNode[] = [
			{ tag: 0x1f07, value: fromHex('02') },
			{
				tag: 0x25,
				children: Array.from({ length: 30 }, (_, line) => ({
					tag: 0x07,
					value: new TextEncoder().encode(`line ${line}`.padEnd(40, '.'))
				}))
			}
		];
		const bytes = encodeTlv(tree);
		expect(toHex(bytes.subarray(0, 7))).toBe('1F 07 01 02 25 82 04');
		expect(decodeTlv(bytes)).toEqual(tree);
	});

	it('finds a tag at any depth', () => {
		const nodes = decodeTlv(fromHex('24 05 07 03 41 42 43'));
		expect(findTlv(nodes, 0x07)).toEqual({ tag: 0x07, value: fromHex('41 42 43') });
		expect(findTlv(nodes, 0x25)).toBeUndefined();
	});

	it('refuses a value past the end, a cut tag, and a primitive/constructed mix-up', () => {
		expect(thrownBy(() => decodeTlv(fromHex('07 05 41 42'), 10))).toMatchObject({
			kind: 'length-overrun',
			offset: 12
		});
		expect(thrownBy(() => decodeTlv(fromHex('1F 87')))).toMatchObject({ kind: 'truncated' });
		expect(thrownBy(() => decodeTlv(fromHex('24 03 07 05 41')))).toMatchObject({
			kind: 'length-overrun'
		});
		expect(() => encodeTlv([{ tag: 0x24, value: fromHex('00') }])).toThrow(TypeError);
		expect(() => encodeTlv([{ tag: 0x07, children: [] }])).toThrow(TypeError);
	});
});
