/** Refund reasons, outcomes and staff tasks in the staff member's language. */
import { formatDateTime } from '#lib/shared/format.ts';
import { formatMoney } from '@venue-kiosk/vocabulary/money.ts';
import { m } from '#lib/paraglide/messages.js';
import type { RefundFailure, RefundStaffTask, SaleRefundOutcome } from '#lib/shared/refunds.ts';

const FAILURES: Record<RefundFailure, () => string> = {
	'not-paid': m.refund_failure_not_paid,
	'in-payment': m.refund_failure_in_payment,
	'no-credits': m.refund_failure_no_credits,
	'already-refunded': m.refund_failure_already_refunded,
	'refund-open': m.refund_failure_refund_open,
	'refund-needs-staff': m.refund_failure_refund_needs_staff,
	'window-passed': m.refund_failure_window_passed,
	'no-card-payment': m.refund_failure_no_card_payment,
	'fully-refunded': m.refund_failure_fully_refunded,
	'bad-request': m.refund_failure_bad_request,
	'nothing-chosen': m.refund_failure_nothing_chosen,
	'comment-too-long': m.refund_failure_comment_too_long,
	'card-amount-invalid': m.refund_failure_card_amount_invalid,
	'card-amount-too-high': m.refund_failure_card_amount_too_high,
	'card-whole-only': m.refund_failure_card_whole_only,
	'sale-not-found': m.refund_failure_sale_not_found,
	'unknown-transaction': m.refund_failure_unknown_transaction,
	'not-authorized': m.refund_failure_not_authorized,
	'platform-unreachable': m.refund_failure_platform_unreachable,
	'no-longer-refundable': m.refund_failure_no_longer_refundable,
	'platform-refused': m.refund_failure_platform_refused,
	'outcome-unknown': m.refund_failure_outcome_unknown,
	'card-refund-failed': m.refund_failure_card_refund_failed,
	'card-outcome-unknown': m.refund_failure_card_outcome_unknown,
	'not-sent': m.refund_failure_not_sent
};

/** A reason code in words; a code this version does not know is shown as it is. */
export const refundFailureText = (code: string): string =>
	FAILURES[code as RefundFailure]?.() ?? code;

const OUTCOMES: Record<SaleRefundOutcome, () => string> = {
	pending: m.refund_outcome_pending,
	refunded: m.refund_outcome_refunded,
	uncertain: m.refund_outcome_uncertain,
	failed: m.refund_outcome_failed,
	'needs-staff': m.refund_outcome_needs_staff
};

export const refundOutcomeText = (outcome: SaleRefundOutcome): string => OUTCOMES[outcome]();

export const refundPartText = (kind: 'credits' | 'card'): string =>
	kind === 'credits' ? m.refund_part_credits() : m.refund_part_card();

/** What staff must check, with the figures to check it by. */
export function refundTaskText(task: RefundStaffTask, locale: string, timeZone: string): string {
	const amount = formatMoney(task.amountMinor, task.currencyCode, locale);
	if (task.kind === 'check-credit-refund')
		return m.refund_task_credits({
			amount,
			transaction: task.transactionId ?? '—',
			key: task.keyHint?.toUpperCase() ?? '—',
			deadline: task.windowEndsBy ? formatDateTime(task.windowEndsBy, locale, timeZone) : '—'
		});
	return m.refund_task_card({ amount, reference: task.terminalReference ?? '—' });
}
