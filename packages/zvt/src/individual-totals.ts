/**
 * BMP 60 after End-of-Day: the receipt numbers the batch covers and, per card scheme, how many
 * payments and their total (docs/zvt.md "Individual totals"). Layout from EVerest zvt
 * packets.rs SingleAmounts and its capture 1680761828.489701000_pt_ecr.blob: receipt number
 * from and to (2 BCD each), then for each of seven schemes a count (one binary byte) and a
 * total (6 BCD, minor units) — 53 bytes.
 */
import { decodeBcd, encodeBcd } from './bcd.ts';
import { ByteReader } from './byte-reader.ts';
import { concat } from './bytes.ts';
import { ZvtDecodeError } from './decode-error.ts';
import type { FieldCodec } from './fields.ts';

export const CARD_SCHEMES = [
	'girocard',
	'jcb',
	'eurocard',
	'amex',
	'visa',
	'diners',
	'others'
] as const;
export type CardScheme = (typeof CARD_SCHEMES)[number];

export interface SchemeTotal {
	count: number;
	totalMinor: number;
}

export interface IndividualTotals {
	receiptNumberFrom: number;
	receiptNumberTo: number;
	schemes: Record<CardScheme, SchemeTotal>;
}

export const individualTotalsField: FieldCodec<IndividualTotals> = {
	id: 0x60,
	encode: ({ receiptNumberFrom, receiptNumberTo, schemes }) =>
		concat([
			encodeBcd(receiptNumberFrom, 2),
			encodeBcd(receiptNumberTo, 2),
			...CARD_SCHEMES.flatMap((scheme) => {
				const { count, totalMinor } = schemes[scheme];
				if (!Number.isInteger(count) || count < 0 || count > 0xff) {
					throw new RangeError(`a scheme's count is one byte, got ${count}`);
				}
				return [Uint8Array.of(count), encodeBcd(totalMinor, 6)];
			})
		]),
	decode: (value, offset) => {
		const reader = new ByteReader(value, offset);
		const receiptNumberFrom = decodeBcd(reader.take(2, 'receipt number from'), reader.offset - 2);
		const receiptNumberTo = decodeBcd(reader.take(2, 'receipt number to'), reader.offset - 2);
		const schemes = {} as Record<CardScheme, SchemeTotal>;
		for (const scheme of CARD_SCHEMES) {
			const count = reader.byte(`${scheme} count`);
			schemes[scheme] = {
				count,
				totalMinor: decodeBcd(reader.take(6, `${scheme} total`), reader.offset - 6)
			};
		}
		if (reader.remaining > 0) {
			throw new ZvtDecodeError(
				'bad-layout',
				reader.offset,
				`${reader.remaining} bytes after the totals`
			);
		}
		return { receiptNumberFrom, receiptNumberTo, schemes };
	}
};
