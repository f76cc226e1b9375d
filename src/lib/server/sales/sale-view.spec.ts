import { describe, expect, it } from 'vitest';
import demoMenu from '../catalog/demo-menu.json' with { type: 'json' };
import { importJson } from '../catalog/exchange.ts';
import type { DepositConfiguration } from '../platform/deposits.ts';
import { quoteSale } from './quote.ts';
import type { Sale } from './sale.ts';
import { saleFigures, saleView } from './sale-view.ts';
import { saleFactory } from './testing/factories.ts';

const menu = importJson(JSON.stringify(demoMenu));
if (!menu.ok) throw new Error('demo menu invalid');
const products = menu.products;

const CUP = {
	id: 'cat_cup',
	expirationHours: 48,
	depositGrossMinor: 200,
	currencyCode: 'EUR',
	revoTokenCategory: { id: 'cat_cup', name: 'Reusable cup 0.4 l', currencyCode: 'EUR' }
};
const configuration: DepositConfiguration = {
	revoTokenProducts: [],
	hybridRevoTokenProducts: [{ id: 'm1', productId: 'drink_pils', hybridCategory: CUP }]
};

function sale(overrides: Partial<Sale> = {}): Sale {
	const result = quoteSale({
		basket: [
			{ productId: 'drink_pils', quantity: 2 },
			{ productId: 'food_pretzel', quantity: 1 }
		],
		products,
		depositConfiguration: configuration,
		depositVatBp: 700,
		serviceFee: { minor: 50, vatBp: 1900 }
	});
	if (!result.ok) throw new Error(JSON.stringify(result.problem));
	return saleFactory({ quote: result.quote, keyFingerprint: 'fingerprint', ...overrides });
}

describe('saleView', () => {
	it('gives every line the VAT rate it was sold at, and the fee with its rate (card only)', () => {
		const view = saleView(sale());
		expect(view.lines.map((line) => [line.productId, line.vatBp])).toEqual([
			['drink_pils', 1900],
			['food_pretzel', 700]
		]);
		expect(view.depositLines.map((line) => [line.categoryId, line.vatBp])).toEqual([
			['cat_cup', 700]
		]);
		expect(view).toMatchObject({ serviceFeeMinor: 50, serviceFeeVatBp: 1900, totalMinor: 1850 });
	});

	it('names its containers as staff did, beside the platform’s name, on screen and receipt', () => {
		const names = { cat_cup: { de: 'Mehrwegbecher 0,4 l' } };
		const deposit = {
			code: 'A'.repeat(40),
			sequenceNumber: '0042',
			categories: [
				{
					categoryId: 'cat_cup',
					name: 'Reusable cup 0.4 l',
					count: 2,
					expiresAt: '2026-11-25T02:05:00Z'
				}
			]
		};
		const view = saleView(sale({ state: 'completed', deposit }), names);
		expect(view.depositLines[0]).toMatchObject({
			name: 'Reusable cup 0.4 l',
			names: names.cat_cup
		});
		expect(view.deposit?.categories[0]).toMatchObject({ names: names.cat_cup });
		// The code as it was issued; the screen draws its QR code (components/kiosk/deposit-qr.ts).
		expect(view.deposit).toEqual({
			...deposit,
			categories: [{ ...deposit.categories[0], names: names.cat_cup }]
		});
		const receiptLine = saleFigures(sale(), names).lines.find((line) => line.kind === 'deposit');
		expect(receiptLine).toMatchObject({ name: 'Reusable cup 0.4 l', names: names.cat_cup });
	});

	it('with credits the fee is a line of the credit summary, not on top; no key, no fingerprint', () => {
		const credits = {
			transactionId: 'ctx_000001',
			paymentType: 'SPLIT_PAYMENT' as const,
			keyHint: 'c6d7',
			lines: [],
			grossMinor: 0,
			discountMinor: 0,
			creditsMinor: 0,
			outstandingMinor: 0
		};
		const view = saleView(sale({ state: 'credits-previewed', credits }));
		expect(view).toMatchObject({ serviceFeeMinor: 0, totalMinor: 1800, credits });
		expect(JSON.stringify(view)).not.toContain('fingerprint');
	});
});
