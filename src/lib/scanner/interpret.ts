/**
 * What a scanned value is, for the staff's scanner check: a loyalty key (left-padded to 32,
 * shown masked), a deposit code, or neither. The screens that take payments and returns use
 * `normalizeTransactionKey` and `parseDepositCode` directly.
 */
import { parseDepositCode, type DepositCodeProblem } from '#lib/shared/deposit-code.ts';
import {
	normalizeTransactionKey,
	type TransactionKeyProblem
} from '#lib/shared/transaction-key.ts';

export type ScanInterpretation =
	| { kind: 'loyalty-key'; key: string; masked: string }
	| { kind: 'deposit-code'; code: string }
	| { kind: 'unknown'; keyProblem: TransactionKeyProblem; codeProblem: DepositCodeProblem };

/** All but the last `visible` characters hidden: a key is as good as money until it expires. */
export function maskSecret(value: string, visible = 4): string {
	return '•'.repeat(Math.max(0, value.length - visible)) + value.slice(-visible);
}

export function interpretScan(raw: string): ScanInterpretation {
	const key = normalizeTransactionKey(raw);
	if (key.key !== null) return { kind: 'loyalty-key', key: key.key, masked: maskSecret(key.key) };
	const code = parseDepositCode(raw);
	if (code.code !== null) return { kind: 'deposit-code', code: code.code };
	return { kind: 'unknown', keyProblem: key.reason, codeProblem: code.reason };
}
