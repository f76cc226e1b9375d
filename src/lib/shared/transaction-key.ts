/**
 * Loyalty transaction keys (spec 3, "Transaction key"): a one-time 32-character hexadecimal
 * code from the user's QR code or a card. Card readers may drop leading zeros, so the scanned
 * value is left-padded with zeros to 32 characters "with no other change" — case is kept, only
 * the whitespace around a scan (a reader's Enter, a stray space) is trimmed. Shared by the
 * browser and the server: no Node imports here.
 */

export const TRANSACTION_KEY_LENGTH = 32;

/** spec 3, X-Transaction-Key: "pattern ^[0-9a-fA-F]{32}$". */
export const TRANSACTION_KEY_PATTERN = /^[0-9a-fA-F]{32}$/;

export type TransactionKeyProblem = 'empty' | 'too-long' | 'invalid-characters';

export type NormalizedTransactionKey =
	{ key: string; reason: null } | { key: null; reason: TransactionKeyProblem };

/**
 * The key to send, or null and why not: empty after trimming, characters other than hex digits
 * (checked first: a scanned URL or deposit code is "invalid characters", whatever its length),
 * or longer than 32 characters.
 */
export function normalizeTransactionKey(raw: string): NormalizedTransactionKey {
	const value = typeof raw === 'string' ? raw.trim() : '';
	if (value === '') return { key: null, reason: 'empty' };
	if (!/^[0-9a-fA-F]+$/.test(value)) return { key: null, reason: 'invalid-characters' };
	if (value.length > TRANSACTION_KEY_LENGTH) return { key: null, reason: 'too-long' };
	return { key: value.padStart(TRANSACTION_KEY_LENGTH, '0'), reason: null };
}
