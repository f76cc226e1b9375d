/** The two preview-only headers of spec 3 "Authentication". */
import type { IncomingHttpHeaders } from 'node:http';
import { validationFailed } from '../errors.ts';
import { CreditErrorCode, creditError } from './errors.ts';

/** "X-Transaction-Key | preview only | pattern ^[0-9a-fA-F]{32}$". */
const TRANSACTION_KEY_PATTERN = /^[0-9a-fA-F]{32}$/;

/**
 * The transaction key, lower-cased (keys compare case-insensitively). No server-side padding:
 * spec 3 Transaction key says the client left-pads; "exactly 32 hexadecimal characters after
 * padding" (Limits). Missing or malformed → 400 X_TRANSACTION_KEY_FORMAT_IS_NOT_VALID.
 */
export function readTransactionKey(headers: IncomingHttpHeaders): string {
	const value = headers['x-transaction-key'];
	if (typeof value !== 'string' || !TRANSACTION_KEY_PATTERN.test(value)) {
		throw creditError(
			CreditErrorCode.keyFormatNotValid,
			'X-Transaction-Key must be exactly 32 hexadecimal characters; left-pad a scanned key with zeros.',
			['X-Transaction-Key: must match ^[0-9a-fA-F]{32}$']
		);
	}
	return value.toLowerCase();
}

/** "X-Idempotency-Key | preview only | 1 to 255 characters"; otherwise 400 VALIDATION_FAILED. */
export function readIdempotencyKey(headers: IncomingHttpHeaders): string {
	const value = headers['x-idempotency-key'];
	if (typeof value !== 'string' || value.length < 1 || value.length > 255) {
		throw validationFailed(['X-Idempotency-Key: required, 1 to 255 characters']);
	}
	return value;
}
