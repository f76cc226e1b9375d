import { describe, expect, it } from 'vitest';
import type { SaleView } from './sale-view.ts';
import { figuresOf, paidParts, vatInGross, vatSummary } from './receipt.ts';
import { FEW_CREDITS, NO_CREDITS, PLENTY_CREDITS, quotedSale } from './testing/sale-views.ts';

describe('VAT contained in a gross amount', () => {
	it('is round(amount × bp / (10000 + bp)), in integers', () => {
		expect(vatInGross(1100, 1900)).toBe(176); // 175.63
		expect(vatInGross(990, 1900)).toBe(158); // 158.07
		expect(vatInGross(300, 700)).toBe(20); // 19.63
		expect(vatInGross(450, 770)).toBe(32); // 32.17
		expect(vatInGross(400, 0)).toBe(0);
		expect(vatInGross(0, 1900)).toBe(0);
	});

	it('rounds an exact half up', () => {
		expect(vatInGross(3, 2000)).toBe(1); // 0.5
		expect(vatInGross(9, 2000)).toBe(2); // 1.5
		expect(vatInGross(-3, 2000)).toBe(-1);
	});

	it('refuses non-integers', () => {
		expect(() => vatInGross(1.5, 1900)).toThrow(RangeError);
		expect(() => vatInGross(100, 19.5)).toThrow(RangeError);
	});

	it('sums per rate, ascending, net + VAT = gross', () => {
		const rows = vatSummary([
			{ vatBp: 1900, grossMinor: 550 },
			{ vatBp: 700, grossMinor: 300 },
			{ vatBp: 1900, grossMinor: 550 },
			{ vatBp: 0, grossMinor: 400 }
		]);
		expect(rows).toEqual([
			{ vatBp: 0, grossMinor: 400, vatMinor: 0, netMinor: 400 },
			{ vatBp: 700, grossMinor: 300, vatMinor: 20, netMinor: 280 },
			{ vatBp: 1900, grossMinor: 1100, vatMinor: 176, netMinor: 924 }
		]);
	});
});

