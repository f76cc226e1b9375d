/**
 * order-steps against spec 2's tables, written out here row by row (not derived from the code):
 * every status × payment processor × transaction status → the steps the board offers.
 */
import { describe, expect, it } from 'vitest';
import { COUNTER_ORDER_ACTIONS, type CounterOrderAction } from '#lib/shared/order-board.ts';
import {
	ORDER_STATUSES,
	TRANSACTION_STATUSES,
	type OrderStatus,
	type OrderTransactionStatus
} from '@venue-kiosk/vocabulary/platform-vocabulary.ts';
import { isNotBehind, isTerminal, stepApplied, stepsFor } from './order-steps.ts';

const PROCESSORS = ['PROVIDER_A', 'PROVIDER_B', 'EXTERNAL_MANUAL', 'EXTERNAL_AUTO', 'NONE'];
const OTHER_PROCESSORS = PROCESSORS.filter((processor) => processor !== 'EXTERNAL_MANUAL');

/**
 * Payment handled by the platform (in-app, EXTERNAL_AUTO, NONE): the transaction status never
 * holds a step back. Spec 2 order-status table, in the board's order of steps.
 */
const PLATFORM_PAID: Record<OrderStatus, CounterOrderAction[]> = {
	NEW: [], // payment still processing, no callback yet: nothing to do
	APPROVABLE: ['approve', 'reject'],
	APPROVED: ['ready'], // "left" only once ready: not beside "Ready"
	DONE: ['picked-up', 'left'],
	CANCELLED: [],
	REJECTED: [],
	LEFT: [],
	COMPLETED: []
};

/**
 * EXTERNAL_MANUAL: collect (finalize-external-payment) or report it failed
 * (cancel-external-payment) while UNPAID, and nothing else then (a rejected order takes no payment
 * report); approve, ready and picked-up only once PAID_EXTERNALLY; reject and left after a failure
 * (left in preparation only then: an order that can get ready is left once it is).
 */
const COUNTER_PAID: Record<OrderStatus, Record<OrderTransactionStatus, CounterOrderAction[]>> = {
	NEW: {
		UNPAID: [],
		AUTHORIZED: [],
		CAPTURED: [],
		PAID_EXTERNALLY: [],
		RELEASED: [],
		FAILED: [],
		PAYMENT_NOT_REQUIRED: []
	},
	APPROVABLE: {
		UNPAID: ['collect', 'payment-failed'],
		AUTHORIZED: ['reject'],
		CAPTURED: ['reject'],
		PAID_EXTERNALLY: ['approve', 'reject'],
		RELEASED: ['reject'],
		FAILED: ['reject'],
		PAYMENT_NOT_REQUIRED: ['reject']
	},
	APPROVED: {
		UNPAID: ['collect', 'payment-failed'],
		AUTHORIZED: ['left'],
		CAPTURED: ['left'],
		PAID_EXTERNALLY: ['ready'],
		RELEASED: ['left'],
		FAILED: ['left'],
		PAYMENT_NOT_REQUIRED: ['left']
	},
	DONE: {
		UNPAID: ['collect', 'payment-failed'],
		AUTHORIZED: ['left'],
		CAPTURED: ['left'],
		PAID_EXTERNALLY: ['picked-up', 'left'],
		RELEASED: ['left'],
		FAILED: ['left'],
		PAYMENT_NOT_REQUIRED: ['left']
	},
	CANCELLED: allTransactions([]),
	REJECTED: allTransactions([]),
	LEFT: allTransactions([]),
	COMPLETED: allTransactions([])
};

function allTransactions(
	steps: CounterOrderAction[]
): Record<OrderTransactionStatus, CounterOrderAction[]> {
	return Object.fromEntries(TRANSACTION_STATUSES.map((status) => [status, steps])) as Record<
		OrderTransactionStatus,
		CounterOrderAction[]
	>;
}

const cases = ORDER_STATUSES.flatMap((status) =>
	PROCESSORS.flatMap((paymentProcessor) =>
		TRANSACTION_STATUSES.map((transactionStatus) => ({
			status,
			paymentProcessor,
			transactionStatus
		}))
	)
);

