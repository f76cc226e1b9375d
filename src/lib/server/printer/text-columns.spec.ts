import { describe, expect, it } from 'vitest';
import { labelledAmount, tableRow, textBlocks, wrapText } from './text-columns.ts';

describe('wrapText', () => {
	it('breaks at spaces and keeps every line within the width', () => {
		const lines = wrapText('Bratwurst im knusprigen Brötchen mit karamellisierten Zwiebeln', 20);
		expect(lines).toEqual([
			'Bratwurst im',
			'knusprigen Brötchen',
			'mit karamellisierten',
			'Zwiebeln'
		]);
	});

	it('cuts a word longer than a line, and gives one empty line for no text', () => {
		expect(wrapText('Donaudampfschifffahrt ok', 8)).toEqual(['Donaudam', 'pfschiff', 'fahrt ok']);
		expect(wrapText('', 10)).toEqual(['']);
	});
});

describe('labelledAmount', () => {
	it('puts the amount flush right on the first line and keeps the label out of its column', () => {
		const lines = labelledAmount(
			'1 × Bratwurst im knusprigen Brötchen mit Senf',
			'6,50\u00a0€',
			30
		);
		expect(lines).toEqual(['1 × Bratwurst im        6,50 €', 'knusprigen Brötchen mit', 'Senf']);
		expect(lines[0]).toHaveLength(30);
	});

	it('indents the label', () => {
		expect(labelledAmount('Rabatt', '−1,00 €', 20, 2)).toEqual(['  Rabatt     -1,00 €']);
	});
});

describe('tableRow', () => {
	it('pads cells to their widths and never cuts an amount', () => {
		const cells = (gross: string) =>
			tableRow([
				{ text: '19 %', width: 6, align: 'left' },
				{ text: gross, width: 8, align: 'right' }
			]);
		expect(cells('€9.50')).toBe('19 %     €9.50');
		expect(cells('€12,345.67')).toBe('19 %  €12,345.67');
	});
});

describe('textBlocks', () => {
	it('wraps double-size text to half the columns', () => {
		const blocks = textBlocks('Nr. 0042 und noch etwas mehr', { size: 2, align: 'center' });
		expect(blocks.map((block) => block.kind === 'text' && block.text)).toEqual([
			'Nr. 0042 und noch etwas',
			'mehr'
		]);
	});
});
