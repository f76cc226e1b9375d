/**
 * The counter-order state machine (spec 2, "States and transitions"): the order status table,
 * the transaction status that follows it per payment processor, and the external-payment
 * reports. Rules change the order in place and throw `PlatformError` on a refused step, before
 * changing anything.
 */
import { PlatformError } from '../errors.ts';
import type {
	CounterOrder,
	Device,
	OrderStatus,
	OrderTransactionStatus,
	PaymentProcessor,
	SimState
} from '../state.ts';

/** The statuses the external system may set (IntegrationUpdateCounterOrderStatusRequest). */
export const UPDATABLE_STATUSES = ['APPROVED', 'REJECTED', 'LEFT', 'DONE', 'COMPLETED'] as const;
export type UpdatableStatus = (typeof UPDATABLE_STATUSES)[number];

/**
 * Every transition of spec 2's order-status table. NEW → CANCELLED and NEW → APPROVABLE are
 * the system's (customer cancel, payment confirmed); the rest are status updates.
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
	NEW: ['CANCELLED', 'APPROVABLE'],
	APPROVABLE: ['APPROVED', 'REJECTED'],
	APPROVED: ['DONE', 'LEFT'],
	DONE: ['COMPLETED', 'LEFT'],
	// Terminal (spec 2: "Terminal states: CANCELLED, REJECTED, LEFT, COMPLETED").
	CANCELLED: [],
	REJECTED: [],
	LEFT: [],
	COMPLETED: []
};

export const TERMINAL_STATUSES: readonly OrderStatus[] = [
	'CANCELLED',
	'REJECTED',
	'LEFT',
	'COMPLETED'
];

const IN_APP: readonly PaymentProcessor[] = ['PROVIDER_A', 'PROVIDER_B'];

export function isInApp(processor: PaymentProcessor): boolean {
	return IN_APP.includes(processor);
}

/** Transaction status of a newly placed order (our choice; spec 2 shows typical progressions). */
export function initialTransactionStatus(processor: PaymentProcessor): OrderTransactionStatus {
	if (processor === 'EXTERNAL_AUTO') return 'PAID_EXTERNALLY';
	if (processor === 'NONE') return 'PAYMENT_NOT_REQUIRED';
	return 'UNPAID';
}

export const COUNTER_ORDER_NOT_FOUND = 'COUNTER_ORDER_NOT_FOUND';
export const DEVICE_CANNOT_ACCESS_COUNTER_ORDER = 'DEVICE_CANNOT_ACCESS_COUNTER_ORDER';
export const INVALID_STATUS_TRANSITION = 'INVALID_STATUS_TRANSITION';
export const INVALID_TRANSACTION_STATUS = 'INVALID_TRANSACTION_STATUS';
export const PAYMENT_PROCESSOR_NOT_EXTERNAL = 'PAYMENT_PROCESSOR_NOT_EXTERNAL';

export function findOrder(state: SimState, orderId: string): CounterOrder {
	const order = state.counterOrders.find((candidate) => candidate.id === orderId);
	if (!order) {
		throw new PlatformError(404, COUNTER_ORDER_NOT_FOUND, `No counter order ${orderId}.`, [
			orderId
		]);
	}
	return order;
}

/** An order is the business of the devices of its place (spec 2 Authentication 2: 403). */
export function findOrderForDevice(state: SimState, device: Device, orderId: string): CounterOrder {
	const order = findOrder(state, orderId);
	if (order.placeId !== device.placeId) {
		throw new PlatformError(
			403,
			DEVICE_CANNOT_ACCESS_COUNTER_ORDER,
			`The device's place has no access to counter order ${orderId}.`,
			[orderId]
		);
	}
	return order;
}

function transitionError(status: number, from: OrderStatus, to: OrderStatus): PlatformError {
	const allowed = ORDER_TRANSITIONS[from];
	const hint = allowed.length
		? `allowed from ${from}: ${allowed.join(', ')}`
		: `${from} is a terminal status`;
	return new PlatformError(
		status,
		INVALID_STATUS_TRANSITION,
		`The order cannot go from ${from} to ${to} (${hint}).`,
		[from, to]
	);
}

function requireTransition(order: CounterOrder, to: OrderStatus, httpStatus: number): void {
	if (!ORDER_TRANSITIONS[order.status].includes(to)) {
		throw transitionError(httpStatus, order.status, to);
	}
}

