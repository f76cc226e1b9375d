/**
 * The error codes of spec 3 "Errors" as constants, plus the one the spec leaves open (an unknown
 * transaction id). HTTP statuses other than INSUFFICIENT_CREDIT's 400 are "not shown"; as
 * docs/platform-assumptions.md chooses: 400 request/state errors, 403 authority, 404 ids.
 */
import { PlatformError } from '../errors.ts';

export const CreditErrorCode = {
	keyFormatNotValid: 'X_TRANSACTION_KEY_FORMAT_IS_NOT_VALID',
	keyHasNoRightAuthority: 'X_TRANSACTION_HAS_NO_RIGHT_AUTHORITY',
	keyHasExpired: 'X_TRANSACTION_HAS_EXPIRED',
	notInActiveStatus: 'X_TRANSACTION_IS_NOT_IN_ACTIVE_STATUS',
	insufficientCredit: 'INSUFFICIENT_CREDIT',
	previewHasExpired: 'CREDIT_TRANSACTION_PREVIEW_HAS_EXPIRED',
	finalizedWithDifferentItems: 'CREDIT_TRANSACTION_HAS_ALREADY_BEEN_FINALIZED_WITH_DIFFERENT_ITEMS',
	idempotencyKeyReused: 'IDEMPOTENCY_KEY_HAS_ALREADY_BEEN_USED_WITH_DIFFERENT_VALUES',
	unsupportedVat: 'COULD_NOT_MAP_BIG_DECIMAL_TO_VAT_ENUM_VALUE',
	refundWindowPassed: 'CREDIT_TRANSACTION_CAN_NO_LONGER_BE_REFUNDED_BY_EXTERNAL_DEVICE',
	/** Not in the spec's table (404 is listed, its code is not shown). */
	transactionNotFound: 'CREDIT_TRANSACTION_NOT_FOUND'
} as const;

/** A 400 with one of the codes above. */
export function creditError(
	errorCode: string,
	message: string,
	descriptors: string[] = []
): PlatformError {
	return new PlatformError(400, errorCode, message, descriptors);
}
