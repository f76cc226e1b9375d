/** Test data of the kiosk helpers' specs: the demo menu (prices in cents). */
import type { SaleView } from '#lib/shared/sale-view.ts';
import type { MenuProduct } from './types.ts';

const CUP = {
	categoryId: 'cat_cup',
	name: 'Reusable cup 0.4 l',
	unitMinor: 200,
	expirationHours: 48
};

export const PILS: MenuProduct = {
	id: 'drink_pils',
	category: 'beer',
	name: { en: 'Pilsner 0.4 l', de: 'Pils 0,4 l' },
	description: { en: 'Crisp local lager in a reusable cup' },
	grossMinor: 550,
	currencyCode: 'EUR',
	image: null,
	deposit: CUP,
	options: []
};

export const WHEAT: MenuProduct = {
	...PILS,
	id: 'drink_wheat',
	name: { en: 'Wheat beer 0.5 l', de: 'Weißbier 0,5 l' },
	grossMinor: 600
};

export const PRETZEL: MenuProduct = {
	id: 'food_pretzel',
	category: 'food',
	name: { en: 'Pretzel', de: 'Brezel' },
	description: {},
	grossMinor: 300,
	currencyCode: 'EUR',
	image: null,
	deposit: null,
	options: []
};

/** Filter coffee 3.20: a size to choose (regular +0, large +0.80), oat milk +0.40 if wanted. */
export const COFFEE: MenuProduct = {
	...PRETZEL,
	id: 'drink_coffee',
	category: 'soft-drinks',
	name: { en: 'Filter coffee', de: 'Filterkaffee' },
	grossMinor: 320,
	options: [
		{
			id: 'size',
			name: { en: 'Size' },
			min: 1,
			max: 1,
			choices: [
				{ id: 'regular', name: { en: 'Regular' }, priceMinor: 0 },
				{ id: 'large', name: { en: 'Large' }, priceMinor: 80 }
			]
		},
		{
			id: 'milk',
			name: { en: 'Milk' },
			min: 0,
			max: 1,
			choices: [{ id: 'oat-milk', name: { en: 'Oat milk' }, priceMinor: 40 }]
		}
	]
};

export const MENU = [PILS, WHEAT, PRETZEL, COFFEE];

/** 2 × Pilsner + 1 Pretzel, two cups: 14.00 + 4.00 deposit (the contract test's basket). */
export function quotedSale(overrides: Partial<SaleView> = {}): SaleView {
	return {
		id: 'sale-1',
		state: 'quoted',
		currencyCode: 'EUR',
		lines: [
			{
				productId: 'drink_pils',
				name: PILS.name,
				options: [],
				quantity: 2,
				unitMinor: 550,
				lineMinor: 1100,
				vatBp: 1900
			},
			{
				productId: 'food_pretzel',
				name: PRETZEL.name,
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
export const PLENTY_CREDITS: NonNullable<SaleView['credits']> = {
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
export const FEW_CREDITS: NonNullable<SaleView['credits']> = {
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
