/**
 * Typed errors of the platform client, by kind (stripe-node style). Every error says whether the
 * call's outcome is known — the platform certainly did not act (or answered with an error) — or
 * uncertain: the request may have taken effect (timeout, connection lost after sending, an
 * unreadable success, a 500/502/504 that may hide a crash half-way). Money-affecting callers
 * journal uncertain outcomes and resolve them.
 *
 * No error carries the API key, a request header or a request body: only the operation name,
 * statuses, the platform's error envelope and our own problem descriptions.
 */

export type CallOutcome = 'known' | 'uncertain';

export type PlatformErrorKind =
	'api' | 'network' | 'timeout' | 'malformed-response' | 'invalid-request';

export abstract class PlatformClientError extends Error {
	abstract readonly kind: PlatformErrorKind;
	readonly operation: string;
	readonly outcome: CallOutcome;

	constructor(operation: string, message: string, outcome: CallOutcome, options?: ErrorOptions) {
		super(`${operation}: ${message}`, options);
		this.operation = operation;
		this.outcome = outcome;
	}
}

/**
 * Statuses after which the platform may have acted although it answered with an error: an
 * internal error or a gateway that lost the upstream's answer. 503 is "safe to retry" (spec 2),
 * so the platform did not act; 4xx are its definitive refusals.
 */
const UNCERTAIN_STATUSES = new Set([500, 502, 504]);

/** The platform answered with an error envelope: decide by `errorCode`, never by status alone. */
export class PlatformApiError extends PlatformClientError {
	override readonly name = 'PlatformApiError';
	readonly kind = 'api';
	readonly status: number;
	/** The envelope's `errorModel.errorCode`, or `HTTP_<status>` when there is no envelope. */
	readonly errorCode: string;
	/** The envelope's `errorModel.message` (human-readable, not for decisions). */
	readonly platformMessage: string;
	readonly descriptors: string[];

	constructor(
		operation: string,
		status: number,
		errorCode: string,
		message: string,
		descriptors: string[],
		outcome: CallOutcome = UNCERTAIN_STATUSES.has(status) ? 'uncertain' : 'known'
	) {
		super(operation, `${status} ${errorCode}: ${message}`, outcome);
		this.status = status;
		this.errorCode = errorCode;
		this.platformMessage = message;
		this.descriptors = descriptors;
	}
}

/** No usable answer arrived: refused before sending (known) or lost on the way (uncertain). */
export class PlatformNetworkError extends PlatformClientError {
	override readonly name = 'PlatformNetworkError';
	readonly kind = 'network';
}

/** No answer within the time limit; the platform may still have acted. */
export class PlatformTimeoutError extends PlatformClientError {
	override readonly name = 'PlatformTimeoutError';
	readonly kind = 'timeout';
	readonly timeoutMs: number;

	constructor(operation: string, timeoutMs: number) {
		super(operation, `no answer within ${timeoutMs} ms`, 'uncertain');
		this.timeoutMs = timeoutMs;
	}
}

/** A success status whose body breaks the contract: the call took effect, its result is unreadable. */
export class PlatformMalformedResponseError extends PlatformClientError {
	override readonly name = 'PlatformMalformedResponseError';
	readonly kind = 'malformed-response';
	readonly status: number;
	readonly problems: string[];

	constructor(operation: string, status: number, problems: string[]) {
		super(operation, `unexpected response (${problems.slice(0, 3).join('; ')})`, 'uncertain');
		this.status = status;
		this.problems = problems;
	}
}

/**
 * The request breaks a constraint of the spec (or a transaction key / deposit code is not
 * well-formed) and was refused locally, before any network call: nothing was sent.
 */
export class PlatformRequestError extends PlatformClientError {
	override readonly name = 'PlatformRequestError';
	readonly kind = 'invalid-request';
	readonly problems: string[];

	constructor(operation: string, problems: string[]) {
		super(operation, `invalid request (${problems.slice(0, 3).join('; ')})`, 'known');
		this.problems = problems;
	}
}

export function isPlatformError(error: unknown, errorCode?: string): error is PlatformApiError {
	return (
		error instanceof PlatformApiError && (errorCode === undefined || error.errorCode === errorCode)
	);
}

/**
 * The platform answered definitively that it did not and will not do this (a 4xx other than
 * 429): repeating the same call cannot succeed. Everything else — 5xx, 429, time-outs, lost or
 * refused connections — leaves the call to be repeated later (where the spec makes a repeat
 * safe) or to be settled by reading state.
 */
export function isRefusal(error: unknown): error is PlatformApiError {
	return (
		error instanceof PlatformApiError &&
		error.status >= 400 &&
		error.status < 500 &&
		error.status !== 429
	);
}
