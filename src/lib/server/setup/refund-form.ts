/**
 * The refund form of a sale's page, in two steps, guarded by a second confirmation:
 * staff choose what to give back, the page shows exactly that for a second look, and only the
 * confirmation sends anything. Both steps read the same fields: the form's request id (so a double
 * submit refunds once: SaleRefunds), the credits box, the card amount as typed in the menu's
 * currency, the comment. Every problem is a reason code the page translates; nothing is sent.
 */
import { typedAmountToMinor } from '@venue-kiosk/vocabulary/money.ts';
import type {
	RefundFailure,
	RefundFormValues,
	RefundOffer,
	RefundReview
} from '#lib/shared/refunds.ts';
import { textField } from '../http/forms.ts';
import { parseRefundRequest, type RefundRequest } from '../refunds/refund-request.ts';
import { cardAmountProblem } from '../refunds/refund-offer.ts';
import { RefundError } from '../refunds/sale-refunds.ts';

export type RefundFormReading =
	| { ok: true; request: RefundRequest; values: RefundFormValues }
	| { ok: false; failure: RefundFailure; values: RefundFormValues };

export function readRefundForm(form: FormData, currencyCode: string): RefundFormReading {
	const values: RefundFormValues = {
		requestId: textField(form, 'requestId'),
		credits: textField(form, 'credits') === 'on',
		card: textField(form, 'card').trim().slice(0, 30),
		comment: textField(form, 'comment')
	};
	const cardMinor = values.card === '' ? 0 : typedAmountToMinor(values.card, currencyCode);
	if (cardMinor === undefined) return { ok: false, failure: 'card-amount-invalid', values };
	try {
		const request = parseRefundRequest({
			requestId: values.requestId,
			credits: values.credits,
			cardMinor,
			comment: values.comment
		});
		return { ok: true, request, values };
	} catch (error) {
		if (error instanceof RefundError) return { ok: false, failure: error.failure, values };
		throw error;
	}
}

/** What the second look shows: each part and the sum, or why the offer does not allow it. */
export function reviewRefund(request: RefundRequest, offer: RefundOffer): RefundReview {
	if (request.credits && !offer.credits.refundable)
		return { ok: false, failure: offer.credits.reason ?? 'bad-request' };
	const cardProblem = request.cardMinor > 0 && cardAmountProblem(offer.card, request.cardMinor);
	if (cardProblem) return { ok: false, failure: cardProblem };
	const creditsMinor = request.credits ? offer.credits.amountMinor : 0;
	return {
		ok: true,
		creditsMinor,
		cardMinor: request.cardMinor,
		totalMinor: creditsMinor + request.cardMinor
	};
}
