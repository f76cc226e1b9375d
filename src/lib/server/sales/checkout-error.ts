/** How a step of the checkout saga fails towards the guest screen: a code the screen translates. */
import type { CheckoutFailure } from '#lib/shared/checkout-failure.ts';
import { isRefusal, PlatformClientError } from '../platform/errors.ts';
import type { QuoteProblem } from './quote.ts';

export class CheckoutError extends Error {
	readonly failure: CheckoutFailure;
	readonly detail: QuoteProblem | string | undefined;

	constructor(failure: CheckoutFailure, detail?: QuoteProblem | string) {
		super(failure);
		this.failure = failure;
		this.detail = detail;
	}
}

/** spec 3 error codes → what the guest is told. */
const CREDIT_FAILURES: Record<string, CheckoutFailure> = {
	X_TRANSACTION_KEY_FORMAT_IS_NOT_VALID: 'key-format',
	X_TRANSACTION_HAS_EXPIRED: 'key-expired',
	X_TRANSACTION_IS_NOT_IN_ACTIVE_STATUS: 'key-used',
	X_TRANSACTION_HAS_NO_RIGHT_AUTHORITY: 'key-other-venue',
	INSUFFICIENT_CREDIT: 'insufficient-credit',
	CREDIT_TRANSACTION_PREVIEW_HAS_EXPIRED: 'preview-expired',
	COULD_NOT_MAP_BIG_DECIMAL_TO_VAT_ENUM_VALUE: 'menu-vat'
};

/** A platform failure as the guest's failure; anything else is a programming error, rethrown. */
export function failureOf(error: unknown): CheckoutFailure {
	if (error instanceof CheckoutError) return error.failure;
	if (isRefusal(error)) {
		return CREDIT_FAILURES[error.errorCode] ?? 'platform-refused';
	}
	if (error instanceof PlatformClientError) {
		return error.kind === 'malformed-response' ? 'platform-refused' : 'platform-unavailable';
	}
	throw error;
}
