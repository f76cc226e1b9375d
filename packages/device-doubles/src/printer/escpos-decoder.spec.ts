import { describe, expect, it } from 'vitest';
import { EscPosDecoder } from './escpos-decoder.ts';

describe('EscPosDecoder', () => {
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

	it('prints code page 858 as its table has it: umlauts, ß, € at 0xD5, a no-break space', () => {
		const [line] = new EscPosDecoder().push(
			Uint8Array.from([0x1b, 0x74, 19, 0x84, 0x94, 0x81, 0xe1, 0xd5, 0xff, 0x8e, 0x0a])
		);
		expect(line).toMatchObject({ item: { text: 'äöüß€\u00a0Ä' } });
	});

	it('decodes the same whatever chunks a command arrives in', () => {
		const bytes = Uint8Array.from([
			0x1b, 0x61, 0x01, 0x1d, 0x21, 0x11, 0x41, 0x0a, 0x1d, 0x56, 0x42, 0x00
		]);
		const whole = new EscPosDecoder().push(bytes);
		const decoder = new EscPosDecoder();
		const byByte = [...bytes].flatMap((byte) => decoder.push(Uint8Array.of(byte)));
		expect(byByte).toEqual(whole);
	});

	it('reports a command it does not know', () => {
		const events = new EscPosDecoder().push(Uint8Array.from([0x1b, 0x4d, 0x01]));
		expect(events).toContainEqual({ kind: 'unknown', bytes: '1b 4d' });
	});
});
