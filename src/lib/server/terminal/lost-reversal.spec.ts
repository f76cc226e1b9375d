import { describe, expect, it } from 'vitest';
import type { TerminalTransaction } from './lost-payment.ts';
import { decideLostReversal, type LostReversal } from './lost-reversal.ts';

/** The payment to reverse was the terminal's last transaction when the reversal was sent. */
const REVERSAL: LostReversal = {
	paymentTraceNumber: 42,
	amountMinor: 700,
	knownBefore: { traceNumber: 42, receiptNumber: 18 }
};
const REVERSED: TerminalTransaction = {
	resultCode: 0,
	amountMinor: 700,
	traceNumber: 43,
	receiptNumber: 19,
	originalTraceNumber: 42
};

function last(transaction: TerminalTransaction | null) {
	return { reached: true as const, last: transaction };
}

describe('deciding a reversal whose answer was lost', () => {
	it('is reversed when the last transaction reverses this payment', () => {
		expect(decideLostReversal(REVERSAL, last(REVERSED))).toBe('reversed');
		expect(decideLostReversal(REVERSAL, last({ ...REVERSED, amountMinor: undefined }))).toBe(
			'reversed'
		);
	});

	it('is not reversed when the last transaction is still the one known before', () => {
		expect(
			decideLostReversal(
				REVERSAL,
				last({ resultCode: 0, amountMinor: 700, traceNumber: 42, receiptNumber: 18 })
			)
		).toBe('not-reversed');
		expect(decideLostReversal({ ...REVERSAL, knownBefore: null }, last(null))).toBe('not-reversed');
	});

	it('is uncertain when the terminal cannot be reached or its last transaction is another', () => {
		expect(decideLostReversal(REVERSAL, { reached: false })).toBe('uncertain');
		expect(decideLostReversal(REVERSAL, last(null))).toBe('uncertain');
		for (const other of [
			{ ...REVERSED, originalTraceNumber: 41 },
			{ ...REVERSED, originalTraceNumber: undefined },
			{ ...REVERSED, resultCode: 0xb5 },
			{ ...REVERSED, amountMinor: 699 }
		]) {
			expect(decideLostReversal(REVERSAL, last(other)), JSON.stringify(other)).toBe('uncertain');
		}
	});
});
