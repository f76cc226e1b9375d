/**
 * Transaction keys (spec 3 "Transaction key"): "one-time", "single use and expires". States seen
 * through errors: active; expired (X_TRANSACTION_HAS_EXPIRED); already used or manually
 * invalidated (X_TRANSACTION_IS_NOT_IN_ACTIVE_STATUS).
 */
import { randomBytes } from 'node:crypto';
import { PlatformError } from '../errors.ts';
import type { SimState, TransactionKey } from '../state.ts';
import { CreditErrorCode, creditError } from './errors.ts';
import { walletOf } from './wallets.ts';

/**
 * The key behind `key` (already lower-case), if it may open a transaction for a device of
 * `organizationId`. Checked in this order: unknown, used or invalidated (both "not in active
 * status", so an unknown key is indistinguishable from an invalidated one), expired, and a
 * wallet of another organization (403 X_TRANSACTION_HAS_NO_RIGHT_AUTHORITY).
 */
export function activeTransactionKey(
	state: SimState,
	key: string,
	organizationId: string,
	now: number
): TransactionKey {
	const found = state.transactionKeys.find((candidate) => candidate.key === key);
	if (!found || found.state !== 'ACTIVE') {
		throw creditError(
			CreditErrorCode.notInActiveStatus,
			'The transaction key was already used or has been invalidated.'
		);
	}
	if (found.expiresAt <= now) {
		throw creditError(
			CreditErrorCode.keyHasExpired,
			'The transaction key has expired; the user must generate a new QR code.'
		);
	}
	if (walletOf(state, found.walletId).organizationId !== organizationId) {
		throw new PlatformError(
			403,
			CreditErrorCode.keyHasNoRightAuthority,
			'The transaction key is not valid at this organization.'
		);
	}
	return found;
}

/** spec 3 cancel: "the user's transaction key is consumed and cannot be reused". */
export function consumeTransactionKey(state: SimState, key: string): void {
	const found = state.transactionKeys.find((candidate) => candidate.key === key);
	if (found?.state === 'ACTIVE') found.state = 'USED';
}

/**
 * A fresh key for the wallet, as the user's app would show in its QR code: 32 random lower-case
 * hex characters, the first `leadingZeros` forced to '0' (so card-reader padding can be tried).
 * Lives `settings.transactionKeyTtlMinutes` of simulated time.
 */
export function issueTransactionKey(
	state: SimState,
	walletId: string,
	leadingZeros: number,
	now: number
): TransactionKey | undefined {
	for (let attempt = 0; attempt < 1_000; attempt += 1) {
		const key = '0'.repeat(leadingZeros) + randomBytes(16).toString('hex').slice(leadingZeros);
		if (state.transactionKeys.some((candidate) => candidate.key === key)) continue;
		const issued: TransactionKey = {
			key,
			walletId,
			createdAt: now,
			expiresAt: now + Math.round(state.settings.transactionKeyTtlMinutes * 60_000),
			state: 'ACTIVE'
		};
		state.transactionKeys.push(issued);
		return issued;
	}
	// Only reachable with (nearly) 31 leading zeros, where just 16 keys exist.
	return undefined;
}
