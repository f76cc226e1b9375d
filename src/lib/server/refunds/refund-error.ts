/**
 * Why a staff refund could not go on, or how one part of it ended: short codes the back office
 * translates. A RefundError is thrown before anything is recorded or sent; once a
 * refund is under way, its outcome and code are kept on the sale's refund record instead.
 */
import type { RefundFailure } from '#lib/shared/refunds.ts';
import { CreditErrorCode } from '../platform/credits.ts';
import {
	isPlatformError,
	isRefusal,
	PlatformClientError,
	type PlatformApiError
} from '../platform/errors.ts';
import type { RepeatOutcome } from './lost-refund.ts';

export class RefundError extends Error {
	readonly failure: RefundFailure;

	constructor(failure: RefundFailure) {
		super(failure);
		this.failure = failure;
	}
}

/** spec 3's refund refused (a 4xx): what it means for this sale. */
function creditRefusalReason(error: PlatformApiError): RefundFailure {
	if (error.errorCode === CreditErrorCode.refundWindowPassed) {
		// spec 3 gives this one code for "24-hour window passed"; the simulator gives it also for a
		// transaction already refunded (docs/platform-assumptions.md, "refund"). No refund of these
		// credits is recorded here, and neither our clock (it may disagree with the platform's) nor
		// the answer tells which it is: staff are told both, and to compensate the guest by hand.
		return 'no-longer-refundable';
	}
	if (error.status === 404) return 'unknown-transaction';
	if (
		error.errorCode === CreditErrorCode.authorization ||
		error.errorCode === CreditErrorCode.noRightAuthority
	) {
		return 'not-authorized';
	}
	return 'platform-refused';
}

/** How a credit refund that threw ended: refused or not applied (known), or lost (uncertain). */
export type CreditCallFailure =
	| { outcome: 'failed'; errorCode: RefundFailure; platformCode: string }
	| { outcome: 'uncertain'; errorCode: 'outcome-unknown'; platformCode: string };

export function creditCallFailure(error: unknown): CreditCallFailure {
	if (!(error instanceof PlatformClientError)) throw error;
	const platformCode = 'errorCode' in error ? String(error.errorCode) : error.kind;
	// A timeout, a connection lost after sending, a 500/502/504: the refund may have taken effect.
	if (error.outcome === 'uncertain') {
		return { outcome: 'uncertain', errorCode: 'outcome-unknown', platformCode };
	}
	if (isRefusal(error)) {
		return { outcome: 'failed', errorCode: creditRefusalReason(error), platformCode };
	}
	// Known not applied: refused locally before sending, or a 503 / 429 / connection refused.
	const errorCode = error.kind === 'invalid-request' ? 'bad-request' : 'platform-unreachable';
	return { outcome: 'failed', errorCode, platformCode };
}

/**
 * How the repeat of a lost credit refund was answered, for decideLostRefund: refused with
 * spec 3's window code; refused otherwise; or no reading at all (lost again, or certainly not
 * applied: a 503, a 429, a connection refused) — then it is repeated on a later pass.
 */
export function repeatOutcomeOf(error: unknown): RepeatOutcome {
	if (!(error instanceof PlatformClientError)) throw error;
	if (isRefusal(error)) {
		return isPlatformError(error, CreditErrorCode.refundWindowPassed)
			? 'window-refused'
			: 'other-error';
	}
	// A request refused locally cannot become valid by waiting.
	return error.kind === 'invalid-request' ? 'other-error' : 'no-answer';
}
