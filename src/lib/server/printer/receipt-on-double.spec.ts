/**
 * The receipt's ESC/POS bytes as the printer double (@venue-kiosk/device-doubles) reads and draws
 * them: the lines, QR code, feeds and cut the layout laid out, and a QR code that scans.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBarcodes, setZXingModuleOverrides } from 'zxing-wasm/reader';
import {
	EscPosDecoder,
	type DecodedEvent
} from '@venue-kiosk/device-doubles/printer/escpos-decoder.ts';
import { jobPreviewPng } from '@venue-kiosk/device-doubles/printer/job-preview.ts';
import {
	startPrinterSimulator,
	type PrinterSimulator
} from '@venue-kiosk/device-doubles/printer/printer-simulator.ts';
import { printableText } from './code-page.ts';
import { NetworkPrinter } from './network-printer.ts';
import { receiptBlocks, receiptBytes } from './receipt-layout.ts';
import { SAMPLE_DEPOSIT_CODE, sampleReceipt } from './testing/sample-receipt.ts';

// barcode-detector's engine, called directly: the ponyfill's detect() needs DOM classes that Node
// lacks (ImageData, DOMRectReadOnly). Its .wasm from node_modules: the default location is a CDN.
setZXingModuleOverrides({
	wasmBinary: readFileSync(
		fileURLToPath(import.meta.resolve('zxing-wasm/reader/zxing_reader.wasm'))
	).buffer as ArrayBuffer
});

describe('the receipt read by the printer double', () => {
	it('reads back as the lines, QR code, feeds and cut it was laid out as', () => {
		const receipt = sampleReceipt();
		const events = new EscPosDecoder().push(receiptBytes(receipt, 'de'));
		const expected = receiptBlocks(receipt, 'de').map((block) => {
			if (block.kind === 'text') {
				const { text, align, bold, size } = block;
				return { kind: 'text', text: printableText(text), align, bold, width: size, height: size };
			}
			if (block.kind === 'qr') {
				const { payload, align, moduleDots } = block;
				return { kind: 'qr', payload, align, moduleDots, errorLevel: 'M' };
			}
			return block.kind === 'cut' ? { kind: 'cut', partial: true } : block;
		});
		expect(events.map((event) => (event.kind === 'print' ? event.item : event))).toEqual(expected);
	});

	it('reads the same whatever chunks the bytes arrive in', () => {
		const bytes = receiptBytes(sampleReceipt(), 'en');
		const whole = new EscPosDecoder().push(bytes);
		for (const size of [1, 2, 3, 7, 64]) {
			const decoder = new EscPosDecoder();
			const events: DecodedEvent[] = [];
			for (let at = 0; at < bytes.length; at += size) {
				events.push(...decoder.push(bytes.subarray(at, at + size)));
			}
			expect(events).toEqual(whole);
		}
	});
});

describe('the receipt drawn by the printer double', () => {
	let sim: PrinterSimulator;
	beforeAll(async () => {
		sim = await startPrinterSimulator({ port: 0 });
	});
	afterAll(() => sim.close());

	it('draws a printed receipt whose QR code scans as the exact deposit code', async () => {
		const printer = new NetworkPrinter({ host: '127.0.0.1', port: sim.port });
		expect(await printer.print(receiptBytes(sampleReceipt(), 'en'))).toMatchObject({
			outcome: 'printed'
		});
		const png = await jobPreviewPng(sim.jobs[0]!.items);
		const { width, height, format } = await sharp(png).metadata();
		expect({ width, format }).toEqual({ width: 624, format: 'png' });
		expect(height).toBeGreaterThan(1_000);

		const found = await readBarcodes(png, { formats: ['QRCode'] });
		expect(found.map((code) => code.text)).toEqual([SAMPLE_DEPOSIT_CODE]);
	});
});
