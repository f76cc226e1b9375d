/** Finding a credit transaction and the checks every lifecycle step shares. */
import { PlatformError, validationFailed } from '../errors.ts';
import type { CreditItem, CreditTransaction, SimState } from '../state.ts';
import { CreditErrorCode, creditError } from './errors.ts';
import { canonicalJson } from './idempotency.ts';

/**
 * The transaction `id` of the calling device; 404 CREDIT_TRANSACTION_NOT_FOUND otherwise, also
 * when another device created it (the id came from that device's preview).
 */
export function transactionOfDevice(
	state: SimState,
	id: string,
	deviceId: string
): CreditTransaction {
	const transaction = state.creditTransactions.find(
		(candidate) => candidate.id === id && candidate.deviceId === deviceId
	);
	if (!transaction) {
		throw new PlatformError(
			404,
			CreditErrorCode.transactionNotFound,
			`No credit transaction ${id} for this device.`
		);
	}
	return transaction;
}

/** The body's currency must be the wallet's (a credit is "1 unit of the local currency"). */
export function assertSameCurrency(requested: string, expected: string, field: string): void {
	if (requested !== expected) {
		throw validationFailed([
			`${field}: currency mismatch, ${requested} given but the wallet is in ${expected}`
		]);
	}
}

/** "Too long since preview creation" (CREDIT_TRANSACTION_PREVIEW_HAS_EXPIRED). */
export function assertPreviewNotExpired(transaction: CreditTransaction, now: number): void {
	if (transaction.previewExpiresAt <= now) {
		throw creditError(
			CreditErrorCode.previewHasExpired,
			'The preview has expired; create a new preview (and a new QR code if the key also expired).'
		);
	}
}

/** The cancelled state surfaces as "not in active status" (spec 3 names no states). */
export function notActive(transaction: CreditTransaction): PlatformError {
	return creditError(
		CreditErrorCode.notInActiveStatus,
		`The credit transaction ${transaction.id} is ${transaction.status.toLowerCase()}.`
	);
}

export function finalizedWithDifferentItems(transaction: CreditTransaction): PlatformError {
	return creditError(
		CreditErrorCode.finalizedWithDifferentItems,
		`The credit transaction ${transaction.id} was already finalized with other items.`
	);
}

/** What "the same items" means for a repeated finalize: every figure of every item. */
export function itemsFingerprint(items: readonly CreditItem[]): string {
	return canonicalJson(items);
}