/**
 * PUT …/status (updateCounterOrderStatusByIntegration). Each transition stamps its timestamp;
 * in-app payments are captured on APPROVED and released on REJECTED.
 */
export function updateStatus(
	order: CounterOrder,
	to: UpdatableStatus,
	now: number,
	rejectionMessage?: string
): void {
	requireTransition(order, to, 400);
	order.status = to;
	switch (to) {
		case 'APPROVED':
			order.approvedAt = now;
			if (order.transactionStatus === 'AUTHORIZED') order.transactionStatus = 'CAPTURED';
			break;
		case 'REJECTED':
			order.rejectedAt = now;
			if (rejectionMessage !== undefined) order.rejectionMessage = rejectionMessage;
			if (order.transactionStatus === 'AUTHORIZED') order.transactionStatus = 'RELEASED';
			break;
		case 'DONE':
			order.finishedAt = now;
			break;
		case 'COMPLETED':
			order.completedAt = now;
			break;
		case 'LEFT':
			order.leftAt = now;
			break;
	}
}

/**
 * System transition NEW → APPROVABLE ("payment confirmed"): an in-app payment is now
 * authorized. The caller sends the callback. `httpStatus` is the control API's 409.
 */
export function confirmPayment(order: CounterOrder, httpStatus: number): void {
	requireTransition(order, 'APPROVABLE', httpStatus);
	order.status = 'APPROVABLE';
	if (isInApp(order.paymentProcessor)) order.transactionStatus = 'AUTHORIZED';
}

/**
 * System transition NEW → CANCELLED ("customer cancels"). An in-app payment that may have been
 * authorized while the order was NEW is released (spec 2: RELEASED "e.g. order … cancelled").
 */
export function customerCancel(order: CounterOrder, httpStatus: number): void {
	requireTransition(order, 'CANCELLED', httpStatus);
	order.status = 'CANCELLED';
	if (isInApp(order.paymentProcessor)) order.transactionStatus = 'RELEASED';
}

function requireExternalManual(order: CounterOrder): void {
	if (order.paymentProcessor !== 'EXTERNAL_MANUAL') {
		throw new PlatformError(
			400,
			PAYMENT_PROCESSOR_NOT_EXTERNAL,
			`Order ${order.id} is paid through ${order.paymentProcessor}, not collected at the counter.`,
			[order.paymentProcessor]
		);
	}
}

function invalidTransactionStatus(order: CounterOrder, reason: string): PlatformError {
	return new PlatformError(400, INVALID_TRANSACTION_STATUS, `Order ${order.id}: ${reason}.`, [
		order.transactionStatus,
		order.status
	]);
}

/** A voided order (rejected or cancelled) has no payment left to report. */
function requireNotVoided(order: CounterOrder): void {
	if (order.status === 'CANCELLED' || order.status === 'REJECTED') {
		throw invalidTransactionStatus(order, `the order is ${order.status}, no payment to report`);
	}
}

/**
 * PUT …/finalize-external-payment: UNPAID → PAID_EXTERNALLY (spec 2 transaction table).
 * Repeating it on a PAID_EXTERNALLY order answers the order unchanged (a safe retry).
 */
export function finalizeExternalPayment(order: CounterOrder): void {
	requireExternalManual(order);
	if (order.transactionStatus === 'PAID_EXTERNALLY') return;
	requireNotVoided(order);
	if (order.transactionStatus !== 'UNPAID') {
		throw invalidTransactionStatus(order, `the payment is ${order.transactionStatus}`);
	}
	order.transactionStatus = 'PAID_EXTERNALLY';
}

/**
 * PUT …/cancel-external-payment: UNPAID → FAILED (spec 2: "not shown";
 * docs/platform-assumptions.md). Repeating it on a FAILED order answers the order unchanged.
 */
export function cancelExternalPayment(order: CounterOrder): void {
	requireExternalManual(order);
	if (order.transactionStatus === 'FAILED') return;
	requireNotVoided(order);
	if (order.transactionStatus !== 'UNPAID') {
		throw invalidTransactionStatus(order, `the payment is ${order.transactionStatus}`);
	}
	order.transactionStatus = 'FAILED';
}
