/**
 * BMPs ("bitmaps"): the tagged fields of a ZVT data block, each one byte of id followed by a
 * value whose length the id alone decides (docs/zvt.md "BMPs"). A decoder must know every
 * id's length to find the next field: `BMP_FORMATS` holds every BMP of the specification's
 * table whose length the references agree on, so a field no message of ours reads is stepped
 * over by its length (fixed, or its LL/LLL prefix) and kept; an id missing from it stops
 * decoding with an `unknown-bmp` error instead of guessing. Lengths from Portalum.Zvt
 * BmpParser and EVerest zvt packets.rs; where the two disagree docs/zvt.md says which we
 * follow and why.
 */
import { encodeVarLength, readVarLength } from './bcd.ts';
import { ByteReader } from './byte-reader.ts';
import { concat } from './bytes.ts';
import { ZvtDecodeError } from './decode-error.ts';
import { encodeTlvLength, readTlvLength } from './tlv.ts';

export type BmpFormat =
	| { kind: 'fixed'; length: number }
	/** LL-var: two F-digits of length, then the value. */
	| { kind: 'll' }
	/** LLL-var: three F-digits of length, then the value. */
	| { kind: 'lll' }
	/** BMP 06: a TLV length (80/81/82 forms), then TLV objects. */
	| { kind: 'tlv' };

/** One field: its id and its value without any length prefix. */
export interface Bmp {
	id: number;
	value: Uint8Array;
}

/** A field as decoded, with where its value starts in the message (for error offsets). */
export interface DecodedBmp extends Bmp {
	offset: number;
}

const fixed = (length: number): BmpFormat => ({ kind: 'fixed', length });
const LL: BmpFormat = { kind: 'll' };
const LLL: BmpFormat = { kind: 'lll' };

export const BMP_FORMATS: ReadonlyMap<number, BmpFormat> = new Map<number, BmpFormat>([
	[0x01, fixed(1)], // timeout
	[0x02, fixed(1)], // max. number of status informations
	[0x03, fixed(1)], // service byte
	[0x04, fixed(6)], // amount, BCD, minor units
	[0x05, fixed(1)], // pump number
	[0x06, { kind: 'tlv' }], // TLV container
	[0x0b, fixed(3)], // trace number, BCD
	[0x0c, fixed(3)], // time HHMMSS, BCD
	[0x0d, fixed(2)], // date MMDD, BCD
	[0x0e, fixed(2)], // expiry date YYMM, BCD
	[0x17, fixed(2)], // card sequence number, BCD
	[0x19, fixed(1)], // payment type / status byte / card type
	[0x22, LL], // card number (PAN), BCD with E masks and F pad
	[0x23, LL], // track 2 data
	[0x24, LLL], // track 3 data
	[0x27, fixed(1)], // result code
	[0x29, fixed(4)], // terminal id, BCD
	[0x2a, fixed(15)], // VU number, ASCII
	[0x37, fixed(3)], // trace number of the original transaction, BCD
	[0x3a, fixed(2)], // CVV/CVC
	[0x3b, fixed(8)], // AID authorisation attribute, ASCII, NUL padded
	[0x3c, LLL], // additional text
	[0x3d, fixed(3)], // password, BCD
	[0x49, fixed(2)], // currency code, ISO 4217 numeric, BCD
	[0x60, LLL], // individual totals
	[0x70, fixed(4)], // display image: request id
	[0x71, fixed(4)], // display image: total size
	[0x72, fixed(1)], // display image: MIME type
	[0x73, fixed(1)], // display image: encoding
	[0x74, fixed(1)], // display image: number of chunks
	[0x75, fixed(1)], // display image: index of the chunk
	[0x87, fixed(2)], // receipt number, BCD
	[0x88, fixed(3)], // turnover record number, BCD
	[0x8a, fixed(1)], // ZVT card type
	[0x8b, LL], // card name, NUL terminated
	[0x8c, fixed(1)], // card type id of the network operator
	[0x9a, LLL], // Geldkarte records
	[0xa0, fixed(1)], // result code of the authorisation system
	[0xa7, LL], // chip data
	[0xaa, fixed(3)], // date YYMMDD, BCD
	[0xaf, LLL], // EF_Info
	[0xba, fixed(5)], // AID parameter
	[0xd0, fixed(1)], // algorithm key
	[0xd1, LL], // card offset / PIN data
	[0xd2, fixed(1)], // card output direction
	[0xd3, fixed(1)], // DUKPT key identifier
	[0xe0, fixed(1)], // minimal length of the input
	...textLines(0xe1), // text 2, lines 1–8
	[0xe9, fixed(1)], // maximal length of the input
	[0xea, fixed(1)], // echo the input
	[0xeb, fixed(8)], // MAC over text 1 and text 2
	[0xf0, fixed(1)], // display duration in seconds
	...textLines(0xf1), // text 1, lines 1–8
	[0xf9, fixed(1)], // number of beep tones
	[0xfa, fixed(1)], // card reader activation
	[0xfb, fixed(1)], // confirm the input with OK
	[0xfc, fixed(1)], // dialog control
	[0xfd, fixed(1)] // display device
]);

/** Eight display lines, each LL-var, from `first` on (E1–E8, F1–F8). */
function textLines(first: number): [number, BmpFormat][] {
	return Array.from({ length: 8 }, (_, line) => [first + line, LL]);
}

export function decodeBmps(bytes: Uint8Array, base = 0): DecodedBmp[] {
	const reader = new ByteReader(bytes, base);
	const bmps: DecodedBmp[] = [];
	while (reader.remaining > 0) {
		const idOffset = reader.offset;
		const id = reader.byte('BMP id');
		const format = BMP_FORMATS.get(id);
		if (!format) {
			throw new ZvtDecodeError(
				'unknown-bmp',
				idOffset,
				`BMP ${id.toString(16).padStart(2, '0').toUpperCase()} has no known length`
			);
		}
		const length = format.kind === 'fixed' ? format.length : readLength(reader, format);
		if (length > reader.remaining) {
			throw new ZvtDecodeError(
				'length-overrun',
				reader.offset,
				`BMP ${id.toString(16).toUpperCase()} announces ${length} bytes, ${reader.remaining} follow`
			);
		}
		const offset = reader.offset;
		bmps.push({ id, offset, value: reader.take(length, 'BMP value').slice() });
	}
	return bmps;
}

export function encodeBmps(bmps: readonly Bmp[]): Uint8Array {
	return concat(bmps.flatMap((bmp) => [Uint8Array.of(bmp.id), lengthPrefix(bmp), bmp.value]));
}

function readLength(reader: ByteReader, format: Exclude<BmpFormat, { kind: 'fixed' }>): number {
	if (format.kind === 'll') return readVarLength(reader, 2);
	if (format.kind === 'lll') return readVarLength(reader, 3);
	return readTlvLength(reader);
}

function lengthPrefix({ id, value }: Bmp): Uint8Array {
	const format = BMP_FORMATS.get(id);
	if (!format) throw new RangeError(`BMP ${id.toString(16)} has no known format`);
	switch (format.kind) {
		case 'fixed':
			if (value.length !== format.length) {
				throw new RangeError(
					`BMP ${id.toString(16)} takes ${format.length} bytes, got ${value.length}`
				);
			}
			return new Uint8Array(0);
		case 'll':
			return encodeVarLength(value.length, 2);
		case 'lll':
			return encodeVarLength(value.length, 3);
		case 'tlv':
			return encodeTlvLength(value.length);
	}
}
