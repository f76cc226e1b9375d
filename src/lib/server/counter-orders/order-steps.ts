/**
 * What staff may do with a counter order, decided from spec 2 alone (pure; the board shows exactly
 * these steps and the server checks them again before anything is queued).
 *
 * Spec 2 facts relied on:
 * - Order status table: APPROVABLE → APPROVED | REJECTED; APPROVED → DONE | LEFT;
 *   DONE → COMPLETED | LEFT. CANCELLED, REJECTED, LEFT and COMPLETED are terminal; any other
 *   transition is a 400.
 * - "If paymentProcessor is EXTERNAL_MANUAL, the external system must collect payment at the
 *   counter": finalize-external-payment (UNPAID → PAID_EXTERNALLY) or cancel-external-payment
 *   when it fails. Typical flow: collect, *then* approve or reject.
 * Our rule on top (docs/platform-assumptions.md, "the board follows the flow"): an
 * EXTERNAL_MANUAL order is approved and handed out only once it is paid; while the payment is
 * open, only its outcome can be reported — the platform refuses payment reports on a rejected
 * order, so rejecting (or "left") first would leave it UNPAID for good. A failed payment leaves
 * rejecting (or "left", if already in preparation). And "left" (not picked up) is offered in
 * preparation only for an order that cannot get ready: beside "Ready" it is one mis-tap from
 * turning a guest away (spec 2 allows APPROVED → LEFT; staff mark a ready order left).
 */
import type { CounterOrderAction } from '#lib/shared/order-board.ts';
import type {
	OrderStatus,
	OrderTransactionStatus
} from '@venue-kiosk/vocabulary/platform-vocabulary.ts';

export const TERMINAL_STATUSES: readonly OrderStatus[] = [
	'CANCELLED',
	'REJECTED',
	'LEFT',
	'COMPLETED'
];

export function isTerminal(status: OrderStatus): boolean {
	return TERMINAL_STATUSES.includes(status);
}

export interface OrderPaymentState {
	status: OrderStatus;
	transactionStatus: OrderTransactionStatus;
	paymentProcessor: string;
}

/** The status each status step sets (spec 2, IntegrationUpdateCounterOrderStatusRequest). */
export const STATUS_OF_STEP = {
	approve: 'APPROVED',
	reject: 'REJECTED',
	ready: 'DONE',
	'picked-up': 'COMPLETED',
	left: 'LEFT'
} as const satisfies Partial<Record<CounterOrderAction, OrderStatus>>;

type StatusStep = keyof typeof STATUS_OF_STEP;
export type PaymentStep = Exclude<CounterOrderAction, StatusStep>;

/** The transaction status each counter-payment report leads to (docs: cancel → FAILED). */
const TRANSACTION_STATUS_OF_STEP = {
	collect: 'PAID_EXTERNALLY',
	'payment-failed': 'FAILED'
} as const satisfies Record<PaymentStep, OrderTransactionStatus>;

export function isPaymentStep(action: CounterOrderAction): action is PaymentStep {
	return action in TRANSACTION_STATUS_OF_STEP;
}

/** spec 2's order-status table: the settable statuses reachable from each status. */
const NEXT_STATUSES: Partial<Record<OrderStatus, readonly OrderStatus[]>> = {
	APPROVABLE: ['APPROVED', 'REJECTED'],
	APPROVED: ['DONE', 'LEFT'],
	DONE: ['COMPLETED', 'LEFT']
};

/** Staff still have to collect the payment at the counter. */
function awaitsCounterPayment(order: OrderPaymentState): boolean {
	return order.paymentProcessor === 'EXTERNAL_MANUAL' && order.transactionStatus === 'UNPAID';
}

/** The order is paid, or needs no payment from the counter. */
function isSettled(order: OrderPaymentState): boolean {
	return (
		order.paymentProcessor !== 'EXTERNAL_MANUAL' || order.transactionStatus === 'PAID_EXTERNALLY'
	);
}

/**
 * The steps offered for an order, in the order the board shows them. A NEW order (payment still
 * processing, no callback yet; the guest may still cancel it) offers nothing, not even collecting.
 */
export function stepsFor(order: OrderPaymentState): CounterOrderAction[] {
	const next = NEXT_STATUSES[order.status] ?? [];
	const steps: CounterOrderAction[] = [];
	if (awaitsCounterPayment(order) && next.length > 0) {
		steps.push('collect', 'payment-failed');
	}
	// Every status step waits while the counter payment is open: its outcome first.
	if (awaitsCounterPayment(order)) return steps;
	const settled = isSettled(order);
	for (const [step, status] of Object.entries(STATUS_OF_STEP) as [StatusStep, OrderStatus][]) {
		if (!next.includes(status)) continue;
		// Approving, marking ready and handing out need the payment; rejecting and "left" do not.
		if ((step === 'approve' || step === 'ready' || step === 'picked-up') && !settled) continue;
		// Not picked up: once the order is ready, or when it can never get ready.
		if (step === 'left' && steps.includes('ready')) continue;
		steps.push(step);
	}
	return steps;
}

/** How far along spec 2's table a status is: later reads never overwrite a later state. */
const STATUS_RANK: Record<OrderStatus, number> = {
	NEW: 0,
	APPROVABLE: 1,
	APPROVED: 2,
	DONE: 3,
	CANCELLED: 4,
	REJECTED: 4,
	LEFT: 4,
	COMPLETED: 4
};
const TRANSACTION_RANK: Record<OrderTransactionStatus, number> = {
	UNPAID: 0,
	AUTHORIZED: 1,
	CAPTURED: 2,
	PAID_EXTERNALLY: 2,
	RELEASED: 2,
	FAILED: 2,
	PAYMENT_NOT_REQUIRED: 2
};

/**
 * Is `read` at least as far as `known`? Status and transaction status only ever move forward
 * (spec 2 tables), so an answer that arrives late (a slow read overtaken by a status update)
 * must not take a card back.
 */
export function isNotBehind(read: OrderPaymentState, known: OrderPaymentState): boolean {
	const status = STATUS_RANK[read.status] - STATUS_RANK[known.status];
	if (status !== 0) return status > 0;
	return TRANSACTION_RANK[read.transactionStatus] >= TRANSACTION_RANK[known.transactionStatus];
}

/** Statuses an order can only be in if the step's status was set (it, or a later one after it). */
const REACHED_BY: Record<StatusStep, readonly OrderStatus[]> = {
	// LEFT too: it is only reachable from APPROVED or DONE, both after APPROVED.
	approve: ['APPROVED', 'DONE', 'COMPLETED', 'LEFT'],
	reject: ['REJECTED'],
	ready: ['DONE', 'COMPLETED'],
	'picked-up': ['COMPLETED'],
	left: ['LEFT']
};

/**
 * Has the step taken effect on the platform, judging from a fresh read? Settles an attempt whose
 * answer was lost: a repeat of an applied transition is a 400 (spec 2), so the read decides.
 */
export function stepApplied(action: CounterOrderAction, order: OrderPaymentState): boolean {
	if (isPaymentStep(action)) return order.transactionStatus === TRANSACTION_STATUS_OF_STEP[action];
	return REACHED_BY[action].includes(order.status);
}
