/**
 * The one retry table of the platform client: every operation of the three spec documents
 * (docs/spec/), by its operation id, with the policy its meaning allows and why.
 *
 * A failure either proves the platform did not act (a 503 — spec 2: "safe to retry with
 * backoff" —, a 429, a connection refused before sending: outcome `known`) or leaves it open
 * (a timeout, a connection lost after sending, a 500/502/504: outcome `uncertain`). Only an
 * operation the spec makes safe to repeat is retried after an open outcome; every other one is
 * retried only while each failure proves that nothing happened. A 4xx is the platform's answer
 * and a malformed success a broken contract: neither is retried.
 */
import { PlatformApiError, type PlatformClientError } from './errors.ts';

export interface RetryPolicy {
	name: 'REPEATABLE' | 'NOT_APPLIED_ONLY';
	/** Total attempts, the first included. */
	attempts: number;
	/** Backoff ceiling of the first retry; it doubles up to maxDelayMs (full jitter below it). */
	baseDelayMs: number;
	maxDelayMs: number;
	retryOn(error: PlatformClientError): boolean;
}

/** Statuses that are not a definitive answer: uncertain (500/502/504) or not applied (429/503). */
const NOT_DEFINITIVE_STATUSES = new Set([429, 500, 502, 503, 504]);

/** Statuses that prove the request was not processed. */
const NOT_APPLIED_STATUSES = new Set([429, 503]);

/**
 * Reads, and writes the spec makes safe to repeat: retried on every failure that is not a
 * definitive answer, whether the platform may have acted or not.
 */
export const REPEATABLE: RetryPolicy = {
	name: 'REPEATABLE',
	attempts: 4,
	baseDelayMs: 250,
	maxDelayMs: 4_000,
	retryOn: (error) => {
		if (error instanceof PlatformApiError) return NOT_DEFINITIVE_STATUSES.has(error.status);
		return error.kind === 'network' || error.kind === 'timeout';
	}
};

/**
 * Writes a repeat could apply twice: retried only while the failure proves the platform did not
 * act (503, 429, connection refused before sending); the first uncertain failure ends the call.
 */
export const NOT_APPLIED_ONLY: RetryPolicy = {
	name: 'NOT_APPLIED_ONLY',
	attempts: 5,
	baseDelayMs: 500,
	maxDelayMs: 8_000,
	retryOn: (error) => {
		if (error.outcome !== 'known') return false;
		if (error instanceof PlatformApiError) return NOT_APPLIED_STATUSES.has(error.status);
		return error.kind === 'network';
	}
};

export interface RetryRule {
	policy: RetryPolicy;
	/** Why, from the spec. */
	reason: string;
}

/** Operation id (as the spec documents name it) → retry rule. */
export const RETRY_TABLE = {
	// spec 1: device identity and container deposits
	getExternalDeviceByIntegration: {
		policy: REPEATABLE,
		reason: 'a read (spec 1, GET /v1/integrations/me)'
	},
	getRevoUnionConfigurationByIntegration: {
		policy: REPEATABLE,
		reason: 'a read (spec 1, GET /v1/integrations/revo-union-configurations)'
	},
	createHybridRevoTokenTransactionByIntegration: {
		policy: NOT_APPLIED_ONLY,
		reason: 'issues containers without an idempotency key (spec 1): a repeat could issue twice'
	},
	previewHybridRevoTokenTransactionByIntegration: {
		policy: REPEATABLE,
		reason: 'a read (spec 1, GET …/hybrid-revo-token-transactions/{code}/preview)'
	},
	validateHybridRevoTokenTransactionByIntegration: {
		policy: NOT_APPLIED_ONLY,
		reason:
			'returns containers without an idempotency key (spec 1); a lost answer is settled by a fresh preview'
	},
	// spec 2: counter orders and desks
	getCounterOrderByIdByIntegration: {
		policy: REPEATABLE,
		reason: 'a read (spec 2, GET /v1/integrations/counter-orders/{orderId})'
	},
	updateCounterOrderStatusByIntegration: {
		policy: NOT_APPLIED_ONLY,
		reason:
			'spec 2: "503 (safe to retry with backoff)"; a repeated transition is an invalid one (400)'
	},
	finalizeExternalCounterOrderPayment: {
		policy: NOT_APPLIED_ONLY,
		reason: 'reports the counter payment (spec 2); the spec does not make a repeat safe'
	},
	cancelExternalCounterOrderPayment: {
		policy: NOT_APPLIED_ONLY,
		reason: 'reports a failed counter payment (spec 2); the spec does not make a repeat safe'
	},
	getDesksForIntegration: {
		policy: REPEATABLE,
		reason: 'a read (spec 2, GET /v1/integrations/me/desks)'
	},
	changeDeskStatusesByIntegration: {
		policy: REPEATABLE,
		reason: 'a PUT that sets the desks to the given enabled state (spec 2): a repeat sets the same'
	},
	// spec 3: loyalty credit payments
	createCreditTransactionPreview: {
		policy: REPEATABLE,
		reason: 'the same X-Idempotency-Key on every attempt "prevents duplicate transactions" (spec 3)'
	},
	updateCreditTransaction: {
		policy: NOT_APPLIED_ONLY,
		reason: 'adds items without an idempotency key (spec 3): a repeat could add them twice'
	},
	finalizeCreditTransactionPreview: {
		policy: REPEATABLE,
		reason:
			'the cart is not resent and only different items are refused (spec 3): same id, same items'
	},
	cancelCreditTransaction: {
		policy: REPEATABLE,
		reason: 'never deducts credits (spec 3, States and transitions): a repeat changes nothing'
	},
	refundCreditTransactionByIntegration: {
		policy: NOT_APPLIED_ONLY,
		reason: 'gives credits back without an idempotency key (spec 3): a repeat could refund twice'
	}
} as const satisfies Record<string, RetryRule>;

export type OperationId = keyof typeof RETRY_TABLE;

/**
 * The policy of an operation. The types only admit operation ids of the table; an id that
 * reaches here untyped and unknown is a programming error, refused before anything is sent.
 */
export function retryPolicyOf(operation: OperationId): RetryPolicy {
	if (!Object.hasOwn(RETRY_TABLE, operation)) {
		throw new TypeError(`no retry policy for platform operation "${operation}"`);
	}
	return RETRY_TABLE[operation].policy;
}
