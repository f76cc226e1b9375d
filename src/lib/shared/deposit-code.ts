/**
 * Deposit return codes (spec 1): the 40-character code of a container-deposit transaction,
 * shown to the guest as a QR and scanned or typed at the return station. The spec fixes only
 * the length; we accept the URL-safe alphabet [0-9A-Za-z_-]. Codes are case-sensitive (the
 * simulator looks them up exactly), so nothing is upper-cased. Shared by the browser and the
 * server: no Node imports here.
 */

export const DEPOSIT_CODE_LENGTH = 40;

export type DepositCodeProblem =
	| 'empty'
	| 'wrong-length'
	| 'invalid-characters'
	/** A 32-hex value: the guest scanned their loyalty QR instead of the deposit code. */
	| 'looks-like-loyalty-key';

export type ParsedDepositCode =
	{ code: string; reason: null } | { code: null; reason: DepositCodeProblem };

/** The code to send, or null and why not. Surrounding whitespace (a scanner's Enter) is trimmed. */
export function parseDepositCode(raw: string): ParsedDepositCode {
	const value = typeof raw === 'string' ? raw.trim() : '';
	if (value === '') return { code: null, reason: 'empty' };
	if (/^[0-9a-fA-F]{32}$/.test(value)) return { code: null, reason: 'looks-like-loyalty-key' };
	if (!/^[0-9A-Za-z_-]+$/.test(value)) return { code: null, reason: 'invalid-characters' };
	if (value.length !== DEPOSIT_CODE_LENGTH) return { code: null, reason: 'wrong-length' };
	return { code: value, reason: null };
}
