import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { charsetOf, decodeText, encodeText } from './charset.ts';
import { fromHex } from './bytes.ts';

const ALL_BYTES = Uint8Array.from({ length: 256 }, (_, byte) => byte);

describe('terminal texts', () => {
	// iconv-lite's table, not ours: a test that shared our table would agree with a wrong byte.
	it('reads every byte as code page 437 does', () => {
		expect(decodeText(ALL_BYTES)).toBe(iconv.decode(Buffer.from(ALL_BYTES), 'cp437'));
	});

	it('writes code page 437 and back; refuses a character it lacks', () => {
		const text = decodeText(ALL_BYTES);
		expect(encodeText(text)).toEqual(ALL_BYTES);
		expect(() => encodeText('€')).toThrow(RangeError);
	});

	it('reads ISO 8859-1 byte for byte and the other parts as named', () => {
		expect(decodeText(fromHex('80 FC'), 'iso-8859-1')).toBe('\u0080ü');
		expect(decodeText(fromHex('A4'), 'iso-8859-15')).toBe('€');
		expect(decodeText(fromHex('B9'), 'iso-8859-2')).toBe('š');
	});

	it('takes the character set from tag 14 at the top level only', () => {
		expect(charsetOf(undefined)).toBe('cp437');
		expect(charsetOf([{ tag: 0x14, value: fromHex('0F') }])).toBe('iso-8859-15');
		expect(charsetOf([{ tag: 0x14, value: fromHex('00') }])).toBe('cp437');
		expect(charsetOf([{ tag: 0x14, value: fromHex('01 02') }])).toBe('cp437');
		expect(charsetOf([{ tag: 0x27, children: [{ tag: 0x14, value: fromHex('01') }] }])).toBe(
			'cp437'
		);
	});
});
