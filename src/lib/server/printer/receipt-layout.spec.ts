import { describe, expect, it } from 'vitest';
import type { PrintBlock } from './escpos-encoder.ts';
import { receiptBlocks } from './receipt-layout.ts';
import { PAPER_COLUMNS } from './text-columns.ts';
import { SAMPLE_DEPOSIT_CODE, sampleReceipt } from './testing/sample-receipt.ts';
import { TEST_PAGE_QR_PAYLOAD, testPageBlocks } from './test-page.ts';

type TextBlock = Extract<PrintBlock, { kind: 'text' }>;
const texts = (blocks: PrintBlock[]) =>
	blocks.filter((block): block is TextBlock => block.kind === 'text');
const lines = (blocks: PrintBlock[]) => texts(blocks).map((block) => block.text);

/** "10,00 €" / "-1,00 €" at a German line's end, read back to minor units. */
function amountAtEnd(line: string): number | null {
	const match = /(-?)(\d+),(\d\d) €$/.exec(line);
	if (!match) return null;
	const minor = Number(match[2]) * 100 + Number(match[3]);
	return match[1] === '-' ? -minor : minor;
}

/** The printed lines from one line to the next rule. */
function section(all: string[], first: string): string[] {
	const start = all.findIndex((line) => line.startsWith(first));
	const end = all.findIndex((line, index) => index > start && /^-+$/.test(line));
	return all.slice(start, end);
}

