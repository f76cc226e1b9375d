import { describe, expect, it } from 'vitest';
import { amountsOf } from './sale-amounts.ts';
import { creditsFactory, quoteFactory } from './testing/factories.ts';

const quote = quoteFactory({
	goodsMinor: 900,
	depositMinor: 300,
	totalMinor: 1200,
	serviceFeeMinor: 50
});

describe('amountsOf', () => {
	it('a card sale: the quote and the fee on top, all on the card', () => {
		expect(amountsOf({ quote, credits: null })).toEqual({
			grossMinor: 1250,
			discountMinor: 0,
			totalMinor: 1250,
			creditsMinor: 0,
			cardMinor: 1250,
			feeMinor: 50,
			paymentKind: 'card'
		});
	});

	it('with credits: the transaction’s figures, the fee one of its lines', () => {
		const credits = creditsFactory({ grossMinor: 1250, discountMinor: 100, creditsMinor: 400 });
		const amounts = amountsOf({ quote, credits });
		expect(amounts).toEqual({
			grossMinor: 1250,
			discountMinor: 100,
			totalMinor: 1150,
			creditsMinor: 400,
			cardMinor: 750,
			feeMinor: 50,
			paymentKind: 'split'
		});
		expect(amounts.grossMinor - amounts.discountMinor).toBe(
			amounts.creditsMinor + amounts.cardMinor
		);
	});

	it('names the payment by what was used: credits alone, or a discount with the card', () => {
		const all = creditsFactory({ grossMinor: 1250, discountMinor: 0, creditsMinor: 1250 });
		expect(amountsOf({ quote, credits: all }).paymentKind).toBe('credits');
		const discountOnly = creditsFactory({ grossMinor: 1250, discountMinor: 250, creditsMinor: 0 });
		expect(amountsOf({ quote, credits: discountOnly })).toMatchObject({
			paymentKind: 'card',
			cardMinor: 1000
		});
	});
});
