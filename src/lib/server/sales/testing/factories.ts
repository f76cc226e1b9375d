/** Typed test factories for sales: a complete, valid value with the fields a test cares about overridden. */
import type { SaleRefund } from '#lib/shared/refunds.ts';
import type { CreditSummary } from '#lib/shared/sale-view.ts';
import type { SaleQuote } from '../quote.ts';
import type { Sale } from '../sale.ts';

/** An empty EUR quote: no lines, no deposits, no service fee. */
export function quoteFactory(overrides: Partial<SaleQuote> = {}): SaleQuote {
	return {
		currencyCode: 'EUR',
		lines: [],
		depositLines: [],
		goodsMinor: 0,
		depositMinor: 0,
		totalMinor: 0,
		serviceFeeMinor: 0,
		serviceFeeVatBp: 0,
		depositItems: [],
		...overrides
	};
}

/** A quoted sale of an empty basket at `device-1`. */
export function saleFactory(overrides: Partial<Sale> = {}): Sale {
	return {
		id: 'sale-1',
		deviceId: 'device-1',
		state: 'quoted',
		version: 0,
		quote: quoteFactory(),
		credits: null,
		creditAttempt: 1,
		keyFingerprint: null,
		payment: null,
		claim: null,
		cardPaidMinor: 0,
		deposit: null,
		orderNumber: null,
		paidAt: null,
		problem: null,
		refunds: [],
		createdAt: '2026-11-22T10:00:00.000Z',
		updatedAt: '2026-11-22T10:00:00.000Z',
		...overrides
	};
}

/** A credit transaction's summary of one line that adds up: gross − discount = credits + outstanding. */
export function creditsFactory(
	amounts: { grossMinor: number; discountMinor: number; creditsMinor: number },
	overrides: Partial<CreditSummary> = {}
): CreditSummary {
	const outstandingMinor = amounts.grossMinor - amounts.discountMinor - amounts.creditsMinor;
	return {
		transactionId: 'transaction-1',
		paymentType: outstandingMinor === 0 ? 'CREDIT' : 'SPLIT_PAYMENT',
		keyHint: 'ab12',
		lines: [{ productId: 'beer', name: 'Beer', vatBp: 1900, ...amounts, outstandingMinor }],
		...amounts,
		outstandingMinor,
		...overrides
	};
}

/** A card refund of €1.00 by Ana, refunded; its id is its request's with its kind. */
export function refundFactory(overrides: Partial<SaleRefund> = {}): SaleRefund {
	const at = overrides.at ?? '2026-11-22T12:00:00.000Z';
	const requestId = overrides.requestId ?? at;
	const kind = overrides.kind ?? 'card';
	return {
		id: `${requestId}.${kind}`,
		requestId,
		kind,
		amountMinor: 100,
		comment: null,
		actor: 'Ana',
		at,
		outcome: 'refunded',
		errorCode: null,
		journalId: 1,
		...overrides
	};
}
