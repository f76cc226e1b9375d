import { describe, expect, it } from 'vitest';
import type { SaleRefund } from '#lib/shared/refunds.ts';
import type { Sale } from '../sales/sale.ts';
import { refundFactory, saleFactory } from '../sales/testing/factories.ts';
import { REFUND_WINDOW_MS } from './lost-refund.ts';
import { cardAmountProblem, refundOffer } from './refund-offer.ts';

/** The offer for a sale paid on a terminal that refunds part of a payment (the simulated one). */
const partsOffer = (sale: Sale, finalizedAt: Date | null, now: Date) =>
	refundOffer(sale, finalizedAt, now, true);

const finalizedAt = new Date('2026-11-23T10:00:00.000Z');
const after = (ms: number) => new Date(finalizedAt.getTime() + ms);
const HOUR = 3_600_000;

const credits = (creditsMinor: number): Sale['credits'] => ({
	transactionId: 'ctx-1',
	paymentType: 'SPLIT_PAYMENT',
	keyHint: 'beef',
	lines: [],
	grossMinor: 1700,
	discountMinor: 0,
	creditsMinor,
	outstandingMinor: 1700 - creditsMinor
});

/** A completed split sale: 500 in credits, 1200 on the card. */
const paidSale = (overrides: Partial<Sale> = {}) =>
	saleFactory({
		state: 'completed',
		orderNumber: 'K-001',
		credits: credits(500),
		payment: { reference: 'sale-1.2', amountMinor: 1200 },
		cardPaidMinor: 1200,
		...overrides
	});

const record = (overrides: Partial<SaleRefund>): SaleRefund =>
	refundFactory({ requestId: 'r1', actor: 'manager', at: finalizedAt.toISOString(), ...overrides });

describe('refundOffer', () => {
	it('a paid sale inside the window: all its credits, with the time left, and the whole card part', () => {
		expect(partsOffer(paidSale(), finalizedAt, after(HOUR))).toEqual({
			saleId: 'sale-1',
			currencyCode: 'EUR',
			credits: {
				amountMinor: 500,
				refundable: true,
				timeLeftMs: REFUND_WINDOW_MS - HOUR,
				reason: null
			},
			card: {
				paidMinor: 1200,
				refundedMinor: 0,
				remainingMinor: 1200,
				wholeOnly: false,
				refundable: true,
				reason: null
			}
		});
	});

	it('spec 3: not after 24 hours from the finalize; the card part stays refundable', () => {
		const offer = partsOffer(paidSale(), finalizedAt, after(REFUND_WINDOW_MS));
		expect(offer.credits).toMatchObject({
			refundable: false,
			reason: 'window-passed',
			timeLeftMs: 0
		});
		expect(offer.card.refundable).toBe(true);
		expect(partsOffer(paidSale(), finalizedAt, after(REFUND_WINDOW_MS - 1)).credits).toMatchObject({
			refundable: true,
			timeLeftMs: 1
		});
	});

	it('a sale not paid (credits previewed, never finalized) offers nothing; one still being completed says so', () => {
		const open = partsOffer(
			paidSale({ state: 'credits-previewed', orderNumber: null }),
			null,
			after(1)
		);
		expect(open.credits.reason).toBe('not-paid');
		expect(open.card).toMatchObject({ reason: 'not-paid', remainingMinor: 0, paidMinor: 0 });
		const issuing = partsOffer(paidSale({ state: 'paid' }), finalizedAt, after(1));
		expect(issuing.credits.reason).toBe('in-payment');
		expect(issuing.card.reason).toBe('in-payment');
	});

	it('no credits taken: card only, or an EXTERNAL_PAYMENT transaction', () => {
		expect(partsOffer(paidSale({ credits: null }), null, after(1)).credits.reason).toBe(
			'no-credits'
		);
		expect(
			partsOffer(paidSale({ credits: credits(0) }), finalizedAt, after(1)).credits.reason
		).toBe('no-credits');
	});

	it('credits refunded once are not offered again; an open refund blocks both parts until settled', () => {
		const refunded = paidSale({
			refunds: [record({ id: 'r1.credits', kind: 'credits', amountMinor: 500 })]
		});
		expect(partsOffer(refunded, finalizedAt, after(1)).credits.reason).toBe('already-refunded');
		const open = paidSale({
			refunds: [
				record({ id: 'r1.credits', kind: 'credits', amountMinor: 500, outcome: 'uncertain' })
			]
		});
		const offer = partsOffer(open, finalizedAt, after(1));
		expect(offer.credits.reason).toBe('refund-open');
		expect(offer.card.reason).toBe('refund-open');
		const forStaff = paidSale({
			refunds: [
				record({ id: 'r1.credits', kind: 'credits', amountMinor: 500, outcome: 'needs-staff' })
			]
		});
		expect(partsOffer(forStaff, finalizedAt, after(1)).credits.reason).toBe('refund-needs-staff');
	});

	it('the card: what is left after refunds that went through or may have; failed ones give nothing back', () => {
		const sale = paidSale({
			refunds: [
				record({ id: 'a.card', amountMinor: 300 }),
				record({ id: 'b.card', amountMinor: 200, outcome: 'failed' }),
				record({ id: 'c.card', amountMinor: 100, outcome: 'needs-staff' })
			]
		});
		expect(partsOffer(sale, finalizedAt, after(1)).card).toEqual({
			paidMinor: 1200,
			refundedMinor: 400,
			remainingMinor: 800,
			wholeOnly: false,
			refundable: true,
			reason: null
		});
		const all = paidSale({ refunds: [record({ amountMinor: 1200 })] });
		expect(partsOffer(all, finalizedAt, after(1)).card.reason).toBe('fully-refunded');
		const creditsOnly = paidSale({
			cardPaidMinor: 0,
			payment: { reference: 'sale-1.2', amountMinor: 0 }
		});
		expect(partsOffer(creditsOnly, finalizedAt, after(1)).card.reason).toBe('no-card-payment');
	});

	it('a payment on a terminal that gives back only all of it (ZVT) is offered whole', () => {
		const offer = refundOffer(paidSale(), finalizedAt, after(1), false);
		expect(offer.card).toMatchObject({ wholeOnly: true, remainingMinor: 1200 });
		expect(cardAmountProblem(offer.card, 500)).toBe('card-whole-only');
		expect(cardAmountProblem(offer.card, 1200)).toBeNull();
		expect(cardAmountProblem(offer.card, 1201)).toBe('card-amount-too-high');
		expect(cardAmountProblem(partsOffer(paidSale(), finalizedAt, after(1)).card, 500)).toBeNull();
	});
});
