/** The refund records on a sale (Sale.refunds): finding them and changing one's outcome. */
import type { SaleRefund, SaleRefundOutcome } from '#lib/shared/refunds.ts';
import type { Sale } from '../sales/sale.ts';

export const refundIdOf = (requestId: string, kind: SaleRefund['kind']) => `${requestId}.${kind}`;

/** Sent (or about to be) and not settled: a part of a refund still under way. */
export const isOpenRefund = (record: SaleRefund) =>
	record.outcome === 'pending' || record.outcome === 'uncertain';

export const recordOf = (sale: Sale, refundId: string) =>
	sale.refunds.find((record) => record.id === refundId);

export const recordsOf = (sale: Sale, requestId: string) =>
	sale.refunds.filter((record) => record.requestId === requestId);

/**
 * What the card gave back, or may have: refunded, still open, or for staff to establish. Counted
 * against what is left to refund, so an uncertain refund can never be followed by a second one
 * that together give back more than was paid.
 */
export function cardGivenBackMinor(sale: Sale): number {
	return sale.refunds
		.filter((record) => record.kind === 'card' && record.outcome !== 'failed')
		.reduce((sum, record) => sum + record.amountMinor, 0);
}

/** The sale with one record's outcome changed (not saved). */
export function withOutcome(
	sale: Sale,
	refundId: string,
	outcome: SaleRefundOutcome,
	errorCode: string | null
): Sale {
	return {
		...sale,
		refunds: sale.refunds.map((record) =>
			record.id === refundId ? { ...record, outcome, errorCode } : record
		)
	};
}
