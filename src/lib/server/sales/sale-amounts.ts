/**
 * What a sale came to, in the terms staff search and count by: gross, discount, what the guest
 * paid with credits and on the card, and so how it was paid. One reading of a sale's money for
 * the sale search's columns (sale-repository.ts), the sale page and the day report, so all three
 * show the same figures. Integer minor units.
 *
 * Without credits, the guest pays the quote and the service fee on the card (sale-view.ts). With
 * credits, the platform's transaction priced everything, the fee included (spec 3: the fee goes in
 * through update), and its summary holds gross − discount = credits + outstanding, the outstanding
 * part being the card's (sale-credits.ts checks the sums as the platform answers).
 */
import type { Sale } from './sale.ts';

export const PAYMENT_KINDS = ['card', 'credits', 'split'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

export interface SaleAmounts {
	grossMinor: number;
	discountMinor: number;
	/** What the guest paid: gross − discount = credits + card. */
	totalMinor: number;
	creditsMinor: number;
	cardMinor: number;
	/**
	 * The service fee, part of gross: on top of the card payment, or a line of the credit
	 * transaction (added through update: checkout.ts), never discounted (spec 3).
	 */
	feeMinor: number;
	paymentKind: PaymentKind;
}

export function amountsOf(sale: Pick<Sale, 'quote' | 'credits'>): SaleAmounts {
	const { quote, credits } = sale;
	if (!credits) {
		const totalMinor = quote.totalMinor + quote.serviceFeeMinor;
		return {
			grossMinor: totalMinor,
			discountMinor: 0,
			totalMinor,
			creditsMinor: 0,
			cardMinor: totalMinor,
			feeMinor: quote.serviceFeeMinor,
			paymentKind: 'card'
		};
	}
	const { grossMinor, discountMinor, creditsMinor, outstandingMinor } = credits;
	return {
		grossMinor,
		discountMinor,
		totalMinor: grossMinor - discountMinor,
		creditsMinor,
		cardMinor: outstandingMinor,
		feeMinor: quote.serviceFeeMinor,
		paymentKind: creditsMinor === 0 ? 'card' : outstandingMinor === 0 ? 'credits' : 'split'
	};
}
