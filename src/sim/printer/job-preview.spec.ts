import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBarcodes, setZXingModuleOverrides } from 'zxing-wasm/reader';
import { NetworkPrinter } from '#lib/server/printer/network-printer.ts';
import { receiptBytes } from '#lib/server/printer/receipt-layout.ts';
import { SAMPLE_DEPOSIT_CODE, sampleReceipt } from '#lib/server/printer/testing/sample-receipt.ts';
import { jobPreviewPng } from './job-preview.ts';
import { startPrinterSimulator, type PrinterSimulator } from './printer-simulator.ts';

// barcode-detector's engine, called directly: the ponyfill's detect() needs DOM classes that Node
// lacks (ImageData, DOMRectReadOnly). Its .wasm from node_modules: the default location is a CDN.
setZXingModuleOverrides({
	wasmBinary: readFileSync(
		fileURLToPath(import.meta.resolve('zxing-wasm/reader/zxing_reader.wasm'))
	).buffer as ArrayBuffer
});

describe('jobPreviewPng', () => {
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
