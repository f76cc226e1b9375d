/**
 * Did a ZVT reversal (06 30) whose answer was lost give the payment back? A reversal carries no
 * reference of its own, so it is never sent again; the terminal's last transaction (Repeat
 * Receipt) decides, on the facts of lost-payment.ts: a reversal is booked like a payment (only
 * once its status information was acknowledged), it is then the terminal's last transaction, and
 * its status information names the trace number of the payment it reversed (BMP 37).
 */
import {
	isKnownBefore,
	type LastTransactionAnswer,
	type TransactionNumbers
} from './lost-payment.ts';

export interface LostReversal {
	/** The payment it was to reverse: its trace number and amount. */
	paymentTraceNumber: number;
	amountMinor: number;
	/** The terminal's last booked transaction when the reversal was sent; null: none known. */
	knownBefore: TransactionNumbers | null;
}

export type LostReversalDecision = 'reversed' | 'not-reversed' | 'uncertain';

export function decideLostReversal(
	reversal: LostReversal,
	answer: LastTransactionAnswer
): LostReversalDecision {
	if (!answer.reached) return 'uncertain';
	const { last } = answer;
	if (last === null) return reversal.knownBefore === null ? 'not-reversed' : 'uncertain';
	if (isKnownBefore(last, reversal.knownBefore)) return 'not-reversed';
	const reversesThisPayment =
		last.originalTraceNumber === reversal.paymentTraceNumber &&
		last.resultCode === 0 &&
		(last.amountMinor === undefined || last.amountMinor === reversal.amountMinor);
	return reversesThisPayment ? 'reversed' : 'uncertain';
}
