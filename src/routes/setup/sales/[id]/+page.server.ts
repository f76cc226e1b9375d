import { randomUUID } from 'node:crypto';
import { serverContext } from '#lib/server/context.ts';
import { readForm } from '#lib/server/http/forms.ts';
import { RefundError } from '#lib/server/refunds/sale-refunds.ts';
import { readRefundForm, reviewRefund } from '#lib/server/setup/refund-form.ts';
import { saleDetails } from '#lib/server/setup/sale-details.ts';
import { error, fail } from '@sveltejs/kit';
import type { Actions, PageServerLoad } from './$types';

/** Who confirms a refund, until staff log in by name (issue 14: roles). */
const STAFF_ACTOR = 'staff';

export const load: PageServerLoad = async ({ params }) => {
	const context = serverContext();
	const details = await saleDetails(context, params.id, new Date());
	if (!details) error(404, 'no such sale');
	return {
		...details,
		timeZone: context.config.venueTimeZone,
		/** A new one per page view: the confirmation of this form refunds once, however often sent. */
		refundRequestId: randomUUID()
	};
};

/** The sale and what may be refunded of it now; a 404 for a sale that is not there. */
async function saleAndOffer(id: string) {
	const { sales, refunds } = serverContext();
	const sale = await sales.get(id);
	if (!sale) error(404, 'no such sale');
	return { sale, offer: await refunds.offer(sale) };
}

export const actions: Actions = {
	/** First step: what would be given back, shown for a second look; nothing is sent. */
	review: async ({ params, request }) => {
		const { offer } = await saleAndOffer(params.id);
		const reading = readRefundForm(await readForm(request), offer.currencyCode);
		if (!reading.ok) return fail(400, { refundFailure: reading.failure, values: reading.values });
		const review = reviewRefund(reading.request, offer);
		if (!review.ok) return fail(400, { refundFailure: review.failure, values: reading.values });
		return { review, values: reading.values };
	},
	/** Second step: the confirmation sends the refund (SaleRefunds: journaled, once per form). */
	refund: async ({ params, request }) => {
		const { offer } = await saleAndOffer(params.id);
		const reading = readRefundForm(await readForm(request), offer.currencyCode);
		if (!reading.ok) return fail(400, { refundFailure: reading.failure, values: reading.values });
		try {
			const result = await serverContext().refunds.refund(params.id, reading.request, STAFF_ACTOR);
			return {
				refunded: [result.card, result.credits].flatMap((part) =>
					part ? [{ kind: part.kind, outcome: part.outcome, amountMinor: part.amountMinor }] : []
				)
			};
		} catch (problem) {
			if (problem instanceof RefundError)
				return fail(400, { refundFailure: problem.failure, values: reading.values });
			throw problem;
		}
	},
	/** "Check again": settles the parts whose answer was lost, as far as it can now. */
	settle: async ({ params }) => {
		await saleAndOffer(params.id);
		await serverContext().refunds.settleOpen(params.id);
		return { settled: true };
	}
};
