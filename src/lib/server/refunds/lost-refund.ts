/**
 * Did a credit refund whose answer was lost (timeout, connection dropped, 500/502/504) take
 * effect? The facts it rests on (spec 3):
 * - refund (`refundCreditTransactionByIntegration`) is "only for finalized transactions and only
 *   within 24 hours of finalization; later the call fails with
 *   CREDIT_TRANSACTION_CAN_NO_LONGER_BE_REFUNDED_BY_EXTERNAL_DEVICE";
 * - it has no idempotency key, and no operation reads a transaction back.
 * So the only reading is the refund itself, repeated: refunding twice is impossible (a refunded
 * transaction is no longer finalized), so the repeat either refunds — the first never took
 * effect — or is refused. The simulator (and so, we assume, the platform) refuses an already
 * refunded transaction with the same code as a late one (docs/platform-assumptions.md), so a
 * refusal means "refunded by the first call" only while the window is surely still open: our
 * record of the finalize, less a margin for the two clocks, well inside 24 hours. Near the end
 * of the window the refusal proves nothing: staff look at the guest's wallet.
 */

/** Spec 3 Limits: "Refund window: 24 hours from finalization." */
export const REFUND_WINDOW_MS = 24 * 60 * 60 * 1000;
/** How far our clock and the platform's may disagree, and the repeat take: a judgement. */
export const CLOCK_MARGIN_MS = 10 * 60 * 1000;

/** How the repeated refund was answered. */
export type RepeatOutcome = 'refunded' | 'window-refused' | 'other-error' | 'no-answer';

/**
 * `refunded`: the credits are back (by the first call or by the repeat); `not-settled`: the
 * repeat had no answer either — try again later; `staff`: only a person can tell.
 */
export type LostRefundDecision = 'refunded' | 'not-settled' | 'staff';

export function decideLostRefund(
	repeat: RepeatOutcome,
	finalizedAt: Date,
	repeatedAt: Date
): LostRefundDecision {
	switch (repeat) {
		case 'refunded':
			return 'refunded';
		case 'no-answer':
			return 'not-settled';
		case 'window-refused': {
			const open = repeatedAt.getTime() - finalizedAt.getTime();
			return open <= REFUND_WINDOW_MS - CLOCK_MARGIN_MS ? 'refunded' : 'staff';
		}
		case 'other-error':
			return 'staff';
	}
}
