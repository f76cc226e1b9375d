import { describe, expect, it } from 'vitest';
import type { RefundOffer } from '#lib/shared/refunds.ts';
import { readRefundForm, reviewRefund } from './refund-form.ts';

const form = (fields: Record<string, string>) => {
	const data = new FormData();
	for (const [name, value] of Object.entries({ requestId: 'form-0001', ...fields }))
		data.set(name, value);
	return data;
};

const offer: RefundOffer = {
	saleId: 'sale-1',
	currencyCode: 'EUR',
	credits: { amountMinor: 400, refundable: true, timeLeftMs: 3_600_000, reason: null },
	card: {
		paidMinor: 1400,
		refundedMinor: 0,
		remainingMinor: 1400,
		wholeOnly: false,
		refundable: true,
		reason: null
	}
};

describe('the refund form', () => {
	it('reads the credits box, the card amount as typed and the comment', () => {
		const reading = readRefundForm(
			form({ credits: 'on', card: '5,50', comment: ' wrong beer ' }),
			'EUR'
		);
		expect(reading).toMatchObject({
			ok: true,
			request: { requestId: 'form-0001', credits: true, cardMinor: 550, comment: 'wrong beer' }
		});
		if (reading.ok)
			expect(reviewRefund(reading.request, offer)).toEqual({
				ok: true,
				creditsMinor: 400,
				cardMinor: 550,
				totalMinor: 950
			});
	});

	it('names what is wrong, and keeps what was typed', () => {
		expect(readRefundForm(form({ card: 'ten' }), 'EUR')).toMatchObject({
			ok: false,
			failure: 'card-amount-invalid',
			values: { card: 'ten' }
		});
		expect(readRefundForm(form({}), 'EUR')).toMatchObject({ failure: 'nothing-chosen' });
		expect(readRefundForm(form({ credits: 'on', comment: 'x'.repeat(2001) }), 'EUR')).toMatchObject(
			{ failure: 'comment-too-long' }
		);
		expect(readRefundForm(form({ credits: 'on', requestId: '' }), 'EUR')).toMatchObject({
			failure: 'bad-request'
		});
	});

	it('the second look holds the request to the offer', () => {
		const read = (fields: Record<string, string>) => {
			const reading = readRefundForm(form(fields), 'EUR');
			if (!reading.ok) throw new Error(reading.failure);
			return reading.request;
		};
		expect(reviewRefund(read({ card: '14.01' }), offer)).toEqual({
			ok: false,
			failure: 'card-amount-too-high'
		});
		const closed = {
			...offer,
			credits: {
				...offer.credits,
				refundable: false,
				timeLeftMs: 0,
				reason: 'window-passed' as const
			}
		};
		expect(reviewRefund(read({ credits: 'on' }), closed)).toEqual({
			ok: false,
			failure: 'window-passed'
		});
		expect(reviewRefund(read({ card: '14' }), closed)).toMatchObject({
			ok: true,
			totalMinor: 1400
		});
	});

	it('a terminal that gives back only the whole payment: all that is left, or no card part', () => {
		const read = (fields: Record<string, string>) => {
			const reading = readRefundForm(form(fields), 'EUR');
			if (!reading.ok) throw new Error(reading.failure);
			return reading.request;
		};
		const whole = { ...offer, card: { ...offer.card, wholeOnly: true } };
		expect(reviewRefund(read({ card: '5' }), whole)).toEqual({
			ok: false,
			failure: 'card-whole-only'
		});
		expect(reviewRefund(read({ card: '14' }), whole)).toMatchObject({ ok: true, cardMinor: 1400 });
		expect(reviewRefund(read({ credits: 'on' }), whole)).toMatchObject({ ok: true, cardMinor: 0 });
	});
});