describe('the figures of a sale', () => {
	it('card only: the quote, no discount, all by card; the VAT rows add up to what was paid', () => {
		const figures = figuresOf(quotedSale({ state: 'completed', cardPaidMinor: 1800 }));
		expect(figures.lines.map((line) => [line.kind, line.quantity, line.grossMinor])).toEqual([
			['product', 2, 1100],
			['product', 1, 300],
			['deposit', 2, 400]
		]);
		expect(figures).toMatchObject({
			grossMinor: 1800,
			discountMinor: 0,
			paidMinor: 1800,
			creditsMinor: 0,
			cardMinor: 1800,
			addsUp: true
		});
		expect(figures.vat.map((row) => [row.vatBp, row.grossMinor, row.vatMinor])).toEqual([
			[0, 400, 0],
			[700, 300, 20],
			[1900, 1100, 176]
		]);
	});

	it('a card-only service fee is a line of its own at the fee rate', () => {
		const figures = figuresOf(
			quotedSale({
				serviceFeeMinor: 50,
				totalMinor: 1850,
				state: 'completed',
				cardPaidMinor: 1850
			})
		);
		expect(figures.lines.at(-1)).toMatchObject({ kind: 'fee', grossMinor: 50, vatBp: 1900 });
		expect(figures).toMatchObject({ paidMinor: 1850, cardMinor: 1850, addsUp: true });
	});

	it('credits covering everything: 10 % off Pilsner, 16.90 of credits, nothing by card', () => {
		const figures = figuresOf(
			quotedSale({ state: 'completed', credits: PLENTY_CREDITS, cardPaidMinor: 0 })
		);
		expect(figures.lines.map((line) => [line.kind, line.discountMinor, line.creditsMinor])).toEqual(
			[
				['product', 110, 990],
				['product', 0, 300],
				['deposit', 0, 400]
			]
		);
		expect(figures).toMatchObject({
			grossMinor: 1800,
			discountMinor: 110,
			paidMinor: 1690,
			creditsMinor: 1690,
			cardMinor: 0,
			addsUp: true
		});
		// VAT on what was paid: the discounted Pilsner.
		expect(figures.vat.find((row) => row.vatBp === 1900)).toEqual({
			vatBp: 1900,
			grossMinor: 990,
			vatMinor: 158,
			netMinor: 832
		});
	});

	it('split: 3.50 of credits, 13.40 by card (still to pay while previewed)', () => {
		const previewed = figuresOf(quotedSale({ state: 'credits-previewed', credits: FEW_CREDITS }));
		expect(previewed).toMatchObject({ creditsMinor: 350, cardMinor: 1340, addsUp: true });
		const done = figuresOf(
			quotedSale({ state: 'completed', credits: FEW_CREDITS, cardPaidMinor: 1340 })
		);
		expect(done.grossMinor - done.discountMinor).toBe(done.creditsMinor + done.cardMinor);
		expect(done.addsUp).toBe(true);
	});

	it('names credit lines: products by id, deposits by name, the service fee, anything else as sent', () => {
		const credits = {
			...PLENTY_CREDITS,
			lines: [
				...PLENTY_CREDITS.lines,
				{
					productId: null,
					name: 'Service fee',
					grossMinor: 50,
					discountMinor: 0,
					creditsMinor: 0,
					outstandingMinor: 50,
					vatBp: 1900
				},
				{
					productId: null,
					name: 'Tip',
					grossMinor: 100,
					discountMinor: 0,
					creditsMinor: 0,
					outstandingMinor: 100,
					vatBp: 1900
				}
			],
			grossMinor: 1950,
			outstandingMinor: 150
		};
		const figures = figuresOf(quotedSale({ state: 'credits-previewed', credits }));
		expect(figures.lines.map((line) => line.kind)).toEqual([
			'product',
			'product',
			'deposit',
			'fee',
			'other'
		]);
		expect(figures.lines[2]).toMatchObject({ categoryId: 'cat_cup', quantity: 2, vatBp: 0 });
		expect(figures.addsUp).toBe(true);
	});

	it('every line keeps the rate it was sold at, as the server sent it (not the menu as it is now)', () => {
		// Card only: the quote's rates. Pilsner sold at 7 % (say, before a menu edit to 19 %).
		const card = quotedSale({ state: 'completed', cardPaidMinor: 1800 });
		card.lines[0]!.vatBp = 700;
		expect(figuresOf(card).vat.map((row) => [row.vatBp, row.grossMinor])).toEqual([
			[0, 400],
			[700, 1400]
		]);
		// With credits: the platform's per-item VAT wins over the quote's.
		const credits = {
			...PLENTY_CREDITS,
			lines: PLENTY_CREDITS.lines.map((line) => ({ ...line, vatBp: 550 }))
		};
		const figures = figuresOf(quotedSale({ state: 'completed', credits }));
		expect(figures.vat).toEqual([{ vatBp: 550, grossMinor: 1690, vatMinor: 88, netMinor: 1602 }]);
		expect(figures.addsUp).toBe(true);
	});

	it('figures that do not add up are flagged', () => {
		const wrong = { ...PLENTY_CREDITS, creditsMinor: 1700 };
		expect(figuresOf(quotedSale({ state: 'completed', credits: wrong })).addsUp).toBe(false);
	});
});

