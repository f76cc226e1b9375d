import { describe, expect, it } from 'vitest';
import { encodeBlocks, type PrintBlock } from './escpos-encoder.ts';

const hex = (bytes: Uint8Array) =>
	Buffer.from(bytes).toString('hex').replace(/(..)/g, '$1 ').trim();
const text = (
	line: string,
	style: Partial<Extract<PrintBlock, { kind: 'text' }>> = {}
): PrintBlock => ({
	kind: 'text',
	text: line,
	align: 'left',
	bold: false,
	size: 1,
	...style
});

describe('encodeBlocks', () => {
	it('initializes, selects code page 858 and ends each line with LF', () => {
		expect(hex(encodeBlocks([text('Bier €')]))).toBe('1b 40 1b 74 13 42 69 65 72 20 d5 0a');
	});

	it('sends alignment, bold and size only when they change', () => {
		const bytes = encodeBlocks([
			text('A', { align: 'center', bold: true, size: 2 }),
			text('B', { align: 'center', bold: true, size: 2 }),
			text('C')
		]);
		expect(hex(bytes)).toBe(
			[
				'1b 40 1b 74 13',
				'1b 61 01 1b 45 01 1d 21 11 41 0a',
				'42 0a',
				'1b 61 00 1b 45 00 1d 21 00 43 0a'
			].join(' ')
		);
	});

	it('prints a QR code natively: model 2, module size, level M, store, print', () => {
		const bytes = encodeBlocks([{ kind: 'qr', payload: 'AB', align: 'left', moduleDots: 8 }]);
		expect(hex(bytes.slice(5))).toBe(
			[
				'1d 28 6b 04 00 31 41 32 00',
				'1d 28 6b 03 00 31 43 08',
				'1d 28 6b 03 00 31 45 31',
				'1d 28 6b 05 00 31 50 30 41 42',
				'1d 28 6b 03 00 31 51 30'
			].join(' ')
		);
	});

	it('counts a long QR payload in pL and pH', () => {
		const bytes = encodeBlocks([
			{ kind: 'qr', payload: 'x'.repeat(300), align: 'center', moduleDots: 4 }
		]);
		const store = Buffer.from(bytes).indexOf(Buffer.from([0x31, 0x50, 0x30]));
		// 300 bytes of data + cn fn m = 303 = 0x012F.
		expect([bytes[store - 2], bytes[store - 1]]).toEqual([0x2f, 0x01]);
	});

	it('refuses a QR code the printer cannot print', () => {
		const qr = (payload: string, moduleDots: number): PrintBlock[] => [
			{ kind: 'qr', payload, align: 'center', moduleDots }
		];
		expect(() => encodeBlocks(qr('', 8))).toThrow(RangeError);
		expect(() => encodeBlocks(qr('x'.repeat(2332), 8))).toThrow(RangeError);
		expect(() => encodeBlocks(qr('x', 17))).toThrow(RangeError);
	});

	it('feeds with ESC d and cuts partially after feeding to the cutter (GS V 66)', () => {
		expect(hex(encodeBlocks([{ kind: 'feed', lines: 3 }, { kind: 'cut' }]))).toBe(
			'1b 40 1b 74 13 1b 64 03 1d 56 42 00'
		);
	});
});
