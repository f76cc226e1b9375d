/**
 * A manager's refund steps on a sale's page (the route checks the role), with their audit
 * entries: the confirmation records what was asked before anything is sent, then how it ended
 * (its parts, or why it was refused); "check again" records the parts as they then stand. The
 * review step before the confirmation sends nothing and records nothing (refund-form.ts).
 */
import { error } from '@sveltejs/kit';
import type {
	RefundFailure,
	RefundFormValues,
	RefundOffer,
	SaleRefund
} from '#lib/shared/refunds.ts';
import type { StaffMember } from '../auth/roles.ts';
import type { ServerContext } from '../context.ts';
import { RefundError } from '../refunds/sale-refunds.ts';
import type { Sale } from '../sales/sale.ts';
import { readRefundForm } from './refund-form.ts';

/** The sale and what may be refunded of it now; a 404 for a sale that is not there. */
export async function saleAndOffer(
	context: ServerContext,
	id: string
): Promise<{ sale: Sale; offer: RefundOffer }> {
	const sale = await context.sales.get(id);
	if (!sale) error(404, 'no such sale');
	return { sale, offer: await context.refunds.offer(sale) };
}

/** A refund part as the audit log keeps it. */
const partOf = (part: SaleRefund | null) =>
	part && {
		kind: part.kind,
		outcome: part.outcome,
		amountMinor: part.amountMinor,
		errorCode: part.errorCode
	};

export type RefundConfirmation =
	| { ok: true; refunded: Pick<SaleRefund, 'kind' | 'outcome' | 'amountMinor'>[] }
	| { ok: false; failure: RefundFailure; values: RefundFormValues };

/** The confirmation: sends the refund the form asks (SaleRefunds: journaled, once per form). */
export async function confirmRefund(
	context: ServerContext,
	actor: StaffMember,
	saleId: string,
	form: FormData
): Promise<RefundConfirmation> {
	const { audit, refunds } = context;
	const { sale, offer } = await saleAndOffer(context, saleId);
	const reading = readRefundForm(form, offer.currencyCode);
	if (!reading.ok) return reading;
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
		const result = await refunds.refund(sale.id, reading.request, actor.name);
		const parts = [result.card, result.credits].filter((part) => part !== null);
		await audit.write(actor, 'refund.outcome', sale.id, {
			orderNumber: asked.orderNumber,
			requestId: asked.requestId,
			currencyCode: offer.currencyCode,
			parts: parts.map(partOf)
		});
		return {
			ok: true,
			refunded: parts.map(({ kind, outcome, amountMinor }) => ({ kind, outcome, amountMinor }))
		};
	} catch (problem) {
		if (!(problem instanceof RefundError)) throw problem;
		await audit.write(actor, 'refund.refused', sale.id, {
			orderNumber: asked.orderNumber,
			requestId: asked.requestId,
			failure: problem.failure
		});
		return { ok: false, failure: problem.failure, values: reading.values };
	}
}

/** "Check again": settles the parts whose answer was lost, as far as it can now. */
export async function checkRefundsAgain(
	context: ServerContext,
	actor: StaffMember,
	saleId: string
): Promise<void> {
	await saleAndOffer(context, saleId);
	const sale = await context.refunds.settleOpen(saleId);
	await context.audit.write(actor, 'refund.check-again', sale.id, {
		orderNumber: sale.orderNumber,
		parts: sale.refunds.map(partOf)
	});
}
