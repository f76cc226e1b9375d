/**
 * Counter orders (spec 2): fetch an order, drive its status, report the counter payment, and
 * list or open/close desks.
 *
 * Retries come from the client's one table (retry-policies.ts):
 * - getOrder, listDesks (reads) and changeDeskStatuses (a PUT that sets a state): REPEATABLE;
 * - updateStatus (spec 2: "503 safe to retry with backoff"; APPROVED twice is an invalid
 *   transition) and finalize/cancel-external-payment (the spec does not make a repeat safe):
 *   NOT_APPLIED_ONLY — retried on a 503, a 429 or a refused connection, never after an
 *   uncertain outcome.
 *
 * spec 2 shows no errorCode values ("Specific errorCode values of this API: not shown"): decide
 * by status for this family (CounterOrderStatusCode), and treat codes as informative.
 */
import { PlatformApiError } from './errors.ts';
import { counterOrderSchema, desksSchema, type CounterOrder } from './schemas/counter-orders.ts';
import type { Desk } from './schemas/identity.ts';
import type { OperationId } from './retry-policies.ts';
import type { PlatformTransport } from './transport.ts';
import { assertValid, RequestProblems, segment } from './validation.ts';

export type { CounterOrder, OrderItem } from './schemas/counter-orders.ts';
export type { Desk } from './schemas/identity.ts';

/** The statuses of spec 2's error table (no codes are shown for this API). */
export const CounterOrderStatusCode = {
	/** Malformed body or invalid status transition. */
	badRequest: 400,
	unauthorized: 401,
	/** The key lacks access to this order or desk. */
	forbidden: 403,
	notFound: 404,
	/** Status update only: not processed, retry with backoff (the client already did). */
	unavailable: 503
} as const;

/** The error codes shared by every family that this API may use as well. */
export const CounterOrderErrorCode = {
	unauthorized: 'UNAUTHORIZED',
	noRightAuthority: 'EXTERNAL_DEVICE_HAS_NO_RIGHT_AUTHORITY'
} as const;

export function isCounterOrderError(
	error: unknown,
	status: (typeof CounterOrderStatusCode)[keyof typeof CounterOrderStatusCode]
): error is PlatformApiError {
	return error instanceof PlatformApiError && error.status === status;
}

/**
 * The platform says this device cannot have the order: 403 ("key lacks access to this order")
 * or 404 ("order not found"). Repeating the same call will not change that.
 */
export function isOrderOutOfReach(error: unknown): error is PlatformApiError {
	return (
		isCounterOrderError(error, CounterOrderStatusCode.forbidden) ||
		isCounterOrderError(error, CounterOrderStatusCode.notFound)
	);
}

/** The statuses the external system may set (IntegrationUpdateCounterOrderStatusRequest). */
const SETTABLE_ORDER_STATUSES = ['APPROVED', 'REJECTED', 'LEFT', 'DONE', 'COMPLETED'] as const;

/** spec 2 Limits: "rejectionMessage: at most 2000 characters". */
export const REJECTION_MESSAGE_MAX = 2000;

/** Discriminated on status: a rejection message only with REJECTED. */
export type CounterOrderStatusUpdate =
	| { status: 'APPROVED' | 'LEFT' | 'DONE' | 'COMPLETED' }
	| { status: 'REJECTED'; rejectionMessage?: string };

export interface DeskStatusChange {
	/** Unique, at least one. */
	deskIds: string[];
	/** true allows ordering, false suspends it. */
	enabled: boolean;
}

/** Payment collected at the counter: finalize-external-payment after, cancel on failure. */
export function collectsAtCounter(order: CounterOrder): boolean {
	return order.paymentProcessor === 'EXTERNAL_MANUAL';
}

const ORDERS = '/v1/integrations/counter-orders';

export class CounterOrdersResource {
	readonly #transport: PlatformTransport;

	constructor(transport: PlatformTransport) {
		this.#transport = transport;
	}

