import { describe, expect, it } from 'vitest';
import { printableText } from '#lib/server/printer/code-page.ts';
import { receiptBlocks, receiptBytes } from '#lib/server/printer/receipt-layout.ts';
import { sampleReceipt } from '#lib/server/printer/testing/sample-receipt.ts';
import { EscPosDecoder, type DecodedEvent } from './escpos-decoder.ts';

describe('EscPosDecoder', () => {
	it('reads a receipt back as the lines, QR code, feeds and cut it was laid out as', () => {
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

	it('decodes the same whatever chunks the bytes arrive in', () => {
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

	it('reports status queries in their place in the stream', () => {
		const events = new EscPosDecoder().push(
			Uint8Array.from([0x10, 0x04, 0x01, 0x41, 0x0a, 0x1d, 0x72, 0x01, 0x10, 0x04, 0x04])
		);
		expect(events).toEqual([
			{ kind: 'real-time-status', n: 1 },
			{
				kind: 'print',
				item: { kind: 'text', text: 'A', align: 'left', bold: false, width: 1, height: 1 }
			},
			{ kind: 'transmit-status', n: 1 },
			{ kind: 'real-time-status', n: 4 }
		]);
	});

	it('prints code page bytes as "\uFFFD" until code page 858 is selected', () => {
		const [before] = new EscPosDecoder().push(Uint8Array.from([0x1b, 0x40, 0x84, 0x0a]));
		expect(before).toMatchObject({ item: { text: '\uFFFD' } });
		const [after] = new EscPosDecoder().push(Uint8Array.from([0x1b, 0x74, 19, 0x84, 0x0a]));
		expect(after).toMatchObject({ item: { text: 'ä' } });
	});

	it('reports a command it does not know', () => {
		const events = new EscPosDecoder().push(Uint8Array.from([0x1b, 0x4d, 0x01]));
		expect(events).toContainEqual({ kind: 'unknown', bytes: '1b 4d' });
	});
});
