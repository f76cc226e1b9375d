/**
 * The receipt printer's character set: code page 858 (code page 850 with € at 0xD5), selected
 * with ESC t 19 (docs/printer.md "Code page"). It holds the German umlauts, ß and € as single
 * bytes, so a line of n characters takes exactly n columns — the layout measures text only after
 * `printableText`, in the characters the printer will print.
 */

/** ESC t's number for code page 858 on Epson and compatible printers. */
export const CP858_TABLE_NUMBER = 19;

/** Bytes 0x80–0xFF of code page 858, in order. */
const UPPER_HALF =
	'ÇüéâäàåçêëèïîìÄÅ' +
	'ÉæÆôöòûùÿÖÜø£Ø×ƒ' +
	'áíóúñÑªº¿®¬½¼¡«»' +
	'░▒▓│┤ÁÂÀ©╣║╗╝¢¥┐' +
	'└┴┬├─┼ãÃ╚╔╩╦╠═╬¤' +
	'ðÐÊËÈ€ÍÎÏ┘┌█▄¦Ì▀' +
	'ÓßÔÒõÕµþÞÚÛÙýÝ¯´' +
	'\u00ad±‗¾¶§÷¸°¨·¹³²■\u00a0';

const BYTE_OF = new Map<string, number>([...UPPER_HALF].map((char, index) => [char, 0x80 + index]));

/**
 * Characters that Intl and our messages produce but code page 858 lacks (or has only as an
 * invisible soft hyphen), printed as their nearest ASCII: the minus sign of a discount,
 * typographic quotes and dashes, the ellipsis, French's œ ("Œufs", an allergen's name).
 */
const STAND_INS = new Map<string, string>([
	['\u00ad', ''],
	['\u2212', '-'],
	['\u2010', '-'],
	['\u2011', '-'],
	['\u2013', '-'],
	['\u2014', '-'],
	['\u2018', "'"],
	['\u2019', "'"],
	['\u201a', ','],
	['\u201c', '"'],
	['\u201d', '"'],
	['\u201e', '"'],
	['\u2026', '...'],
	['Œ', 'OE'],
	['œ', 'oe']
]);

/** What cannot be printed becomes this. */
const UNPRINTABLE = '?';

/**
 * `text` as the printer will print it, one character per column: composed (NFC, so a decomposed
 * "ü" is one character), every kind of space as a plain space (Intl puts no-break spaces into
 * amounts, "4,50 €", and times; paper breaks no lines), stand-ins for the characters above,
 * anything else outside code page 858 as "?". Control characters never pass, so no text (a
 * product's name comes from the platform) can smuggle in a printer command.
 */
export function printableText(text: string): string {
	let printable = '';
	for (const char of text.normalize('NFC')) {
		const standIn = /\s/.test(char) ? ' ' : STAND_INS.get(char);
		if (standIn !== undefined) printable += standIn;
		else if ((char >= ' ' && char <= '~') || BYTE_OF.has(char)) printable += char;
		else printable += UNPRINTABLE;
	}
	return printable;
}

/** `text` in code page 858 bytes (after `printableText`). */
export function encodeCp858(text: string): Uint8Array {
	return Uint8Array.from(
		[...printableText(text)],
		(char) => BYTE_OF.get(char) ?? char.charCodeAt(0)
	);
}

/** The character a code page 858 byte prints (for the printer test double). */
export function cp858Char(byte: number): string {
	return byte < 0x80 ? String.fromCharCode(byte) : (UPPER_HALF[byte - 0x80] ?? UNPRINTABLE);
}
