/** Test data of the receipt's spec: sales of the demo menu as the kiosk's API answers them (cents). */
import type { CreditSummary, SaleView } from '../sale-view.ts';

/** 2 × Pilsner + 1 Pretzel, two cups: 14.00 + 4.00 deposit (the contract test's basket). */
export function quotedSale(overrides: Partial<SaleView> = {}): SaleView {
	return {
		id: 'sale-1',
		state: 'quoted',
		currencyCode: 'EUR',
		lines: [
			{
				productId: 'drink_pils',
				name: { en: 'Pilsner 0.4 l', de: 'Pils 0,4 l' },
				options: [],
				quantity: 2,
				unitMinor: 550,
				lineMinor: 1100,
				vatBp: 1900
			},
			{
				productId: 'food_pretzel',
				name: { en: 'Pretzel', de: 'Brezel' },
				options: [],
				quantity: 1,
				unitMinor: 300,
				lineMinor: 300,
				vatBp: 700
			}
		],
		depositLines: [
			{
				categoryId: 'cat_cup',
				name: 'Reusable cup 0.4 l',
				quantity: 2,
				unitMinor: 200,
				lineMinor: 400,
				vatBp: 0,
				expirationHours: 48
			}
		],
		goodsMinor: 1400,
		depositMinor: 400,
		serviceFeeMinor: 0,
		serviceFeeVatBp: 1900,
		totalMinor: 1800,
		credits: null,
		cardPaidMinor: 0,
		deposit: null,
		orderNumber: null,
		problem: null,
		...overrides
	};
}

/** wallet_plenty: 10 % off Pilsner, everything paid with credits (16.90). */
export const PLENTY_CREDITS: CreditSummary = {
	transactionId: 'tx-1',
	paymentType: 'SPLIT_PAYMENT',
	keyHint: 'c6d7',
	lines: [
		{
			productId: 'drink_pils',
			name: 'Pilsner 0.4 l',
			grossMinor: 1100,
			discountMinor: 110,
			creditsMinor: 990,
			outstandingMinor: 0,
			vatBp: 1900
		},
		{
			productId: 'food_pretzel',
			name: 'Pretzel',
			grossMinor: 300,
			discountMinor: 0,
			creditsMinor: 300,
			outstandingMinor: 0,
			vatBp: 700
		},
		{
			productId: null,
			name: 'Deposit: Reusable cup 0.4 l',
			grossMinor: 400,
			discountMinor: 0,
			creditsMinor: 400,
			outstandingMinor: 0,
			vatBp: 0
		}
	],
	grossMinor: 1800,
	discountMinor: 110,
	creditsMinor: 1690,
	outstandingMinor: 0
};

/** wallet_few: 3.50 of credits, 13.40 by card. */
export const FEW_CREDITS: CreditSummary = {
	...PLENTY_CREDITS,
	keyHint: 'ab1e',
	lines: [
		{ ...PLENTY_CREDITS.lines[0]!, creditsMinor: 350, outstandingMinor: 640 },
		{ ...PLENTY_CREDITS.lines[1]!, creditsMinor: 0, outstandingMinor: 300 },
		{ ...PLENTY_CREDITS.lines[2]!, creditsMinor: 0, outstandingMinor: 400 }
	],
	creditsMinor: 350,
	outstandingMinor: 1340
};

/** wallet_empty: no credits on the account; the discount still applies, 16.90 by card. */
export const NO_CREDITS: CreditSummary = {
	...PLENTY_CREDITS,
	keyHint: 'e4b7',
	lines: PLENTY_CREDITS.lines.map((line) => ({
		...line,
		creditsMinor: 0,
		outstandingMinor: line.grossMinor - line.discountMinor
	})),
	creditsMinor: 0,
	outstandingMinor: 1690
};