describe('a sale with product options', () => {
	const coffee = {
		productId: 'drink_coffee',
		name: { en: 'Filter coffee' },
		options: [
			{ id: 'large', name: { en: 'Large' }, priceMinor: 80 },
			{ id: 'no-lid', name: { en: 'No lid' }, priceMinor: 0 }
		],
		quantity: 2,
		unitMinor: 400,
		lineMinor: 800,
		vatBp: 550
	};
	const small = { ...coffee, options: [], unitMinor: 320, lineMinor: 320, quantity: 1 };
	const view = (credits: SaleView['credits'] = null) =>
		quotedSale({
			lines: [coffee, small],
			depositLines: [],
			goodsMinor: 1120,
			depositMinor: 0,
			totalMinor: 1120,
			credits
		});
	const figures = (line: { kind: string; quantity: number; grossMinor: number }) => [
		line.kind,
		line.quantity,
		line.grossMinor
	];

	it('by card: the product at its own price with free options under it, each priced option a line', () => {
		const result = figuresOf(view());
		expect(result.lines.map(figures)).toEqual([
			['product', 2, 640],
			['option', 2, 160],
			['product', 1, 320]
		]);
		expect(result.lines[0]).toMatchObject({ options: [{ name: { en: 'No lid' } }] });
		expect(result.lines[1]).toMatchObject({
			productId: 'drink_coffee~large',
			name: { en: 'Large' }
		});
		expect(result).toMatchObject({ grossMinor: 1120, paidMinor: 1120, addsUp: true });
	});

	it('with credits: the platform items matched back, two lines of one product in order', () => {
		const item = (productId: string, grossMinor: number, discountMinor: number) => ({
			productId,
			name: productId,
			grossMinor,
			discountMinor,
			creditsMinor: grossMinor - discountMinor,
			outstandingMinor: 0,
			vatBp: 550
		});
		const lines = [
			item('drink_coffee', 640, 128),
			item('drink_coffee~large', 160, 0),
			item('drink_coffee', 320, 64)
		];
		const result = figuresOf(
			view({
				transactionId: 'tx-2',
				paymentType: 'SPLIT_PAYMENT',
				keyHint: 'abcd',
				lines,
				grossMinor: 1120,
				discountMinor: 192,
				creditsMinor: 928,
				outstandingMinor: 0
			})
		);
		expect(result.lines.map(figures)).toEqual([
			['product', 2, 640],
			['option', 2, 160],
			['product', 1, 320]
		]);
		expect(result.lines.map((line) => 'options' in line && line.options.length)).toEqual([
			1,
			false,
			0
		]);
		expect(result).toMatchObject({ paidMinor: 928, creditsMinor: 928, addsUp: true });
	});
});

describe('what a receipt line contains', () => {
	const PHOSPHATE = { en: 'with phosphate', de: 'mit Phosphat' };
	const sale = (overrides: Partial<SaleView> = {}) => {
		const plain = quotedSale();
		return quotedSale({
			lines: [
				plain.lines[0]!,
				{ ...plain.lines[1]!, allergens: ['gluten', 'sesame'], additives: [PHOSPHATE] }
			],
			...overrides
		});
	};

	it('lists the allergens and additives of the lines that have any, by card and with credits', () => {
		for (const view of [
			sale(),
			sale({ state: 'completed', credits: PLENTY_CREDITS, cardPaidMinor: 0 })
		]) {
			const [pils, pretzel] = figuresOf(view).lines;
			expect(pils).not.toHaveProperty('allergens');
			expect(pils).not.toHaveProperty('additives');
			expect(pretzel).toMatchObject({
				productId: 'food_pretzel',
				allergens: ['gluten', 'sesame'],
				additives: [PHOSPHATE]
			});
		}
	});
});

describe('the parts a sale was paid in', () => {
	const completed = (overrides: Partial<SaleView>) =>
		figuresOf(quotedSale({ state: 'completed', ...overrides }));

	it('lists only the parts that paid something: no "by card €0.00", no credits of nothing', () => {
		expect(paidParts(completed({ credits: PLENTY_CREDITS, cardPaidMinor: 0 }))).toEqual([
			{ part: 'credits', minor: 1690 }
		]);
		expect(paidParts(completed({ credits: NO_CREDITS, cardPaidMinor: 1690 }))).toEqual([
			{ part: 'card', minor: 1690 }
		]);
		expect(paidParts(completed({ credits: FEW_CREDITS, cardPaidMinor: 1340 }))).toEqual([
			{ part: 'credits', minor: 350 },
			{ part: 'card', minor: 1340 }
		]);
		expect(paidParts(completed({ cardPaidMinor: 1800 }))).toEqual([{ part: 'card', minor: 1800 }]);
	});
});
