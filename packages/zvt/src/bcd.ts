/**
 * Packed BCD as ZVT uses it (docs/zvt.md "Number encodings"): two decimal digits per byte, the
 * first digit in the high nibble, numbers right-aligned and zero-padded to the field's width.
 * Amounts are integers of minor units from end to end — never a float, never a division.
 *
 * LL-var and LLL-var lengths are "F-digits": one byte per digit, high nibble F (F1 F9 = 19).
 * Card numbers (BMP 22) are BCD digits where E marks a masked digit and a trailing F pads an
 * odd count (Portalum.Zvt BmpParser, BMP 22 description).
 */
import type { ByteReader } from './byte-reader.ts';
import { ZvtDecodeError } from './decode-error.ts';

/** `value` as `byteCount` BCD bytes; RangeError if it is not a non-negative safe integer that fits. */
export function encodeBcd(value: number, byteCount: number): Uint8Array {
	if (!Number.isSafeInteger(value) || value < 0) {
		throw new RangeError(`BCD needs a non-negative integer, got ${value}`);
	}
	return encodeBcdDigits(String(value).padStart(byteCount * 2, '0'), byteCount);
}

/** A string of exactly `byteCount × 2` decimal digits as BCD bytes. */
export function encodeBcdDigits(digits: string, byteCount: number): Uint8Array {
	if (!/^\d*$/.test(digits) || digits.length !== byteCount * 2) {
		throw new RangeError(`BCD field of ${byteCount} bytes needs ${byteCount * 2} digits`);
	}
	const bytes = new Uint8Array(byteCount);
	for (let index = 0; index < byteCount; index += 1) {
		bytes[index] = (Number(digits[index * 2]) << 4) | Number(digits[index * 2 + 1]);
	}
	return bytes;
}

/** The digits of BCD bytes as a string, leading zeros kept (dates, times, terminal ids). */
export function decodeBcdDigits(bytes: Uint8Array, offset = 0): string {
	let digits = '';
	bytes.forEach((byte, index) => {
		for (const nibble of [byte >> 4, byte & 0x0f]) {
			if (nibble > 9) {
				throw new ZvtDecodeError(
					'bad-bcd',
					offset + index,
					`nibble ${nibble.toString(16).toUpperCase()} is not a digit`
				);
			}
			digits += String(nibble);
		}
	});
	return digits;
}

export function decodeBcd(bytes: Uint8Array, offset = 0): number {
	return Number(decodeBcdDigits(bytes, offset));
}

/** The length prefix of an LL-var (2 digits) or LLL-var (3 digits) field. */
export function encodeVarLength(length: number, digits: 2 | 3): Uint8Array {
	if (!Number.isSafeInteger(length) || length < 0 || length >= 10 ** digits) {
		throw new RangeError(
			`a ${'L'.repeat(digits)}-var field holds at most ${10 ** digits - 1} bytes`
		);
	}
	return Uint8Array.from(String(length).padStart(digits, '0'), (digit) => 0xf0 | Number(digit));
}

export function readVarLength(reader: ByteReader, digits: 2 | 3): number {
	const start = reader.offset;
	const bytes = reader.take(digits, `${'L'.repeat(digits)}-var length`);
	let length = 0;
	bytes.forEach((byte, index) => {
		if (byte >> 4 !== 0x0f || (byte & 0x0f) > 9) {
			throw new ZvtDecodeError(
				'bad-bcd',
				start + index,
				`length digit ${byte.toString(16).toUpperCase()} is not F0…F9`
			);
		}
		length = length * 10 + (byte & 0x0f);
	});
	return length;
}

/** A card number: digits and E (masked), padded with a trailing F to whole bytes. */
export function encodePan(pan: string): Uint8Array {
	if (!/^[\dE]+$/.test(pan)) throw new RangeError('a card number holds digits and E only');
	const padded = pan.length % 2 === 0 ? pan : `${pan}F`;
	const bytes = new Uint8Array(padded.length / 2);
	for (let index = 0; index < bytes.length; index += 1) {
		bytes[index] =
			(parseInt(padded[index * 2] as string, 16) << 4) |
			parseInt(padded[index * 2 + 1] as string, 16);
	}
	return bytes;
}

export function decodePan(bytes: Uint8Array, offset = 0): string {
	const nibbles = [...bytes].flatMap((byte) => [byte >> 4, byte & 0x0f]);
	if (nibbles.at(-1) === 0x0f) nibbles.pop();
	return nibbles
		.map((nibble, index) => {
			if (nibble <= 9) return String(nibble);
			if (nibble === 0x0e) return 'E';
			throw new ZvtDecodeError(
				'bad-bcd',
				offset + Math.floor(index / 2),
				`card number nibble ${nibble.toString(16).toUpperCase()}`
			);
		})
		.join('');
}
