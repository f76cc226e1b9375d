import { describe, expect, it } from 'vitest';
import { activeItemCountOf } from '../deposits.ts';
import { category, counterOrder, creditTransaction, externalDevice } from '../testing/fixtures.ts';
import { counterOrderSchema } from './counter-orders.ts';
import { creditTransactionSchema, notShownBodySchema } from './credits.ts';
import {
	depositConfigurationSchema,
	depositPreviewSchema,
	depositTransactionSchema,
	depositValidateSchema
} from './deposits.ts';
import { externalDeviceSchema } from './identity.ts';

function problems(result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) {
	expect(result.success).toBe(false);
	return result.error!.issues.map((issue) => issue.path.join('.'));
}

describe('amounts become exact integer minor units', () => {
	it('converts every amount of a credit transaction (4.5 → 450, 0.55 → 55)', () => {
		const parsed = creditTransactionSchema.parse(creditTransaction());
		expect(parsed).toEqual({
			transactionId: 'ctx_000001',
			totalCreditsMinor: 845,
			totalDiscountMinor: 55,
			outstandingBalanceMinor: 0,
			currencyCode: 'EUR',
			items: [
				{
					productId: 'drink_pils',
					name: 'Pilsner 0.4 l',
					unitPriceMinor: 550,
					quantity: 1,
					creditsMinor: 495,
					discountMinor: 55,
					outstandingBalanceMinor: 0,
					vat: 19
				},
				{
					productId: null,
					name: 'Cup deposit',
					unitPriceMinor: 350,
					quantity: 1,
					creditsMinor: 350,
					discountMinor: 0,
					outstandingBalanceMinor: 0,
					vat: 0
				}
			]
		});
	});

	it('sums of converted amounts are exact where float sums are not (0.1 + 0.2)', () => {
		const parsed = creditTransactionSchema.parse(
			creditTransaction({
				totalCredits: 0.3,
				items: [0.1, 0.2].map((credits) => ({
					productId: null,
					name: 'x',
					unitPrice: credits,
					quantity: 1,
					credits,
					discount: 0,
					outstandingBalance: 0,
					vat: 0
				}))
			})
		);
		expect(0.1 + 0.2).not.toBe(0.3);
		const sum = parsed.items.reduce((total, item) => total + item.creditsMinor, 0);
		expect(sum).toBe(30);
		expect(sum).toBe(parsed.totalCreditsMinor);
	});

	it('a float artefact with more decimals than the currency is malformed, never rounded', () => {
		const result = creditTransactionSchema.safeParse(
			creditTransaction({ totalCredits: 0.1 + 0.2 })
		);
		expect(problems(result)).toEqual(['totalCredits']);
		expect(
			problems(creditTransactionSchema.safeParse(creditTransaction({ totalDiscount: 4.555 })))
		).toEqual(['totalDiscount']);
	});

	it('4.5 → 450 and 0.07 → 7, exactly', () => {
		const parsed = creditTransactionSchema.parse(
			creditTransaction({ totalCredits: 4.5, totalDiscount: 0.07, outstandingBalance: 1234.56 })
		);
		expect([
			parsed.totalCreditsMinor,
			parsed.totalDiscountMinor,
			parsed.outstandingBalanceMinor
		]).toEqual([450, 7, 123456]);
	});

	it('uses the currency of the object that carries the amount (JPY 0, KWD 3 decimals)', () => {
		expect(
			creditTransactionSchema.parse(
				creditTransaction({ currencyCode: 'JPY', totalCredits: 450, totalDiscount: 0, items: [] })
			).totalCreditsMinor
		).toBe(450);
		expect(
			creditTransactionSchema.parse(
				creditTransaction({ currencyCode: 'KWD', totalCredits: 1.234, totalDiscount: 0, items: [] })
			).totalCreditsMinor
		).toBe(1234);
		expect(
			problems(
				creditTransactionSchema.safeParse(creditTransaction({ currencyCode: 'JPY', items: [] }))
			)
		).toContain('totalCredits');
		const configuration = depositConfigurationSchema.parse({
			revoTokenProducts: [],
			hybridRevoTokenProducts: [
				{ id: 'm1', productId: 'p1', hybridCategory: category({ depositGross: 2.5 }) },
				{
					id: 'm2',
					productId: 'p2',
					hybridCategory: category({ id: 'cat_jp', depositGross: 300, currencyCode: 'JPY' })
				}
			]
		});
		expect(
			configuration.hybridRevoTokenProducts.map((p) => p.hybridCategory.depositGrossMinor)
		).toEqual([250, 300]);
	});

	it('converts counter-order amounts with the order currency; VAT stays the rate number', () => {
		const order = counterOrderSchema.parse(counterOrder());
		expect(order.tip).toEqual({ tipMinor: 150, externalPaymentMinor: 150 });
		expect(order.items).toEqual([
			{
				productId: 'drink_pils',
				unitPriceMinor: 550,
				discountMinor: 0,
				externalPaymentMinor: 550,
				vat: 19,
				isTakeaway: false,
				modifiers: [
					{
						productId: 'extra_lemon',
						unitPriceMinor: 30,
						discountMinor: 0,
						externalPaymentMinor: 30,
						vat: 7.7
					}
				]
			}
		]);
		const delivery = counterOrderSchema.parse(
			counterOrder({
				deliveryOption: {
					id: 'dlv_1',
					deliveryOptionFee: 3.9,
					externalPayment: 3.9,
					vat: 19,
					type: 'HOME_DELIVERY'
				}
			})
		).deliveryOption;
		expect(delivery).toEqual({
			id: 'dlv_1',
			deliveryOptionFeeMinor: 390,
			externalPaymentMinor: 390,
			vat: 19,
			type: 'HOME_DELIVERY'
		});
		expect(
			problems(
				counterOrderSchema.safeParse(counterOrder({ tip: { tip: 1.005, externalPayment: 0 } }))
			)
		).toEqual(['tip.tip']);
	});

	it('derives deposit and refund totals from the category deposit', () => {
		const created = depositTransactionSchema.parse({
			id: 'hrtx_000001',
			createdAt: '2026-11-22T10:00:00.000Z',
			code: 'K'.repeat(40),
			sequenceNumber: '000001',
			categorySummaries: [
				{
					hybridRevoTokenCategory: category(),
					activeItemCount: 3,
					expiresAt: '2026-11-24T10:00:00.000Z'
				}
			]
		});
		expect(created.categorySummaries[0]).toMatchObject({ activeItemCount: 3, depositMinor: 600 });
		expect(created.categorySummaries[0]?.hybridRevoTokenCategory.depositGrossMinor).toBe(200);
		const validated = depositValidateSchema.parse([
			{ category: category({ depositGross: 0.1 }), validatedCount: 3, remainingItemCount: 1 }
		]);
		expect(validated[0]).toMatchObject({ validatedCount: 3, refundMinor: 30 });
	});
});

