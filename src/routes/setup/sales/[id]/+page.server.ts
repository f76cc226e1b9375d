import { randomUUID } from 'node:crypto';
import { isManager, requireManager } from '#lib/server/auth/roles.ts';
import { serverContext } from '#lib/server/context.ts';
import { readForm } from '#lib/server/http/forms.ts';
import { readRefundForm, reviewRefund } from '#lib/server/setup/refund-form.ts';
import { checkRefundsAgain, confirmRefund, saleAndOffer } from '#lib/server/setup/refund-steps.ts';
import { saleDetails } from '#lib/server/setup/sale-details.ts';
import { error, fail } from '@sveltejs/kit';
import type { Actions, PageServerLoad } from './$types';

export const load: PageServerLoad = async ({ params, locals }) => {
	const context = serverContext();
	const details = await saleDetails(context, params.id, new Date());
	if (!details) error(404, 'no such sale');
	return {
		...details,
		/** Staff find a sale, read it and print a copy of its receipt; refunds are a manager's. */
		manager: isManager(locals.staff),
		timeZone: context.config.venueTimeZone,
		/** A new one per page view: the confirmation of this form refunds once, however often sent. */
		refundRequestId: randomUUID()
	};
};

/**
 * Every step of a refund is a manager's (requireManager); setup/refund-steps.ts sends it and
 * writes its audit entries under the manager's name.
 */
export const actions: Actions = {
	/** First step: what would be given back, shown for a second look; nothing is sent. */
	review: async ({ params, request, locals }) => {
		requireManager(locals);
		const { offer } = await saleAndOffer(serverContext(), params.id);
		const reading = readRefundForm(await readForm(request), offer.currencyCode);
		if (!reading.ok) return fail(400, { refundFailure: reading.failure, values: reading.values });
		const review = reviewRefund(reading.request, offer);
		if (!review.ok) return fail(400, { refundFailure: review.failure, values: reading.values });
		return { review, values: reading.values };
	},
	/** Second step: the confirmation sends the refund. */
	refund: async ({ params, request, locals }) => {
		const actor = requireManager(locals);
		const confirmed = await confirmRefund(
			serverContext(),
			actor,
			params.id,
			await readForm(request)
		);
		if (!confirmed.ok)
			return fail(400, { refundFailure: confirmed.failure, values: confirmed.values });
		return { refunded: confirmed.refunded };
	},
	/** "Check again": settles the parts whose answer was lost, as far as it can now. */
	settle: async ({ params, locals }) => {
		await checkRefundsAgain(serverContext(), requireManager(locals), params.id);
		return { settled: true };
	}
};
