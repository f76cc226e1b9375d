/**
 * Did a card refund whose answer was lost (the terminal could not tell, or the server died while
 * it waited) give the money back? A refund carries no reference of its own
 * (terminal/payment-terminal.ts), so it is never asked again; the terminal's record of how much
 * of the payment was given back decides, read before the refund (kept in its journal entry) and
 * now. Only one refund of a sale is under
 * way at a time (refund-offer.ts), so the total moves by this refund's amount or not at all.
 */

/** `refunded` / `not-refunded`: certain; `staff`: the terminal keeps no total, or it moved by another amount. */
export type LostCardRefundDecision = 'refunded' | 'not-refunded' | 'staff';

export function decideLostCardRefund(
	beforeMinor: number | null,
	afterMinor: number | null,
	amountMinor: number
): LostCardRefundDecision {
	if (beforeMinor === null || afterMinor === null) return 'staff';
	if (afterMinor === beforeMinor) return 'not-refunded';
	return afterMinor === beforeMinor + amountMinor ? 'refunded' : 'staff';
}