	/** getCounterOrderByIdByIntegration — a read, retried. */
	async getOrder(orderId: string): Promise<CounterOrder> {
		const operation = 'getCounterOrderByIdByIntegration';
		this.#checkOrderId(operation, orderId);
		return this.#transport.call({
			operation,
			method: 'GET',
			path: `${ORDERS}/${segment(orderId)}`,
			schema: counterOrderSchema
		});
	}

	/** updateCounterOrderStatusByIntegration — retried only when not applied (503, 429, refused). */
	async updateStatus(orderId: string, update: CounterOrderStatusUpdate): Promise<CounterOrder> {
		const operation = 'updateCounterOrderStatusByIntegration';
		const problems = new RequestProblems();
		problems.id(orderId, 'orderId');
		const status: string = update?.status;
		problems.check(
			(SETTABLE_ORDER_STATUSES as readonly string[]).includes(status),
			'status',
			`must be one of ${SETTABLE_ORDER_STATUSES.join(', ')}`
		);
		const rejectionMessage = 'rejectionMessage' in update ? update.rejectionMessage : undefined;
		if (rejectionMessage !== undefined) {
			if (problems.text(rejectionMessage, 'rejectionMessage', 0, REJECTION_MESSAGE_MAX)) {
				problems.check(status === 'REJECTED', 'rejectionMessage', 'only with status REJECTED');
			}
		}
		assertValid(operation, problems);
		return this.#transport.call({
			operation,
			method: 'PUT',
			path: `${ORDERS}/${segment(orderId)}/status`,
			body: rejectionMessage === undefined ? { status } : { status, rejectionMessage },
			schema: counterOrderSchema
		});
	}

	/** finalizeExternalCounterOrderPayment: the counter payment was collected. */
	async finalizeExternalPayment(orderId: string): Promise<CounterOrder> {
		return this.#paymentReport('finalizeExternalCounterOrderPayment', orderId, 'finalize');
	}

	/** cancelExternalCounterOrderPayment: the counter payment failed. */
	async cancelExternalPayment(orderId: string): Promise<CounterOrder> {
		return this.#paymentReport('cancelExternalCounterOrderPayment', orderId, 'cancel');
	}

	/** getDesksForIntegration — every desk of the key with its current state; a read. */
	async listDesks(): Promise<Desk[]> {
		return this.#transport.call({
			operation: 'getDesksForIntegration',
			method: 'GET',
			path: '/v1/integrations/me/desks',
			schema: desksSchema
		});
	}

	/** changeDeskStatusesByIntegration — opens or closes desks; an idempotent PUT. */
	async changeDeskStatuses(change: DeskStatusChange): Promise<Desk[]> {
		const operation = 'changeDeskStatusesByIntegration';
		const problems = new RequestProblems();
		const { deskIds, enabled } = change;
		if (problems.check(Array.isArray(deskIds) && deskIds.length > 0, 'deskIds', 'at least one')) {
			deskIds.forEach((id, index) => problems.id(id, `deskIds.${index}`));
			problems.check(new Set(deskIds).size === deskIds.length, 'deskIds', 'must be unique');
		}
		problems.check(typeof enabled === 'boolean', 'enabled', 'must be a boolean');
		assertValid(operation, problems);
		return this.#transport.call({
			operation,
			method: 'PUT',
			path: '/v1/integrations/desks/status',
			body: { deskIds: [...deskIds], enabled },
			schema: desksSchema
		});
	}

	async #paymentReport(
		operation: OperationId,
		orderId: string,
		step: 'finalize' | 'cancel'
	): Promise<CounterOrder> {
		this.#checkOrderId(operation, orderId);
		return this.#transport.call({
			operation,
			method: 'PUT',
			path: `${ORDERS}/${segment(orderId)}/${step}-external-payment`,
			schema: counterOrderSchema
		});
	}

	#checkOrderId(operation: OperationId, orderId: string): void {
		const problems = new RequestProblems();
		problems.id(orderId, 'orderId');
		assertValid(operation, problems);
	}
}