describe('stepsFor: the whole table', () => {
	it('covers 8 statuses × 5 processors × 7 transaction statuses', () => {
		expect(cases).toHaveLength(8 * 5 * 7);
	});

	it.each(cases)('$status, $paymentProcessor, $transactionStatus', (order) => {
		const expected =
			order.paymentProcessor === 'EXTERNAL_MANUAL'
				? COUNTER_PAID[order.status][order.transactionStatus]
				: PLATFORM_PAID[order.status];
		expect(stepsFor(order)).toEqual(expected);
	});
});

describe('stepsFor: the rules behind the table', () => {
	it('never offers a status step that spec 2 has no transition for', () => {
		const reachable: Record<OrderStatus, OrderStatus[]> = {
			NEW: [],
			APPROVABLE: ['APPROVED', 'REJECTED'],
			APPROVED: ['DONE', 'LEFT'],
			DONE: ['COMPLETED', 'LEFT'],
			CANCELLED: [],
			REJECTED: [],
			LEFT: [],
			COMPLETED: []
		};
		const statusOf: Partial<Record<CounterOrderAction, OrderStatus>> = {
			approve: 'APPROVED',
			reject: 'REJECTED',
			ready: 'DONE',
			'picked-up': 'COMPLETED',
			left: 'LEFT'
		};
		for (const order of cases) {
			for (const step of stepsFor(order)) {
				const target = statusOf[step];
				if (target) expect(reachable[order.status]).toContain(target);
			}
		}
	});

	it('offers counter-payment reports only for EXTERNAL_MANUAL orders still unpaid', () => {
		for (const order of cases) {
			const offered = stepsFor(order);
			const reports = offered.filter((step) => step === 'collect' || step === 'payment-failed');
			const expected =
				order.paymentProcessor === 'EXTERNAL_MANUAL' &&
				order.transactionStatus === 'UNPAID' &&
				['APPROVABLE', 'APPROVED', 'DONE'].includes(order.status)
					? ['collect', 'payment-failed']
					: [];
			expect(reports).toEqual(expected);
		}
	});

	it('never offers approve, ready or picked-up on an EXTERNAL_MANUAL order not paid', () => {
		for (const order of cases.filter(
			(candidate) =>
				candidate.paymentProcessor === 'EXTERNAL_MANUAL' &&
				candidate.transactionStatus !== 'PAID_EXTERNALLY'
		)) {
			const offered = stepsFor(order);
			expect(offered).not.toContain('approve');
			expect(offered).not.toContain('ready');
			expect(offered).not.toContain('picked-up');
		}
	});

	it('offers nothing on a terminal order', () => {
		for (const order of cases.filter((candidate) => isTerminal(candidate.status))) {
			expect(stepsFor(order)).toEqual([]);
		}
		expect(ORDER_STATUSES.filter(isTerminal)).toEqual([
			'REJECTED',
			'COMPLETED',
			'LEFT',
			'CANCELLED'
		]);
	});

	it('treats an in-app processor named by its own wire value like the others', () => {
		for (const processor of OTHER_PROCESSORS.concat('SOME_WALLET_PAY')) {
			expect(
				stepsFor({ status: 'APPROVABLE', transactionStatus: 'UNPAID', paymentProcessor: processor })
			).toEqual(['approve', 'reject']);
		}
	});
});

const order = (
	status: OrderStatus,
	transactionStatus: OrderTransactionStatus = 'UNPAID',
	paymentProcessor = 'EXTERNAL_MANUAL'
) => ({ status, transactionStatus, paymentProcessor });

