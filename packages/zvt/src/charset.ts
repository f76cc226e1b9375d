/**
 * The character set of a terminal's texts (docs/zvt.md "Texts"). ZVT's default is code page 437:
 * both references decode with it (EVerest zvt_builder encoding.rs, Portalum.Zvt ZvtEncoding), and
 * a Portalum capture's receipt says "für" as 66 81 72 and "HÄNDLERBELEG" with 8E. A terminal
 * that uses another set says so in TLV tag 14 (ISO character set) of the message's container:
 * value n is ISO 8859-n. Only a tag 14 at the container's top level counts — inside tag 27 it
 * lists what the terminal could use, not what it does. A value we cannot read falls back to
 * the default: a text is shown to people, never the reason a payment fails.
 */
import type { TlvNode } from './tlv.ts';

export type Charset = 'cp437' | `iso-8859-${number}`;

export const DEFAULT_CHARSET: Charset = 'cp437';

/** TLV tag 14: the ISO character set the message's texts are in. */
const CHARSET_TAG = 0x14;

/** Bytes 0x80–0xFF of code page 437, in order; 0x00–0x7F are ASCII. */
const CP437_UPPER_HALF =
	'ÇüéâäàåçêëèïîìÄÅ' +
	'ÉæÆôöòûùÿÖÜ¢£¥₧ƒ' +
	'áíóúñÑªº¿⌐¬½¼¡«»' +
	'░▒▓│┤╡╢╖╕╣║╗╝╜╛┐' +
	'└┴┬├─┼╞╟╚╔╩╦╠═╬╧' +
	'╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀' +
	'αßΓπΣσµτΦΘΩδ∞φε∩' +
	'≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u00a0';

const CP437_BYTE_OF = new Map<string, number>(
	[...CP437_UPPER_HALF].map((char, index) => [char, 0x80 + index])
);

/** The charset tag 14 of `tlv` names, or the default. */
export function charsetOf(tlv: readonly TlvNode[] | undefined): Charset {
	const node = tlv?.find((candidate) => candidate.tag === CHARSET_TAG);
	if (!node || !('value' in node) || node.value.length !== 1) return DEFAULT_CHARSET;
	const charset: Charset = `iso-8859-${node.value[0] as number}`;
	return canDecode(charset) ? charset : DEFAULT_CHARSET;
}

export function decodeText(bytes: Uint8Array, charset: Charset = DEFAULT_CHARSET): string {
	if (charset === 'cp437') {
		let text = '';
		for (const byte of bytes) {
			text += byte < 0x80 ? String.fromCharCode(byte) : (CP437_UPPER_HALF[byte - 0x80] as string);
		}
		return text;
	}
	// TextDecoder's "iso-8859-1" is windows-1252, which is not byte-for-byte ISO 8859-1.
	if (charset === 'iso-8859-1') {
		return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('latin1');
	}
	return new TextDecoder(charset).decode(bytes);
}

/** Code page 437 bytes of `text`, as a terminal sends them; RangeError for a character it lacks. */
export function encodeText(text: string): Uint8Array {
	return Uint8Array.from(text, (char) => {
		const code = char.charCodeAt(0);
		if (char.length === 1 && code < 0x80) return code;
		const byte = CP437_BYTE_OF.get(char);
		if (byte === undefined) throw new RangeError(`"${char}" is not in code page 437`);
		return byte;
	});
}

function canDecode(charset: Charset): boolean {
	if (charset === 'iso-8859-1') return true;
	try {
		new TextDecoder(charset);
		return true;
	} catch {
		return false;
	}
}
