/**
 * Typed views of BMPs: a codec per field turns a BMP's value into a number, digits, text or
 * TLV and back, and `decodeFields`/`encodeFields` map a list of BMPs to an object of named
 * fields. BMPs a message's spec does not name are kept in `others`, in order, so nothing a
 * terminal sent is lost and encoding gives them back. Texts are read in the character set the
 * message's own TLV container names (tag 14), code page 437 when it names none (charset.ts).
 */
import {
	decodeBcd,
	decodeBcdDigits,
	decodePan,
	encodeBcd,
	encodeBcdDigits,
	encodePan
} from './bcd.ts';
import { BMP_FORMATS, type Bmp, type DecodedBmp } from './bmp.ts';
import { charsetOf, decodeText, encodeText, type Charset } from './charset.ts';
import { ZvtDecodeError } from './decode-error.ts';
import { decodeTlv, encodeTlv, type TlvNode } from './tlv.ts';

export interface FieldCodec<T> {
	readonly id: number;
	encode(value: T): Uint8Array;
	/**
	 * `offset`: where the value starts in the message, for error offsets; `charset`: the one
	 * the message's texts are in.
	 */
	decode(value: Uint8Array, offset: number, charset: Charset): T;
}

interface AnyFieldCodec {
	readonly id: number;
	encode(value: never): Uint8Array;
	decode(value: Uint8Array, offset: number, charset: Charset): unknown;
}

export type FieldSpec = Record<string, AnyFieldCodec>;

export type FieldValues<S extends FieldSpec> = {
	[K in keyof S]?: S[K] extends FieldCodec<infer T> ? T : never;
};

/** A one-byte binary field (result codes, card types, status bytes). */
export function byteField(id: number): FieldCodec<number> {
	return {
		id,
		encode: (value) => {
			if (!Number.isInteger(value) || value < 0 || value > 0xff) {
				throw new RangeError(`BMP ${id.toString(16)} holds one byte, got ${value}`);
			}
			return Uint8Array.of(value);
		},
		decode: (value) => value[0] as number
	};
}

/** A fixed-width BCD number (amounts, trace and receipt numbers, currency codes). */
export function bcdNumberField(id: number): FieldCodec<number> {
	const width = fixedLength(id);
	return {
		id,
		encode: (value) => encodeBcd(value, width),
		decode: (value, offset) => decodeBcd(value, offset)
	};
}

/** Fixed-width BCD kept as its digits (times, dates, terminal ids: leading zeros matter). */
export function bcdDigitsField(id: number): FieldCodec<string> {
	const width = fixedLength(id);
	return {
		id,
		encode: (digits) => encodeBcdDigits(digits, width),
		decode: (value, offset) => decodeBcdDigits(value, offset)
	};
}

export function panField(id: number): FieldCodec<string> {
	return { id, encode: encodePan, decode: (value, offset) => decodePan(value, offset) };
}

/**
 * Text in a single-byte character set (docs/zvt.md "Texts"): read in the message's, written in
 * code page 437. Trailing NULs are padding or a terminator and are dropped; `terminator` adds
 * one NUL back (card names end in one), a fixed width pads with NULs.
 */
export function textField(id: number, options: { terminator?: boolean } = {}): FieldCodec<string> {
	const format = BMP_FORMATS.get(id);
	const width = format?.kind === 'fixed' ? format.length : undefined;
	return {
		id,
		encode: (text) => {
			const bytes = encodeText(text);
			const length = width ?? bytes.length + (options.terminator ? 1 : 0);
			if (bytes.length > length)
				throw new RangeError(`BMP ${id.toString(16)} holds ${length} bytes`);
			const padded = new Uint8Array(length);
			padded.set(bytes);
			return padded;
		},
		decode: (value, _offset, charset) => decodeText(value, charset).replace(/\0+$/, '')
	};
}

export function tlvField(id: number): FieldCodec<TlvNode[]> {
	return { id, encode: encodeTlv, decode: (value, offset) => decodeTlv(value, offset) };
}

export function decodeFields<S extends FieldSpec>(
	bmps: readonly DecodedBmp[],
	spec: S
): { values: FieldValues<S>; others: Bmp[] } {
	const keyOf = new Map(Object.entries(spec).map(([key, codec]) => [codec.id, key]));
	const charset = charsetOfBmps(bmps);
	const values: Record<string, unknown> = {};
	const others: Bmp[] = [];
	for (const bmp of bmps) {
		const key = keyOf.get(bmp.id);
		if (key === undefined) {
			others.push({ id: bmp.id, value: bmp.value });
			continue;
		}
		if (key in values) {
			throw new ZvtDecodeError('bad-layout', bmp.offset, `BMP ${bmp.id.toString(16)} twice`);
		}
		values[key] = (spec[key] as AnyFieldCodec).decode(bmp.value, bmp.offset, charset);
	}
	return { values: values as FieldValues<S>, others };
}

/** The named fields in the spec's order, then `others` as they were. */
export function encodeFields<S extends FieldSpec>(
	values: FieldValues<S>,
	spec: S,
	others: readonly Bmp[] = []
): Bmp[] {
	const bmps: Bmp[] = [];
	for (const [key, codec] of Object.entries(spec)) {
		const value = values[key];
		if (value === undefined) continue;
		bmps.push({ id: codec.id, value: (codec.encode as (value: unknown) => Uint8Array)(value) });
	}
	return [...bmps, ...others];
}

/** The character set the TLV container (BMP 06) among `bmps` names for their texts. */
function charsetOfBmps(bmps: readonly DecodedBmp[]): Charset {
	const container = bmps.find((bmp) => bmp.id === 0x06);
	return charsetOf(container && decodeTlv(container.value, container.offset));
}

function fixedLength(id: number): number {
	const format = BMP_FORMATS.get(id);
	if (format?.kind !== 'fixed') throw new RangeError(`BMP ${id.toString(16)} is not fixed-width`);
	return format.length;
}
