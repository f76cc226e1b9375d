import { describe, expect, it } from 'vitest';
import { cp858Char, encodeCp858, printableText } from './code-page.ts';

const cp858Chars = (bytes: Uint8Array) =>
	String.fromCharCode(...bytes).replace(/[\x80-\xff]/g, (char) => cp858Char(char.charCodeAt(0)));

describe('code page 858', () => {
	it('has the German letters and € at their code page 858 bytes', () => {
		expect([...encodeCp858('ÄÖÜäöüß€')]).toEqual([0x8e, 0x99, 0x9a, 0x84, 0x94, 0x81, 0xe1, 0xd5]);
		expect([...encodeCp858('Preis: 4,50 €')]).toEqual([
			...Buffer.from('Preis: 4,50 ', 'ascii'),
			0xd5
		]);
	});

	it('reads back every byte of the upper half as the character it encodes', () => {
		for (let byte = 0x80; byte <= 0xff; byte += 1) {
			const char = cp858Char(byte);
			// The soft hyphen (0xF0) and the no-break space (0xFF) are printed otherwise.
			if (char === '\u00ad' || char === '\u00a0') continue;
			expect([...encodeCp858(char)]).toEqual([byte]);
		}
	});

	it('prints one character per column: composed, spaces plain, stand-ins for the rest', () => {
		expect(printableText('Mu\u0308ller')).toBe('Müller');
		expect(printableText('4,50\u00a0€ – 2:05\u202fPM')).toBe('4,50 € - 2:05 PM');
		expect(printableText('−1,00 € „Pils“ …')).toBe('-1,00 € "Pils" ...');
		expect(printableText('Tee 🍵 茶')).toBe('Tee ? ?');
	});

	it('prints the guest languages’ letters: French, Spanish, Italian and Dutch receipts', () => {
		const text =
			'Œufs, Céleri, Çà · Cacahuetes, Dióxido, año, ¡Gracias! ¿Sí? · Perché, più · één, Geïnd';
		expect(printableText(text)).toBe(
			'OEufs, Céleri, Çà · Cacahuetes, Dióxido, año, ¡Gracias! ¿Sí? · Perché, più · één, Geïnd'
		);
		expect(cp858Chars(encodeCp858(printableText(text)))).toBe(printableText(text));
	});

	it('never lets a control character through, so a name cannot carry a printer command', () => {
		const name = 'Pils\x1b@\x1dV\x00\x10\x04\x01\x7f';
		expect(printableText(name)).toBe('Pils?@?V?????');
		expect([...encodeCp858(name)].some((byte) => byte < 0x20 || byte === 0x7f)).toBe(false);
		expect(printableText('two\nlines\tand tab')).toBe('two lines and tab');
	});
});
