import { describe, expect, it } from 'vitest';
import {
	decideLostPayment,
	type LastTransactionAnswer,
	type LostPayment,
	type TerminalTransaction
} from './lost-payment.ts';

const EUR = 978;
/** The terminal's last booked transaction before the payment was sent. */
const BEFORE = { traceNumber: 41, receiptNumber: 17 };
const PAYMENT: LostPayment = {
	amountMinor: 700,
	currencyCode: EUR,
	knownBefore: BEFORE,
	commandAcknowledged: true,
	statusInformation: null
};
/** The payment as the terminal booked it. */
const BOOKED: TerminalTransaction = {
	resultCode: 0,
	amountMinor: 700,
	currencyCode: EUR,
	traceNumber: 42,
	receiptNumber: 18
};

function last(transaction: TerminalTransaction | null): LastTransactionAnswer {
	return { reached: true, last: transaction };
}

describe('deciding a payment whose answer was lost', () => {
	it('is not charged when the terminal never acknowledged the command, whatever it says now', () => {
		const unacknowledged = { ...PAYMENT, commandAcknowledged: false };
		expect(decideLostPayment(unacknowledged, { reached: false })).toEqual({
			outcome: 'not-charged'
		});
		expect(decideLostPayment(unacknowledged, last(BOOKED))).toEqual({ outcome: 'not-charged' });
	});

	it('is uncertain when the terminal cannot be reached', () => {
		expect(decideLostPayment(PAYMENT, { reached: false })).toEqual({ outcome: 'uncertain' });
	});

	it('is not charged when the last transaction is still the one known before', () => {
		expect(decideLostPayment(PAYMENT, last({ ...BOOKED, ...BEFORE }))).toEqual({
			outcome: 'not-charged'
		});
		// Also when the status information reported an approval the terminal did not book (a).
		expect(
			decideLostPayment({ ...PAYMENT, statusInformation: BOOKED }, last({ ...BOOKED, ...BEFORE }))
		).toEqual({ outcome: 'not-charged' });
	});

	it('is not charged when the terminal has booked nothing and none was known', () => {
		expect(decideLostPayment({ ...PAYMENT, knownBefore: null }, last(null))).toEqual({
			outcome: 'not-charged'
		});
	});

	it('is uncertain when the terminal has forgotten the transaction known before', () => {
		expect(decideLostPayment(PAYMENT, last(null))).toEqual({ outcome: 'uncertain' });
	});

	it('is approved when a newer payment of this amount went through, with its numbers', () => {
		const approved = { outcome: 'approved', numbers: { traceNumber: 42, receiptNumber: 18 } };
		expect(decideLostPayment(PAYMENT, last(BOOKED))).toEqual(approved);
		expect(decideLostPayment({ ...PAYMENT, knownBefore: null }, last(BOOKED))).toEqual(approved);
		expect(decideLostPayment({ ...PAYMENT, statusInformation: BOOKED }, last(BOOKED))).toEqual(
			approved
		);
		expect(
			decideLostPayment(
				PAYMENT,
				last({ ...BOOKED, currencyCode: undefined, receiptNumber: undefined })
			)
		).toEqual({ outcome: 'approved', numbers: { traceNumber: 42, receiptNumber: null } });
	});

	it('is uncertain when the newer transaction is not this payment approved', () => {
		for (const other of [
			{ ...BOOKED, amountMinor: 701 },
			{ ...BOOKED, currencyCode: 756 },
			{ ...BOOKED, resultCode: 0x05 },
			{ ...BOOKED, originalTraceNumber: 40 },
			{ ...BOOKED, traceNumber: undefined }
		]) {
			expect(decideLostPayment(PAYMENT, last(other)), JSON.stringify(other)).toEqual({
				outcome: 'uncertain'
			});
		}
	});

	it('is uncertain when the status information named another transaction than the last one', () => {
		expect(
			decideLostPayment(
				{ ...PAYMENT, statusInformation: { ...BOOKED, traceNumber: 43 } },
				last(BOOKED)
			)
		).toEqual({ outcome: 'uncertain' });
	});

	it('is not charged when the terminal’s record of this very payment says it did not go through', () => {
		const declined = { ...BOOKED, resultCode: 0x05, receiptNumber: undefined };
		expect(decideLostPayment({ ...PAYMENT, statusInformation: declined }, last(declined))).toEqual({
			outcome: 'not-charged'
		});
	});
});
