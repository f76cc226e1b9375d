import { randomUUID } from 'node:crypto';
import { isManager, requireManager } from '#lib/server/auth/roles.ts';
import { serverContext } from '#lib/server/context.ts';
import { readForm } from '#lib/server/http/forms.ts';
import { RefundError } from '#lib/server/refunds/sale-refunds.ts';
import type { SaleRefund } from '#lib/server/sales/sale.ts';
import { readRefundForm, reviewRefund } from '#lib/server/setup/refund-form.ts';
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

/** The sale and what may be refunded of it now; a 404 for a sale that is not there. */
async function saleAndOffer(id: string) {
	const { sales, refunds } = serverContext();
	const sale = await sales.get(id);
	if (!sale) error(404, 'no such sale');
	return { sale, offer: await refunds.offer(sale) };
}

/** A refund part as the audit log keeps it. */
const partOf = (part: SaleRefund | null) =>
	part && {
		kind: part.kind,
		outcome: part.outcome,
		amountMinor: part.amountMinor,
		errorCode: part.errorCode
	};

/** Every step of a refund is a manager's (requireManager), in the audit log under their name. */
export const actions: Actions = {
	/** First step: what would be given back, shown for a second look; nothing is sent. */
	review: async ({ params, request, locals }) => {
		requireManager(locals);
		const { offer } = await saleAndOffer(params.id);
		const reading = readRefundForm(await readForm(request), offer.currencyCode);
		if (!reading.ok) return fail(400, { refundFailure: reading.failure, values: reading.values });
		const review = reviewRefund(reading.request, offer);
		if (!review.ok) return fail(400, { refundFailure: review.failure, values: reading.values });
		return { review, values: reading.values };
	},
	/**
	 * Second step: the confirmation sends the refund (SaleRefunds: journaled, once per form). The
	 * audit log gets what was asked before anything is sent, then how it ended.
	 */
	refund: async ({ params, request, locals }) => {
		const actor = requireManager(locals);
		const { audit, refunds } = serverContext();
		const { sale, offer } = await saleAndOffer(params.id);
		const reading = readRefundForm(await readForm(request), offer.currencyCode);
		if (!reading.ok) return fail(400, { refundFailure: reading.failure, values: reading.values });
		const asked = {
			orderNumber: sale.orderNumber,
			requestId: reading.request.requestId,
			credits: reading.request.credits,
			cardMinor: reading.request.cardMinor,
			currencyCode: offer.currencyCode,
			comment: reading.request.comment ?? null
		};
		await audit.write(actor, 'refund.requested', sale.id, asked);
		try {
			const result = await refunds.refund(params.id, reading.request, actor.name);
			await audit.write(actor, 'refund.outcome', sale.id, {
				orderNumber: asked.orderNumber,
				requestId: asked.requestId,
				currencyCode: offer.currencyCode,
				parts: [partOf(result.card), partOf(result.credits)].filter((part) => part !== null)
			});
			return {
				refunded: [result.card, result.credits].flatMap((part) =>
					part ? [{ kind: part.kind, outcome: part.outcome, amountMinor: part.amountMinor }] : []
				)
			};
		} catch (problem) {
			if (problem instanceof RefundError) {
				await audit.write(actor, 'refund.refused', sale.id, {
					orderNumber: asked.orderNumber,
					requestId: asked.requestId,
					failure: problem.failure
				});
				return fail(400, { refundFailure: problem.failure, values: reading.values });
			}
			throw problem;
		}
	},
	/** "Check again": settles the parts whose answer was lost, as far as it can now. */
	settle: async ({ params, locals }) => {
		const actor = requireManager(locals);
		await saleAndOffer(params.id);
		const sale = await serverContext().refunds.settleOpen(params.id);
		await serverContext().audit.write(actor, 'refund.check-again', sale.id, {
			orderNumber: sale.orderNumber,
			parts: sale.refunds.map(partOf)
		});
		return { settled: true };
	}
};
