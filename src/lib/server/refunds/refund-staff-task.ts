/**
 * What staff must check for a refund part only a person can settle (outcome `needs-staff`): the
 * back office shows it, translated, beside the sale. Spec 3 offers no way to read a credit
 * transaction back, so the check happens in the platform's own console (or the guest's app); the
 * card in the terminal's own journal.
 */
import type { RefundStaffTask } from '#lib/shared/refunds.ts';
import type { Sale } from '../sales/sale.ts';
import { REFUND_WINDOW_MS } from './lost-refund.ts';

/** `finalizedAt`: the earliest the platform can have finalized (finalize-time.ts), if known. */
export function refundStaffTasks(sale: Sale, finalizedAt: Date | null): RefundStaffTask[] {
	return sale.refunds
		.filter((record) => record.outcome === 'needs-staff')
		.map((record) => ({
			kind: record.kind === 'credits' ? 'check-credit-refund' : 'check-card-refund',
			saleId: sale.id,
			refundId: record.id,
			orderNumber: sale.orderNumber,
			currencyCode: sale.quote.currencyCode,
			amountMinor: record.amountMinor,
			transactionId: record.kind === 'credits' ? (sale.credits?.transactionId ?? null) : null,
			keyHint: record.kind === 'credits' ? (sale.credits?.keyHint ?? null) : null,
			terminalReference: record.kind === 'card' ? (sale.payment?.reference ?? null) : null,
			errorCode: record.errorCode,
			windowEndsBy:
				record.kind === 'credits' && finalizedAt
					? new Date(finalizedAt.getTime() + REFUND_WINDOW_MS).toISOString()
					: null
		}));
}
