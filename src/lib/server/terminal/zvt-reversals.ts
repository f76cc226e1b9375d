/**
 * Refunds on the ZVT terminal: a Reversal (06 30) of the whole approved payment, named by its
 * receipt number (docs/zvt.md "Reversal"). 06 30 has no partial form, and a partial refund
 * (06 31) needs the card present — so a part is refused without sending anything.
 *
 * The reversal is recorded `sent` before it goes out. A reversal carries no reference of its
 * own, so one whose answer was lost is never sent again: `refund` says `uncertain`, and the
 * refunds code settles it by `refundedMinor`, which reads the terminal's last transaction
 * (decideLostReversal). Callers run one call at a time (zvt-terminal.ts).
 */
import { decideLostReversal } from './lost-reversal.ts';
import type { RefundOutcome } from './payment-terminal.ts';
import type { ZvtAttempt, ZvtAttempts } from './zvt-attempts.ts';
import { numbersOf, type ZvtLink } from './zvt-link.ts';
import { ZvtInterruptedError, ZvtRejectedError } from './zvt/client-errors.ts';
import type { ReversalResult } from './zvt/zvt-client.ts';

/** Reversal refused: the payment was reversed already (docs/zvt.md "Reversal"). */
const ALREADY_REVERSED = 0xb4;

export class ZvtReversals {
	readonly #link: ZvtLink;
	readonly #attempts: ZvtAttempts;

	constructor(link: ZvtLink, attempts: ZvtAttempts) {
		this.#link = link;
		this.#attempts = attempts;
	}

	async refund(reference: string, amountMinor: number): Promise<RefundOutcome> {
		const payment = await this.#attempts.get(reference, 'payment');
		const receiptNumber = payment?.numbers?.receiptNumber ?? null;
		if (payment?.state !== 'approved' || receiptNumber === null) return 'failed';
		// 06 30 gives back the whole payment, or nothing.
		if (amountMinor !== payment.amountMinor) return 'failed';
		const recorded = await this.#attempts.recordSent({
			reference,
			kind: 'reversal',
			amountMinor,
			currencyCode: payment.currencyCode
		});
		// Reversed already, or a reversal whose answer was lost (refundedMinor settles it).
		if (recorded === null) return 'failed';
		let result: ReversalResult;
		try {
			result = await this.#link.whileBusy((client) =>
				client.reversal({ receiptNumber, amountMinor })
			);
		} catch (error) {
			const notSent = error instanceof ZvtInterruptedError && error.phase === 'connect';
			if (error instanceof ZvtRejectedError || notSent) {
				await this.#attempts.settle(reference, 'reversal', { state: 'not-reversed' });
				return 'failed';
			}
			// Lost on the way: the record stays `sent` for refundedMinor to settle.
			if (error instanceof ZvtInterruptedError) return 'uncertain';
			throw error;
		}
		return this.#settle(reference, result);
	}

	/**
	 * How much of the payment was given back: all once its reversal is done. A reversal whose
	 * answer was lost is settled first; null when not even the terminal's record tells (a person
	 * looks). Throws while the terminal cannot be reached: the refunds code reads again later.
	 */
	async refundedMinor(reference: string): Promise<number | null> {
		const reversal = await this.#attempts.get(reference, 'reversal');
		if (reversal === undefined) return 0;
		const state = reversal.state === 'sent' ? await this.#settleLost(reversal) : reversal.state;
		if (state === 'reversed') return reversal.amountMinor;
		return state === 'not-reversed' ? 0 : null;
	}

	async #settle(reference: string, result: ReversalResult): Promise<RefundOutcome> {
		if (result.outcome === 'reversed') {
			await this.#attempts.settle(reference, 'reversal', {
				state: 'reversed',
				numbers: numbersOf(result.statusInformation) ?? undefined,
				resultCode: 0
			});
			return 'refunded';
		}
		if (result.resultCode === ALREADY_REVERSED) {
			// Given back, but not by a reversal of ours that we know of: a person looks.
			await this.#attempts.settle(reference, 'reversal', {
				state: 'unknown',
				resultCode: result.resultCode
			});
			return 'uncertain';
		}
		await this.#attempts.settle(reference, 'reversal', {
			state: 'not-reversed',
			resultCode: result.resultCode
		});
		return 'failed';
	}

	async #settleLost(reversal: ZvtAttempt): Promise<ZvtAttempt['state']> {
		const payment = await this.#attempts.get(reversal.reference, 'payment');
		// A reversal is sent only for a payment with its numbers (refund).
		if (!payment?.numbers) return 'unknown';
		const answer = await this.#link.lastTransaction();
		if (!answer.reached) throw new Error('the card terminal cannot be reached');
		const decision = decideLostReversal(
			{
				paymentTraceNumber: payment.numbers.traceNumber,
				amountMinor: reversal.amountMinor,
				knownBefore: reversal.knownBefore
			},
			answer
		);
		const state = decision === 'uncertain' ? 'unknown' : decision;
		await this.#attempts.settle(reversal.reference, 'reversal', { state });
		return state;
	}
}
