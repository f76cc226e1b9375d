/**
 * The one error every decoder of this folder throws for bytes it cannot read: a typed `kind`
 * and the offset where reading stopped, so a caller never meets a RangeError or an
 * out-of-bounds `undefined` from a malformed message (docs/zvt.md "Decoding rules").
 */
export type ZvtDecodeErrorKind =
	/** The bytes end before a length, field or message does. */
	| 'truncated'
	/** A BCD nibble above 9 where a digit must stand. */
	| 'bad-bcd'
	/** A length that points past the end of its container. */
	| 'length-overrun'
	/** A BMP whose length this code does not know, so nothing after it can be read. */
	| 'unknown-bmp'
	/** A TLV length form ZVT does not define (80, 83 … FF). */
	| 'bad-tlv-length'
	/** Bytes left over, or a message shorter or longer than its kind allows. */
	| 'bad-layout';

export class ZvtDecodeError extends Error {
	readonly kind: ZvtDecodeErrorKind;
	/** Offset into the bytes being decoded where the problem was found. */
	readonly offset: number;

	constructor(kind: ZvtDecodeErrorKind, offset: number, detail: string) {
		super(`ZVT ${kind} at byte ${offset}: ${detail}`);
		this.name = 'ZvtDecodeError';
		this.kind = kind;
		this.offset = offset;
	}
}