describe('receiptBlocks', () => {
	it('names the containers as staff did in the guest’s language, else as the platform does', () => {
		const names = { de: 'Pfandbecher groß' };
		const receipt = sampleReceipt();
		const named = sampleReceipt({
			figures: {
				...receipt.figures,
				lines: receipt.figures.lines.map((line) =>
					line.kind === 'deposit' ? { ...line, names } : line
				)
			},
			deposit: {
				...receipt.deposit!,
				categories: receipt.deposit!.categories.map((category) => ({ ...category, names }))
			}
		});
		const german = lines(receiptBlocks(named, 'de'));
		expect(german.filter((line) => line.includes('Pfandbecher groß'))).toHaveLength(2);
		expect(german.join('\n')).not.toContain('Mehrwegbecher');
		const english = lines(receiptBlocks(named, 'en'));
		expect(english.filter((line) => line.includes('Mehrwegbecher'))).toHaveLength(2);
	});

	it('keeps every line on the paper, and ends every amount in the last column', () => {
		for (const locale of ['en', 'de'] as const) {
			const blocks = texts(receiptBlocks(sampleReceipt(), locale));
			for (const block of blocks) {
				expect(block.text.length).toBeLessThanOrEqual(PAPER_COLUMNS / block.size);
				if (block.text.includes('€')) {
					expect(block.text, block.text).toMatch(/€$|\d$/);
					expect(block.text).toHaveLength(PAPER_COLUMNS);
				}
			}
		}
	});

	it('prints amounts that add up exactly to the figures it was given', () => {
		const receipt = sampleReceipt();
		const printed = lines(receiptBlocks(receipt, 'de'));
		const items = section(printed, '2 × Helles')
			.map(amountAtEnd)
			.filter((n) => n !== null);
		const sold = items.filter((amount) => amount > 0);
		const discounts = items.filter((amount) => amount < 0);
		const total = (label: string) => amountAtEnd(printed.find((line) => line.startsWith(label))!);

		expect(sold.reduce((a, b) => a + b, 0)).toBe(receipt.figures.grossMinor);
		expect(total('Summe')).toBe(receipt.figures.grossMinor);
		expect(-discounts.reduce((a, b) => a + b, 0)).toBe(receipt.figures.discountMinor);
		expect(total('Rabatt')).toBe(-receipt.figures.discountMinor);
		expect(total('Bezahlt insgesamt')).toBe(2_050);
		expect(total('Mit Treuepunkten bezahlt')! + total('Mit Karte bezahlt')!).toBe(2_050);

		const vatRows = printed
			.filter((line) => /^\d+ %/.test(line))
			.map((line) => line.match(/-?\d+,\d\d/g)!.map((amount) => amountAtEnd(`${amount} €`)!));
		expect(vatRows).toHaveLength(receipt.figures.vat.length);
		for (const [net, vat, gross] of vatRows) expect(net! + vat!).toBe(gross);
		expect(vatRows.reduce((sum, row) => sum + row[2]!, 0)).toBe(2_050);
	});

	it('speaks the guest’s language: labels, amounts and times in English or German', () => {
		const english = lines(receiptBlocks(sampleReceipt(), 'en'));
		expect(english).toContain('Your order number');
		expect(english.find((line) => line.startsWith('Total paid'))).toMatch(/ €20\.50$/);
		expect(english).toContain('Nov 24, 2026, 7:05 PM');
		const german = lines(receiptBlocks(sampleReceipt(), 'de'));
		expect(german).toContain('Ihre Bestellnummer');
		expect(german.find((line) => line.startsWith('Bezahlt insgesamt'))).toMatch(/ 20,50 €$/);
		expect(german).toContain('24.11.2026, 19:05');
		expect(german).toContain('Stadtfest Süd e. V.');
	});

	it('wraps a long product name, the amount on its first line, the options beneath', () => {
		const printed = lines(receiptBlocks(sampleReceipt(), 'de'));
		const first = printed.findIndex((line) => line.startsWith('1 × Bratwurst'));
		expect(printed.slice(first, first + 3)).toEqual([
			'1 × Bratwurst im knusprigen Brötchen mit  6,50 €',
			'karamellisierten Zwiebeln und Senf',
			'  Gut durchgebraten'
		]);
	});

	it('lists a line’s allergens and additives under it, only for lines that have any', () => {
		const printed = lines(receiptBlocks(sampleReceipt(), 'de'));
		const first = printed.findIndex((line) => line.startsWith('1 × Bratwurst'));
		expect(printed.slice(first + 3, first + 5)).toEqual([
			'  Enthält: Glutenhaltiges Getreide, Senf.',
			'  Zusatzstoffe: mit Phosphat.'
		]);
		expect(printed.filter((line) => line.includes('Enthält:'))).toHaveLength(1);
		expect(printed.filter((line) => line.includes('Zusatzstoffe:'))).toHaveLength(1);
		const english = lines(receiptBlocks(sampleReceipt(), 'en'));
		expect(english).toContain('  Contains: Cereals containing gluten, Mustard.');
		expect(english).toContain('  Additives: with phosphate.');
	});

	it('prints the deposit code as a native QR code, its number and return deadline beneath', () => {
		const blocks = receiptBlocks(sampleReceipt(), 'de');
		const qr = blocks.findIndex((block) => block.kind === 'qr');
		expect(blocks[qr]).toEqual({
			kind: 'qr',
			payload: SAMPLE_DEPOSIT_CODE,
			align: 'center',
			moduleDots: 8
		});
		expect(lines(blocks.slice(qr + 1, qr + 4))).toEqual([
			'Nr. 0042',
			'2 × Mehrwegbecher',
			// 02:05 UTC is 03:05 at the venue (Europe/Berlin).
			'Rückgabe bis 25.11.2026, 03:05'
		]);
		expect(texts(blocks.slice(qr + 1, qr + 2))[0]).toMatchObject({ size: 2, bold: true });
	});

	it('tells the guest on paper to keep the paper: no photo, no printing', () => {
		const said = {
			en: ['Keep this receipt until you have returned your containers.', /photo|print/i],
			de: [
				'Bewahren Sie diesen Beleg auf, bis Sie Ihre Behälter zurückgegeben haben.',
				/foto|druck/i
			]
		} as const;
		for (const [locale, [keep, screenOnly]] of Object.entries(said) as [
			keyof typeof said,
			(typeof said)[keyof typeof said]
		][]) {
			const printed = lines(receiptBlocks(sampleReceipt(), locale)).join(' ');
			expect(printed).toContain(keep);
			expect(printed).not.toMatch(screenOnly);
		}
	});

	it('prints no QR code without a deposit, and says so when the code is missing', () => {
		const blocks = receiptBlocks(sampleReceipt({ deposit: null, depositCodeMissing: true }), 'en');
		expect(blocks.some((block) => block.kind === 'qr')).toBe(false);
		expect(lines(blocks).join(' ')).toContain('We could not create your deposit code.');
	});

	it('marks a copy, and prints only the parts of the payment that paid something', () => {
		const { figures } = sampleReceipt();
		const printed = (creditsMinor: number) =>
			lines(
				receiptBlocks(
					sampleReceipt({
						copy: true,
						figures: { ...figures, creditsMinor, cardMinor: figures.paidMinor - creditsMinor }
					}),
					'de'
				)
			);
		const paidBy = (all: string[]) =>
			all.filter((line) => /^Mit (Karte|Treuepunkten) bezahlt/.test(line)).map(amountAtEnd);
		expect(printed(0)).toContain('KOPIE');
		expect(printed(0).some((line) => line.startsWith('Mit Treuepunkten'))).toBe(false);
		expect(paidBy(printed(0))).toEqual([figures.paidMinor]);
		expect(printed(figures.paidMinor).some((line) => line.startsWith('Mit Karte'))).toBe(false);
		expect(paidBy(printed(figures.paidMinor))).toEqual([figures.paidMinor]);
		expect(paidBy(printed(500))).toEqual([500, figures.paidMinor - 500]);
	});

	it('ends with a feed and a cut', () => {
		expect(receiptBlocks(sampleReceipt(), 'en').slice(-2)).toEqual([
			{ kind: 'feed', lines: 2 },
			{ kind: 'cut' }
		]);
	});
});

describe('testPageBlocks', () => {
	it('shows the 48 columns, the special characters and a QR code of a deposit code’s size', () => {
		const blocks = testPageBlocks(
			{ printerName: 'Bar printer', printedAt: '2026-11-24T18:05:00Z', timeZone: 'Europe/Berlin' },
			'de'
		);
		const printed = lines(blocks);
		expect(printed).toContain('123456789012345678901234567890123456789012345678');
		expect(printed.some((line) => line.includes('ÄÖÜ äöü ß €'))).toBe(true);
		expect(TEST_PAGE_QR_PAYLOAD).toHaveLength(SAMPLE_DEPOSIT_CODE.length);
		expect(blocks.find((block) => block.kind === 'qr')).toMatchObject({
			payload: TEST_PAGE_QR_PAYLOAD,
			moduleDots: 8
		});
		expect(printed.join(' ')).toContain(TEST_PAGE_QR_PAYLOAD);
		expect(blocks.at(-1)).toEqual({ kind: 'cut' });
	});
});
