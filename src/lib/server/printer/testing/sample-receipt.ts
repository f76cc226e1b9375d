/**
 * A receipt with everything a receipt can hold — a discount paid partly with credits, a product
 * whose name needs two lines with a free option, a priced option, a deposit, the service fee, two
 * VAT rates, a deposit code — for the printer's specs and docs/printer-preview.png.
 */
import { vatSummary, type ReceiptLine } from '#lib/shared/receipt.ts';
import type { PrintableReceipt } from '../receipt-layout.ts';

/** 40 characters of the deposit code alphabet (letters, digits, - and _). */
export const SAMPLE_DEPOSIT_CODE = 'Dp7Kq2mX9vLr4TnB8wYc3ZpH6sJd1FgA5eU0o_-Q';

const sampleLines: ReceiptLine[] = [
	{
		kind: 'product',
		productId: 'lager',
		name: { en: 'Lager 0.5 l', de: 'Helles 0,5 l' },
		options: [],
		quantity: 2,
		grossMinor: 1_000,
		discountMinor: 100,
		creditsMinor: 300,
		outstandingMinor: 600,
		vatBp: 1_900
	},
	{
		kind: 'product',
		productId: 'bratwurst',
		name: {
			en: 'Bratwurst in a crusty bread roll with caramelised onions and mustard',
			de: 'Bratwurst im knusprigen Brötchen mit karamellisierten Zwiebeln und Senf'
		},
		options: [{ name: { en: 'Well done', de: 'Gut durchgebraten' } }],
		allergens: ['gluten', 'mustard'],
		additives: [{ en: 'with phosphate', de: 'mit Phosphat' }],
		quantity: 1,
		grossMinor: 650,
		discountMinor: 0,
		creditsMinor: 0,
		outstandingMinor: 650,
		vatBp: 700
	},
	{
		kind: 'option',
		productId: 'bratwurst~mustard',
		name: { en: 'Extra mustard', de: 'Extra Senf' },
		quantity: 1,
		grossMinor: 50,
		discountMinor: 0,
		creditsMinor: 0,
		outstandingMinor: 50,
		vatBp: 700
	},
	{
		kind: 'deposit',
		categoryId: 'cup',
		name: 'Mehrwegbecher',
		quantity: 2,
		grossMinor: 400,
		discountMinor: 0,
		creditsMinor: 0,
		outstandingMinor: 400,
		vatBp: 0
	},
	{
		kind: 'fee',
		name: '',
		quantity: 1,
		grossMinor: 50,
		discountMinor: 0,
		creditsMinor: 0,
		outstandingMinor: 50,
		vatBp: 1_900
	}
];

const total = (pick: (line: ReceiptLine) => number) =>
	sampleLines.reduce((sum, line) => sum + pick(line), 0);

export function sampleReceipt(change: Partial<PrintableReceipt> = {}): PrintableReceipt {
	const grossMinor = total((line) => line.grossMinor);
	const discountMinor = total((line) => line.discountMinor);
	const creditsMinor = total((line) => line.creditsMinor);
	return {
		organization: 'Stadtfest Süd e. V.',
		place: 'Biergarten am Fluss',
		orderNumber: 'A-042',
		issuedAt: '2026-11-24T18:05:00Z',
		timeZone: 'Europe/Berlin',
		currencyCode: 'EUR',
		figures: {
			lines: sampleLines,
			grossMinor,
			discountMinor,
			paidMinor: grossMinor - discountMinor,
			creditsMinor,
			cardMinor: grossMinor - discountMinor - creditsMinor,
			vat: vatSummary(
				sampleLines.map((line) => ({
					vatBp: line.vatBp,
					grossMinor: line.grossMinor - line.discountMinor
				}))
			),
			addsUp: true
		},
		deposit: {
			code: SAMPLE_DEPOSIT_CODE,
			sequenceNumber: '0042',
			categories: [
				{ categoryId: 'cup', name: 'Mehrwegbecher', count: 2, expiresAt: '2026-11-25T02:05:00Z' }
			]
		},
		depositCodeMissing: false,
		copy: false,
		...change
	};
}