describe('isNotBehind', () => {
	it('accepts the same state and any later status', () => {
		expect(isNotBehind(order('APPROVABLE'), order('APPROVABLE'))).toBe(true);
		expect(isNotBehind(order('APPROVED'), order('APPROVABLE'))).toBe(true);
		expect(isNotBehind(order('DONE'), order('APPROVED'))).toBe(true);
		expect(isNotBehind(order('COMPLETED'), order('DONE'))).toBe(true);
		expect(isNotBehind(order('LEFT'), order('APPROVED'))).toBe(true);
		expect(isNotBehind(order('REJECTED'), order('APPROVABLE'))).toBe(true);
		expect(isNotBehind(order('CANCELLED'), order('NEW'))).toBe(true);
		expect(isNotBehind(order('APPROVABLE'), order('NEW'))).toBe(true);
	});

	it('refuses a read that would take the status back', () => {
		expect(isNotBehind(order('APPROVABLE'), order('APPROVED'))).toBe(false);
		expect(isNotBehind(order('APPROVED'), order('DONE'))).toBe(false);
		expect(isNotBehind(order('DONE'), order('COMPLETED'))).toBe(false);
		expect(isNotBehind(order('APPROVED'), order('LEFT'))).toBe(false);
		expect(isNotBehind(order('APPROVABLE'), order('REJECTED'))).toBe(false);
		expect(isNotBehind(order('NEW'), order('APPROVABLE'))).toBe(false);
	});

	it('refuses a read that would take the payment back within the same status', () => {
		expect(isNotBehind(order('APPROVABLE', 'UNPAID'), order('APPROVABLE', 'PAID_EXTERNALLY'))).toBe(
			false
		);
		expect(isNotBehind(order('APPROVABLE', 'UNPAID'), order('APPROVABLE', 'FAILED'))).toBe(false);
		expect(isNotBehind(order('APPROVABLE', 'AUTHORIZED'), order('APPROVABLE', 'RELEASED'))).toBe(
			false
		);
		expect(isNotBehind(order('DONE', 'UNPAID'), order('DONE', 'PAID_EXTERNALLY'))).toBe(false);
	});

	it('accepts the payment moving forward', () => {
		expect(isNotBehind(order('APPROVABLE', 'PAID_EXTERNALLY'), order('APPROVABLE', 'UNPAID'))).toBe(
			true
		);
		expect(isNotBehind(order('APPROVABLE', 'FAILED'), order('APPROVABLE', 'UNPAID'))).toBe(true);
		expect(isNotBehind(order('APPROVABLE', 'AUTHORIZED'), order('NEW', 'UNPAID'))).toBe(true);
		expect(isNotBehind(order('APPROVED', 'CAPTURED'), order('APPROVABLE', 'AUTHORIZED'))).toBe(
			true
		);
	});
});

describe('stepApplied', () => {
	/** For each step, the statuses (or transaction statuses) that prove it took effect. */
	const PROVEN_BY: Record<CounterOrderAction, { statuses?: OrderStatus[]; payment?: string }> = {
		// APPROVED, and every status reachable only through it (spec 2 table).
		approve: { statuses: ['APPROVED', 'DONE', 'COMPLETED', 'LEFT'] },
		reject: { statuses: ['REJECTED'] },
		ready: { statuses: ['DONE', 'COMPLETED'] },
		'picked-up': { statuses: ['COMPLETED'] },
		left: { statuses: ['LEFT'] },
		collect: { payment: 'PAID_EXTERNALLY' },
		'payment-failed': { payment: 'FAILED' }
	};

	it.each(COUNTER_ORDER_ACTIONS.map((action) => ({ action })))('$action', ({ action }) => {
		const proof = PROVEN_BY[action];
		for (const status of ORDER_STATUSES) {
			for (const transactionStatus of TRANSACTION_STATUSES) {
				const applied = stepApplied(action, order(status, transactionStatus));
				const expected = proof.payment
					? transactionStatus === proof.payment
					: proof.statuses!.includes(status);
				expect(applied, `${action} on ${status}/${transactionStatus}`).toBe(expected);
			}
		}
	});

	it('does not count a step as applied on the state it starts from', () => {
		expect(stepApplied('approve', order('APPROVABLE', 'PAID_EXTERNALLY'))).toBe(false);
		expect(stepApplied('ready', order('APPROVED', 'PAID_EXTERNALLY'))).toBe(false);
		expect(stepApplied('picked-up', order('DONE', 'PAID_EXTERNALLY'))).toBe(false);
		expect(stepApplied('collect', order('APPROVABLE', 'UNPAID'))).toBe(false);
		expect(stepApplied('payment-failed', order('APPROVABLE', 'UNPAID'))).toBe(false);
	});
});
