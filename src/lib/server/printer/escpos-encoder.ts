/**
 * Printable blocks → ESC/POS bytes, with the small subset of commands a receipt needs
 * (docs/printer.md "The ESC/POS subset"): initialize and select code page 858, alignment, bold,
 * character size, line feeds, a native QR code (GS ( k, model 2) and a partial cut. Written here
 * rather than taken from a library: the subset is a dozen commands, and the printer test double
 * decodes exactly these (docs/printer.md "Why no encoder library").
 */
import { CP858_TABLE_NUMBER, encodeCp858 } from './code-page.ts';

export type Alignment = 'left' | 'center' | 'right';

/** Character size: 1 is Font A (12 × 24 dots, 48 per line on 80 mm paper), 2 doubles both ways. */
export type TextSize = 1 | 2;

export type PrintBlock =
	/** One printed line; the layout makes it fit (columns ÷ size characters). */
	| { kind: 'text'; text: string; align: Alignment; bold: boolean; size: TextSize }
	/** A QR code the printer draws itself; `moduleDots` is the width of one module. */
	| { kind: 'qr'; payload: string; align: Alignment; moduleDots: number }
	| { kind: 'feed'; lines: number }
	/** Feeds the last line past the cutter and cuts, leaving a hinge (partial cut). */
	| { kind: 'cut' };

const ESC = 0x1b;
const GS = 0x1d;
const LF = 0x0a;

const ALIGNMENT_CODE: Record<Alignment, number> = { left: 0, center: 1, right: 2 };

/** The most data a QR code holds in byte mode at error correction M (version 40). */
const QR_MAX_BYTES = 2331;
/** GS ( k cn = 49: the QR code commands. */
const QR = 0x31;
/** Error correction M (15 %): the level the guest screen's QR code uses too (sale-view.ts). */
const QR_ERROR_LEVEL_M = 49;

/** ESC @ resets every mode; ESC t selects code page 858 for the text that follows. */
const initialize = () => [ESC, 0x40, ESC, 0x74, CP858_TABLE_NUMBER];

function qrCode(payload: string, moduleDots: number): number[] {
	if (!Number.isInteger(moduleDots) || moduleDots < 1 || moduleDots > 16) {
		throw new RangeError('a QR module is 1 to 16 dots wide');
	}
	const data = new TextEncoder().encode(payload);
	if (data.length === 0 || data.length > QR_MAX_BYTES) {
		throw new RangeError(`a QR payload has 1 to ${QR_MAX_BYTES} bytes`);
	}
	const storeLength = data.length + 3;
	return [
		// fn 65: model 2
		...[GS, 0x28, 0x6b, 4, 0, QR, 0x41, 50, 0],
		// fn 67: module size
		...[GS, 0x28, 0x6b, 3, 0, QR, 0x43, moduleDots],
		// fn 69: error correction level
		...[GS, 0x28, 0x6b, 3, 0, QR, 0x45, QR_ERROR_LEVEL_M],
		// fn 80: store the data (pL pH count the three bytes cn fn m as well)
		...[GS, 0x28, 0x6b, storeLength & 0xff, storeLength >> 8, QR, 0x50, 0x30],
		...data,
		// fn 81: print the stored symbol
		...[GS, 0x28, 0x6b, 3, 0, QR, 0x51, 0x30]
	];
}

/** The bytes of a whole print job: initialized, then each block; modes are sent when they change. */
export function encodeBlocks(blocks: readonly PrintBlock[]): Uint8Array {
	const bytes: number[] = initialize();
	// The modes after ESC @: left-aligned, not bold, normal size.
	let align: Alignment = 'left';
	let bold = false;
	let size: TextSize = 1;
	const setAlign = (wanted: Alignment) => {
		if (wanted !== align) bytes.push(ESC, 0x61, ALIGNMENT_CODE[wanted]);
		align = wanted;
	};
	for (const block of blocks) {
		switch (block.kind) {
			case 'text':
				setAlign(block.align);
				if (block.bold !== bold) bytes.push(ESC, 0x45, block.bold ? 1 : 0);
				bold = block.bold;
				// GS ! n: width multiplier − 1 in bits 4–7, height multiplier − 1 in bits 0–3.
				if (block.size !== size) bytes.push(GS, 0x21, (block.size - 1) * 0x11);
				size = block.size;
				bytes.push(...encodeCp858(block.text), LF);
				break;
			case 'qr':
				setAlign(block.align);
				bytes.push(...qrCode(block.payload, block.moduleDots));
				break;
			case 'feed':
				// ESC d n: print what is buffered and feed n lines.
				bytes.push(ESC, 0x64, block.lines);
				break;
			case 'cut':
				// GS V 66 0: feed to the cutting position, then cut partially.
				bytes.push(GS, 0x56, 66, 0);
				break;
		}
	}
	return Uint8Array.from(bytes);
}
