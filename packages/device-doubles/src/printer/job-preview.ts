/**
 * A printed job as a PNG picture of the paper: 576 dots wide (80 mm paper at 203 dpi), text in
 * Font A's 12 × 24 dot cells (stretched to exactly that width, so columns line up whatever
 * monospace font the machine has), QR codes redrawn from their payload with the module size the
 * job asked for, cuts as a dashed line. For docs/printer-preview.png and for tests that scan the
 * QR code off the picture; the printer draws its own QR code, which may use another mask but
 * holds the same payload.
 */
import sharp from 'sharp';
import { encode } from 'uqr';
import type { PrintedItem } from './escpos-decoder.ts';

const PAPER_DOTS = 576;
/** White paper around the printable area, so a scanner finds the edges of the code. */
const MARGIN = 24;
const CHAR_DOTS = 12;
/** 24-dot characters and ESC/POS's default line spacing of 30 dots. */
const LINE_DOTS = 30;
/** The quiet zone a QR code needs, in modules. */
const QUIET_MODULES = 4;

const escapeXml = (text: string) =>
	text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** Where a block `width` dots wide starts on the paper. */
function leftEdge(align: 'left' | 'center' | 'right', width: number): number {
	const free = Math.max(PAPER_DOTS - width, 0);
	return MARGIN + (align === 'left' ? 0 : align === 'center' ? Math.floor(free / 2) : free);
}

/** An item's SVG at `top`, and the height it takes. */
function draw(item: PrintedItem, top: number): { svg: string; height: number } {
	switch (item.kind) {
		case 'text': {
			const height = LINE_DOTS * item.height;
			const text = item.text.replace(/ +$/, '');
			if (text === '') return { svg: '', height };
			const width = [...item.text].length * CHAR_DOTS * item.width;
			const x = leftEdge(item.align, width);
			// The baseline sits 6 dots of line spacing and 5 of descent above the line's bottom.
			const y = top + height - 11 * item.height;
			const textWidth = [...text].length * CHAR_DOTS * item.width;
			return {
				svg:
					`<text x="${x}" y="${y}" font-family="DejaVu Sans Mono, monospace" ` +
					`font-size="${20 * item.height}" font-weight="${item.bold ? 700 : 400}" ` +
					`textLength="${textWidth}" lengthAdjust="spacingAndGlyphs" xml:space="preserve">` +
					`${escapeXml(text)}</text>`,
				height
			};
		}
		case 'qr': {
			const { data, size } = encode(item.payload, { ecc: item.errorLevel, border: 0 });
			const module = item.moduleDots;
			const x = leftEdge(item.align, size * module);
			const y = top + QUIET_MODULES * module;
			const squares = data.flatMap((row, rowIndex) =>
				row.flatMap((dark, column) =>
					dark
						? [`M${x + column * module} ${y + rowIndex * module}h${module}v${module}h-${module}z`]
						: []
				)
			);
			return {
				svg: `<path d="${squares.join('')}" fill="#000"/>`,
				height: (size + 2 * QUIET_MODULES) * module
			};
		}
		case 'feed':
			return { svg: '', height: LINE_DOTS * item.lines };
		case 'cut':
			return {
				svg: `<line x1="0" y1="${top + 12}" x2="${PAPER_DOTS + 2 * MARGIN}" y2="${top + 12}" stroke="#888" stroke-dasharray="8 6"/>`,
				height: LINE_DOTS
			};
	}
}

export async function jobPreviewPng(items: readonly PrintedItem[]): Promise<Buffer> {
	let top = MARGIN;
	const parts: string[] = [];
	for (const item of items) {
		const { svg, height } = draw(item, top);
		parts.push(svg);
		top += height;
	}
	const width = PAPER_DOTS + 2 * MARGIN;
	const height = top + MARGIN;
	const svg =
		`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
		`<rect width="100%" height="100%" fill="#fff"/>${parts.join('')}</svg>`;
	return sharp(Buffer.from(svg)).png().toBuffer();
}