describe('tolerated variants', () => {
	it('extra fields everywhere are ignored', () => {
		const order = counterOrderSchema.parse(
			counterOrder({ newField: 1, desk: { ...counterOrder().desk, floor: 2 } })
		);
		expect(order).not.toHaveProperty('newField');
		expect(order.desk).toEqual(counterOrder().desk);
	});

	it('a preview may leave out categories with no active items (missing = 0)', () => {
		const preview = depositPreviewSchema.parse([{ category: category(), activeItemCount: 2 }]);
		expect(activeItemCountOf(preview, 'cat_cup')).toBe(2);
		expect(activeItemCountOf(preview, 'cat_plate')).toBe(0);
		expect(depositPreviewSchema.parse([])).toEqual([]);
	});

	it.each([
		['a single value', 'PLACE_RECEIPT', ['PLACE_RECEIPT']],
		['an array', ['PLACE_RECEIPT', 'PLACE_INVOICE'], ['PLACE_RECEIPT', 'PLACE_INVOICE']],
		['a comma-separated string', 'PLACE_RECEIPT, ACME_INVOICE', ['PLACE_RECEIPT', 'ACME_INVOICE']],
		["the platform's own invoice name", 'VENUEPAY_INVOICE', ['VENUEPAY_INVOICE']]
	])('invoicingType as %s → invoicingTypes', (_, invoicingType, expected) => {
		const order = counterOrderSchema.parse(counterOrder({ invoicingType }));
		expect(order.invoicingTypes).toEqual(expected);
		expect(order).not.toHaveProperty('invoicingType');
	});

	it('in-app payment processors carry the provider name: any string is accepted', () => {
		expect(
			counterOrderSchema.parse(counterOrder({ paymentProcessor: 'STRIPE' })).paymentProcessor
		).toBe('STRIPE');
	});

	it('optional fields may be null or absent; buyer companyName may be missing', () => {
		const order = counterOrderSchema.parse(
			counterOrder({
				userComment: null,
				approvedAt: '2026-11-22T10:05:00+01:00',
				buyerData: {
					id: 'b1',
					name: 'A',
					countryCode: 'DE',
					zipCode: '10557',
					city: 'Berlin',
					address: 'Uferweg 1',
					isCompany: false
				}
			})
		);
		expect(order).not.toHaveProperty('userComment');
		expect(order.approvedAt).toBe('2026-11-22T10:05:00+01:00');
		expect(order.buyerData).toMatchObject({ companyName: null, taxNumber: null });
	});

	it('metadata as an object or as a list of key-value pairs', () => {
		expect(
			counterOrderSchema.parse(counterOrder({ metadata: { table: '4', vip: true } })).metadata
		).toEqual({
			table: '4',
			vip: 'true'
		});
		expect(
			counterOrderSchema.parse(counterOrder({ metadata: [{ key: 'table', value: 4 }] })).metadata
		).toEqual({ table: '4' });
	});

	it('finalize/cancel/refund bodies ("not shown"): a Transaction, anything else, or nothing', () => {
		expect(notShownBodySchema.parse(creditTransaction())?.totalCreditsMinor).toBe(845);
		expect(notShownBodySchema.parse(undefined)).toBeNull();
		expect(notShownBodySchema.parse({})).toBeNull();
		expect(notShownBodySchema.parse({ status: 'FINALIZED' })).toBeNull();
		expect(notShownBodySchema.parse('OK')).toBeNull();
	});

	it('identity: optional place description and avatar media may be absent or present', () => {
		const device = externalDeviceSchema.parse(
			externalDevice({
				place: {
					...externalDevice().place,
					description: null,
					avatarMedia: {
						id: 'm1',
						processingStatus: 'COMPLETE',
						mediaType: 'IMAGE',
						uris: [{ src: 'https://cdn/x.png', URIType: 'LARGE', blurHash: 'LEHV6n' }]
					}
				}
			})
		);
		expect(device.place.avatarMedia?.uris[0]).toEqual({
			src: 'https://cdn/x.png',
			URIType: 'LARGE',
			blurHash: 'LEHV6n'
		});
		expect(device.place.description).toBeUndefined();
	});
});

