/**
 * ZVT's TLV container (BMP 06), BER-like (docs/zvt.md "TLV"):
 * - a tag is one byte, or more when its low five bits are all set (1F): then further bytes
 *   follow while their top bit is set (1F 07, 1F 80 00) — Portalum.Zvt TlvParser;
 * - bit 6 (20) of the first tag byte marks a constructed object, whose value is itself TLV;
 * - a length is one byte below 80, else 81 and one byte, or 82 and two bytes big-endian
 *   (Portalum.Zvt TlvParserTest GetLength_3Bytes: 82 02 8A = 650; EVerest length::Tlv).
 * Encoding writes the shortest length form, so decoding then encoding gives back bytes that
 * used the shortest forms, as every capture in the references does.
 */
import { ByteReader } from './byte-reader.ts';
import { concat, toHex } from './bytes.ts';
import { ZvtDecodeError } from './decode-error.ts';

export type TlvNode = { tag: number; value: Uint8Array } | { tag: number; children: TlvNode[] };

const CONSTRUCTED_BIT = 0x20;
const MULTI_BYTE_TAG = 0x1f;

export function decodeTlv(bytes: Uint8Array, base = 0): TlvNode[] {
	const reader = new ByteReader(bytes, base);
	const nodes: TlvNode[] = [];
	while (reader.remaining > 0) {
		const tagBytes = readTag(reader);
		const length = readTlvLength(reader);
		if (length > reader.remaining) {
			throw new ZvtDecodeError(
				'length-overrun',
				reader.offset,
				`TLV tag ${toHex(tagBytes)} announces ${length} bytes, ${reader.remaining} follow`
			);
		}
		const valueOffset = reader.offset;
		const value = reader.take(length, 'TLV value');
		const tag = tagBytes.reduce((number, byte) => number * 256 + byte, 0);
		nodes.push(
			((tagBytes[0] as number) & CONSTRUCTED_BIT) !== 0
				? { tag, children: decodeTlv(value, valueOffset) }
				: { tag, value: value.slice() }
		);
	}
	return nodes;
}

export function encodeTlv(nodes: readonly TlvNode[]): Uint8Array {
	const parts: Uint8Array[] = [];
	for (const node of nodes) {
		const tag = tagToBytes(node.tag);
		const constructed = ((tag[0] as number) & CONSTRUCTED_BIT) !== 0;
		if (constructed !== 'children' in node) {
			throw new TypeError(`TLV tag ${toHex(tag)} is ${constructed ? '' : 'not '}constructed`);
		}
		const value = 'children' in node ? encodeTlv(node.children) : node.value;
		parts.push(tag, encodeTlvLength(value.length), value);
	}
	return concat(parts);
}

export function encodeTlvLength(length: number): Uint8Array {
	if (length < 0x80) return Uint8Array.of(length);
	if (length <= 0xff) return Uint8Array.of(0x81, length);
	if (length <= 0xffff) return Uint8Array.of(0x82, length >> 8, length & 0xff);
	throw new RangeError(`TLV length ${length} exceeds 65535`);
}

export function readTlvLength(reader: ByteReader): number {
	const start = reader.offset;
	const first = reader.byte('TLV length');
	if (first < 0x80) return first;
	if (first === 0x81) return reader.byte('TLV length');
	if (first === 0x82) {
		const [high, low] = reader.take(2, 'TLV length');
		return ((high as number) << 8) | (low as number);
	}
	throw new ZvtDecodeError('bad-tlv-length', start, `length form ${toHex([first])}`);
}

/** The first node with `tag` at any depth, or undefined. */
export function findTlv(nodes: readonly TlvNode[], tag: number): TlvNode | undefined {
	for (const node of nodes) {
		if (node.tag === tag) return node;
		if ('children' in node) {
			const inner = findTlv(node.children, tag);
			if (inner) return inner;
		}
	}
	return undefined;
}

function readTag(reader: ByteReader): number[] {
	const first = reader.byte('TLV tag');
	const bytes = [first];
	if ((first & MULTI_BYTE_TAG) !== MULTI_BYTE_TAG) return bytes;
	for (;;) {
		const next = reader.byte('TLV tag');
		bytes.push(next);
		if ((next & 0x80) === 0) return bytes;
	}
}

function tagToBytes(tag: number): Uint8Array {
	if (!Number.isSafeInteger(tag) || tag < 0 || tag > 0xffffff) {
		throw new RangeError(`TLV tag ${tag} out of range`);
	}
	const bytes: number[] = [];
	for (let rest = tag; rest > 0 || bytes.length === 0; rest = Math.floor(rest / 256)) {
		bytes.unshift(rest % 256);
	}
	return Uint8Array.from(bytes);
}
