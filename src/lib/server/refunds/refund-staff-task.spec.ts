import { describe, expect, it } from 'vitest';
import type { SaleRefund } from '#lib/shared/refunds.ts';
import { saleFactory } from '../sales/testing/factories.ts';
import { refundStaffTasks } from './refund-staff-task.ts';

const record = (overrides: Partial<SaleRefund>): SaleRefund => ({
	id: 'r1.credits',
	requestId: 'r1',
	kind: 'credits',
	amountMinor: 350,
	comment: null,
	actor: 'manager',
	at: '2026-11-23T11:00:00.000Z',
	outcome: 'needs-staff',
	errorCode: 'outcome-unknown',
	journalId: 7,
	...overrides
});

describe('refundStaffTasks', () => {
	it('names what to look up for each part only a person can settle, and nothing else', () => {
		const sale = saleFactory({
			state: 'completed',
			orderNumber: 'K-004',
			credits: {
				transactionId: 'ctx_000042',
				paymentType: 'SPLIT_PAYMENT',
				keyHint: 'c0de',
				lines: [],
				grossMinor: 1800,
				discountMinor: 0,
				creditsMinor: 350,
				outstandingMinor: 1450
			},
			payment: { reference: 'sale-1.3', amountMinor: 1450 },
			refunds: [
				record({}),
				record({
					id: 'r1.card',
					kind: 'card',
					amountMinor: 500,
					errorCode: 'card-outcome-unknown'
				}),
				record({ id: 'r0.card', kind: 'card', outcome: 'refunded', errorCode: null })
			]
		});
		expect(refundStaffTasks(sale, new Date('2026-11-23T10:00:00.000Z'))).toEqual([
			{
				kind: 'check-credit-refund',
				saleId: 'sale-1',
				refundId: 'r1.credits',
				orderNumber: 'K-004',
				currencyCode: 'EUR',
				amountMinor: 350,
				transactionId: 'ctx_000042',
				keyHint: 'c0de',
				terminalReference: null,
				errorCode: 'outcome-unknown',
				windowEndsBy: '2026-11-24T10:00:00.000Z'
			},
			{
				kind: 'check-card-refund',
				saleId: 'sale-1',
				refundId: 'r1.card',
				orderNumber: 'K-004',
				currencyCode: 'EUR',
				amountMinor: 500,
				transactionId: null,
				keyHint: null,
				terminalReference: 'sale-1.3',
				errorCode: 'card-outcome-unknown',
				windowEndsBy: null
			}
		]);
	});
});
