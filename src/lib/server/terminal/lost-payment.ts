/**
 * Was a ZVT payment whose answer was lost (dropped connection, silent terminal, unreadable
 * answer, or the kiosk server died while it waited) charged? It is never sent again; the
 * terminal's own record of its last transaction (Repeat Receipt, 06 20) decides. The facts it
 * rests on (docs/zvt.md "Exchanges", "Drop points", "Status information"):
 * 1. a terminal books a payment only once the ECR acknowledged the status information that
 *    reports it (otherwise it reverses it itself); the ECR acknowledges only what it read, and
 *    reads status information only after the terminal acknowledged the command — so a command
 *    whose acknowledgement never arrived booked nothing;
 * 2. Repeat Receipt repeats the terminal's last booked transaction, across connections: a
 *    payment booked after the one known before sending is that last transaction, one not
 *    booked is not;
 * 3. every transaction gets a trace number of its own (BMP 0B), so a last transaction with
 *    other numbers than the one known before sending is a newer one;
 * 4. a reversal's status information names the trace number of the payment it reverses
 *    (BMP 37); a payment's does not;
 * 5. result code 00 is success.
 * Anything the facts do not settle — the terminal unreachable, a newer transaction that is not
 * this payment, a terminal that forgot what we knew — is `uncertain`: a person checks.
 */
import type { StatusInformation } from '@venue-kiosk/zvt/status-information.ts';

/** What a status information says of one transaction, as far as the decisions read it. */
export type TerminalTransaction = Pick<
	StatusInformation,
	| 'resultCode'
	| 'amountMinor'
	| 'currencyCode'
	| 'traceNumber'
	| 'receiptNumber'
	| 'originalTraceNumber'
>;

/** The numbers that name a transaction on the terminal. */
export interface TransactionNumbers {
	traceNumber: number;
	receiptNumber: number | null;
}

/** The terminal's answer to Repeat Receipt: its last transaction (null: none), or no answer. */
export type LastTransactionAnswer =
	{ reached: true; last: TerminalTransaction | null } | { reached: false };

export interface LostPayment {
	amountMinor: number;
	/** ISO 4217 numeric, as the terminal names it. */
	currencyCode: number;
	/** The terminal's last booked transaction when the payment was sent; null: none known. */
	knownBefore: TransactionNumbers | null;
	/** False only when it is certain the terminal did not acknowledge the command. */
	commandAcknowledged: boolean;
	/** The status information read before the answer was lost, if any. */
	statusInformation: TerminalTransaction | null;
}

export type LostPaymentDecision =
	| { outcome: 'approved'; numbers: TransactionNumbers }
	| { outcome: 'not-charged' }
	| { outcome: 'uncertain' };

export function decideLostPayment(
	payment: LostPayment,
	answer: LastTransactionAnswer
): LostPaymentDecision {
	if (!payment.commandAcknowledged) return { outcome: 'not-charged' }; // fact 1
	if (!answer.reached) return { outcome: 'uncertain' };
	const { last } = answer;
	if (last === null) {
		// Nothing booked at all: not this payment either — unless the terminal forgot one we knew.
		return payment.knownBefore === null ? { outcome: 'not-charged' } : { outcome: 'uncertain' };
	}
	if (isKnownBefore(last, payment.knownBefore)) return { outcome: 'not-charged' }; // fact 2
	const reported = payment.statusInformation?.traceNumber;
	if (reported !== undefined && last.traceNumber !== reported) return { outcome: 'uncertain' };
	if (reported !== undefined && last.resultCode !== 0 && last.originalTraceNumber === undefined) {
		// The terminal's record of this very payment says it did not go through.
		return { outcome: 'not-charged' };
	}
	return isThisPaymentApproved(last, payment)
		? {
				outcome: 'approved',
				numbers: { traceNumber: last.traceNumber, receiptNumber: last.receiptNumber ?? null }
			}
		: { outcome: 'uncertain' };
}

/** Whether `last` is the transaction known before sending (fact 3: same numbers). */
export function isKnownBefore(
	last: TerminalTransaction,
	knownBefore: TransactionNumbers | null
): boolean {
	return (
		knownBefore !== null &&
		last.traceNumber === knownBefore.traceNumber &&
		(last.receiptNumber ?? null) === knownBefore.receiptNumber
	);
}

/** A newer transaction that is a payment (fact 4) of this amount and currency, approved (fact 5). */
function isThisPaymentApproved(
	last: TerminalTransaction,
	payment: LostPayment
): last is TerminalTransaction & { traceNumber: number } {
	return (
		last.traceNumber !== undefined &&
		last.originalTraceNumber === undefined &&
		last.resultCode === 0 &&
		last.amountMinor === payment.amountMinor &&
		(last.currencyCode === undefined || last.currencyCode === payment.currencyCode)
	);
}
