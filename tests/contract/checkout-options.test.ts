/**
 * A sale with product options through the simulator: the server prices each unit as the product
 * plus its chosen choices; the credit preview sends the product at its own price and each priced
 * option as a line of its own (`<productId>~<choiceId>`), which the platform accepts and, not
 * knowing it as a product of its discounts, charges in full (docs/platform-assumptions.md).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Checkout } from '#lib/server/sales/checkout.ts';
import type { Journal } from '#lib/server/journal/journal.ts';
import { checkoutRig } from './checkout-rig.ts';
import { caught } from './client-support.ts';
import { useSimulator } from './harness.ts';

const sim = useSimulator();

let checkout: Checkout;
let journal: Journal;
let deviceId: string;

beforeEach(async () => {
	({ checkout, journal, deviceId } = await checkoutRig({
		url: sim.url,
		apiKey: sim.device('dev_kiosk_main').apiKey
	}));
});

/** 2 × coffee (3.20 + large 0.80 + oat milk 0.40) = 8.80; bratwurst (5.00 + cheese 1.00), no onions = 6.00. */
const WITH_OPTIONS = [
	{ productId: 'drink_coffee', options: ['oat-milk', 'large'], quantity: 2 },
	{ productId: 'food_bratwurst', options: ['no-onions', 'cheese'], quantity: 1 }
];

const newKey = async (walletId: string): Promise<string> =>
	(await sim.control('POST', '/_sim/transaction-keys', { walletId })).body.transactionKey;
const balance = async (walletId: string): Promise<number> =>
	(await sim.control('GET', `/_sim/wallets/${walletId}`)).body.balance;

describe('a sale with product options', () => {
	it('by card: every unit priced with its options, the whole on the card', async () => {
		const sale = await checkout.start(deviceId, WITH_OPTIONS);
		expect(sale.quote.lines.map((l) => [l.productId, l.unitMinor, l.lineMinor])).toEqual([
			['drink_coffee', 440, 880],
			['food_bratwurst', 600, 600]
		]);
		const done = await checkout.pay(sale.id);
		expect(done).toMatchObject({ state: 'completed', cardPaidMinor: 1480, problem: null });
	});

	it('with credits: the simulator accepts the preview; product lines discounted, priced options in full', async () => {
		const sale = await checkout.start(deviceId, WITH_OPTIONS);
		const previewed = await checkout.scanLoyaltyKey(sale.id, await newKey('wallet_plenty'));
		const credits = previewed.credits!;
		expect(credits.lines.map((l) => [l.productId, l.name, l.grossMinor, l.discountMinor])).toEqual([
			// 20 % off coffee and 10 % off bratwurst (the simulator's seed), on their own price.
			['drink_coffee', 'Filter coffee', 640, 128],
			['drink_coffee~large', 'Filter coffee: Large 0.3 l', 160, 0],
			['drink_coffee~oat-milk', 'Filter coffee: Oat milk', 80, 0],
			['food_bratwurst', 'Bratwurst in a bun (No onions)', 500, 50],
			['food_bratwurst~cheese', 'Bratwurst in a bun: Cheese', 100, 0]
		]);
		expect(credits).toMatchObject({
			grossMinor: 1480,
			discountMinor: 178,
			creditsMinor: 1302,
			outstandingMinor: 0
		});
		for (const line of credits.lines)
			expect(line.grossMinor - line.discountMinor).toBe(line.creditsMinor + line.outstandingMinor);
		const done = await checkout.pay(sale.id);
		expect(done).toMatchObject({ state: 'completed', cardPaidMinor: 0, problem: null });
		expect(await balance('wallet_plenty')).toBe(500 - 13.02);
	});

	it('credits and card: the wallet pays what it has, the card the rest', async () => {
		const sale = await checkout.start(deviceId, WITH_OPTIONS);
		const previewed = await checkout.scanLoyaltyKey(sale.id, await newKey('wallet_few'));
		expect(previewed.credits).toMatchObject({ creditsMinor: 350, outstandingMinor: 1302 - 350 });
		const done = await checkout.pay(sale.id);
		expect(done).toMatchObject({ state: 'completed', cardPaidMinor: 952 });
		expect(await balance('wallet_few')).toBe(0);
	});

	it.each([
		[['oat-milk'], 'too-few-options'],
		[['regular', 'large'], 'too-many-options'],
		[['regular', 'whipped-cream'], 'unknown-option']
	])('refuses a coffee with %j before anything is sent or charged', async (options, kind) => {
		const error = await caught(
			checkout.start(deviceId, [{ productId: 'drink_coffee', options, quantity: 1 }])
		);
		expect(error.failure).toBe('basket-invalid');
		expect(error.detail).toMatchObject({ productId: 'drink_coffee', kind });
		expect(await journal.list()).toEqual([]);
	});
});