describe('contract breaks are rejected', () => {
	it.each([
		['a missing required field', counterOrder({ orderNumber: undefined }), 'orderNumber'],
		['a wrong type', counterOrder({ items: 'none' }), 'items'],
		['an unknown order status', counterOrder({ status: 'SHIPPED' }), 'status'],
		[
			'an unknown transaction status',
			counterOrder({ transactionStatus: 'PENDING' }),
			'transactionStatus'
		],
		['an unknown order source', counterOrder({ orderSource: 'PHONE' }), 'orderSource'],
		[
			'an unknown desk type',
			counterOrder({ desk: { ...counterOrder().desk, type: 'BAR' } }),
			'desk.type'
		],
		['a lower-case currency', counterOrder({ currencyCode: 'eur' }), 'currencyCode'],
		['a date that is not a date', counterOrder({ createdAt: 'yesterday' }), 'createdAt'],
		['an empty invoicing type list', counterOrder({ invoicingType: [] }), 'invoicingType'],
		['an amount as a string', counterOrder({ tip: { tip: '1.50', externalPayment: 0 } }), 'tip.tip']
	])('counter order: %s', (_, body, path) => {
		expect(problems(counterOrderSchema.safeParse(body))).toContain(path);
	});

	it('identity: an authority outside the spec list is rejected', () => {
		expect(
			problems(externalDeviceSchema.safeParse(externalDevice({ authorities: ['REVO', 'ADMIN'] })))
		).toEqual(['authorities.1']);
		expect(
			problems(
				externalDeviceSchema.safeParse(
					externalDevice({ place: { ...externalDevice().place, placeStatus: 'OPEN' } })
				)
			)
		).toEqual(['place.placeStatus']);
	});

	it('deposits: a missing depositGross, a negative count, a token action outside BORROW/RETURN', () => {
		expect(
			problems(
				depositPreviewSchema.safeParse([
					{ category: category({ depositGross: undefined }), activeItemCount: 1 }
				])
			)
		).toEqual(['0.category.depositGross']);
		expect(
			problems(depositPreviewSchema.safeParse([{ category: category(), activeItemCount: -1 }]))
		).toEqual(['0.activeItemCount']);
		expect(
			problems(
				depositConfigurationSchema.safeParse({
					revoTokenProducts: [
						{
							id: 't',
							action: 'SWAP',
							productId: 'p',
							category: { id: 'c', name: 'n', currencyCode: 'EUR' }
						}
					],
					hybridRevoTokenProducts: []
				})
			)
		).toEqual(['revoTokenProducts.0.action']);
	});

	it('credits: a transaction without transactionId or items', () => {
		expect(
			problems(creditTransactionSchema.safeParse(creditTransaction({ transactionId: undefined })))
		).toEqual(['transactionId']);
		expect(problems(creditTransactionSchema.safeParse(creditTransaction({ items: null })))).toEqual(
			['items']
		);
	});
});
