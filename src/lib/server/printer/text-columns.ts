/**
 * Fixed-width text for the receipt printer: words wrapped to a width, a label with its amount
 * flush right, table rows. Everything is measured in printed characters (code-page.ts
 * `printableText`), one column each, so the right edge of every amount lines up.
 */
import { printableText } from './code-page.ts';
import type { Alignment, PrintBlock, TextSize } from './escpos-encoder.ts';

/** Font A on 80 mm paper: 576 dots ÷ 12 dots per character. */
export const PAPER_COLUMNS = 48;

/**
 * `text` broken into lines of at most `width` characters, at spaces where it can be; a word
 * longer than a line is cut. Never returns an empty list (an empty text is one empty line).
 */
export function wrapText(text: string, width: number): string[] {
	if (!Number.isInteger(width) || width < 1) throw new RangeError('width must be at least 1');
	const lines: string[] = [];
	let line = '';
	for (const word of printableText(text)
		.split(' ')
		.filter((part) => part !== '')) {
		let rest = word;
		if (line !== '' && line.length + 1 + rest.length <= width) {
			line += ` ${rest}`;
			continue;
		}
		if (line !== '') lines.push(line);
		while (rest.length > width) {
			lines.push(rest.slice(0, width));
			rest = rest.slice(width);
		}
		line = rest;
	}
	lines.push(line);
	return lines;
}

/**
 * A label and its amount: the label wrapped into what the amount leaves free (and a space), the
 * amount flush right on the label's first line. `indent` spaces go before every label line.
 */
export function labelledAmount(label: string, amount: string, width: number, indent = 0): string[] {
	const printedAmount = printableText(amount);
	const labelWidth = width - indent - printedAmount.length - 1;
	if (labelWidth < 1) throw new RangeError(`an amount of ${printedAmount.length} leaves no room`);
	return wrapText(label, labelWidth).map((line, index) => {
		const indented = ' '.repeat(indent) + line;
		return index === 0 ? indented + printedAmount.padStart(width - indented.length) : indented;
	});
}

export interface Cell {
	text: string;
	width: number;
	align: 'left' | 'right';
}

/**
 * One table row: each cell padded to its width. A cell wider than its width pushes the rest to
 * the right rather than lose characters: an amount is never cut.
 */
export function tableRow(cells: readonly Cell[]): string {
	return cells
		.map(({ text, width, align }) => {
			const printed = printableText(text);
			return align === 'left' ? printed.padEnd(width) : printed.padStart(width);
		})
		.join('');
}

export interface TextStyle {
	align?: Alignment;
	bold?: boolean;
	size?: TextSize;
}

/** `text` wrapped to the paper (half as many characters at double size), a block per line. */
export function textBlocks(
	text: string,
	{ align = 'left', bold = false, size = 1 }: TextStyle = {}
): PrintBlock[] {
	return wrapText(text, PAPER_COLUMNS / size).map((line) => ({
		kind: 'text',
		text: line,
		align,
		bold,
		size
	}));
}
