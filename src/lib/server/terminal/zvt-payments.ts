/**
 * Card payments on the ZVT terminal (Authorization, 06 01), asked once per reference: each is
 * recorded `sent` — with the terminal's last booked transaction — before it goes out, and a
 * reference recorded before is answered from its record, never sent again. A payment whose
 * answer was lost is settled from the terminal's own record by decideLostPayment: at once, or
 * by `lookup` after a crash or while the terminal cannot be reached (the record stays `sent`
 * until it can be). Callers run one call at a time (zvt-terminal.ts).
 */
import { decideLostPayment, type LostPaymentDecision } from './lost-payment.ts';
import type { TerminalOutcome, TerminalRecord, TerminalRequest } from './payment-terminal.ts';
import type { Settlement, ZvtAttempt, ZvtAttempts } from './zvt-attempts.ts';
import { numbersOf, type ZvtLink } from './zvt-link.ts';
import {
	ZvtInterruptedError,
	ZvtRejectedError,
	type ExchangeProgress
} from './zvt/client-errors.ts';
import type { IntermediateStatusMessage } from '@venue-kiosk/zvt/intermediate-status.ts';
import type { PaymentResult, StatusUpdate } from './zvt/zvt-client.ts';

/** What the terminal shows while a payment runs (04 FF), for the kiosk screen. */
export interface PaymentProgress {
	messageId: IntermediateStatusMessage;
	/** The terminal's own display lines, when it sent any. */
	text?: string;
}

export type PaymentProgressListener = (reference: string, progress: PaymentProgress) => void;

type LostProgress = Pick<ExchangeProgress, 'commandAcknowledged' | 'statusInformation'>;

/** After a crash nothing is known of how far the exchange got: the worst is assumed. */
const PROGRESS_UNKNOWN: LostProgress = { commandAcknowledged: true, statusInformation: null };

export class ZvtPayments {
	readonly #link: ZvtLink;
	readonly #attempts: ZvtAttempts;
	readonly #currency: { code: string; numericCode: number };
	readonly #onStatus: PaymentProgressListener | undefined;
	/** The reference of the payment on the wire now: what `cancel` may stop. */
	#paying: string | null = null;

	constructor(dependencies: {
		link: ZvtLink;
		attempts: ZvtAttempts;
		currency: { code: string; numericCode: number };
		onStatus?: PaymentProgressListener;
	}) {
		this.#link = dependencies.link;
		this.#attempts = dependencies.attempts;
		this.#currency = dependencies.currency;
		this.#onStatus = dependencies.onStatus;
	}

	async collect({
		reference,
		amountMinor,
		currencyCode
	}: TerminalRequest): Promise<TerminalOutcome> {
		if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) {
			throw new RangeError(`a payment is a positive integer of minor units, got ${amountMinor}`);
		}
		if (currencyCode !== this.#currency.code) {
			throw new RangeError(`the terminal takes ${this.#currency.code}, not ${currencyCode}`);
		}
		// A kiosk new to the terminal reads its last transaction first: unknown, an older payment
		// of the same amount could pass for this one if its answer were lost.
		if (!(await this.#attempts.knowsLast())) await this.#link.lastTransaction();
		const attempt = await this.#attempts.recordSent({
			reference,
			kind: 'payment',
			amountMinor,
			currencyCode
		});
		if (attempt === null) return collectOutcomeOf(await this.#recorded(reference));
		let result: PaymentResult;
		this.#paying = reference;
		try {
			result = await this.#link.whileBusy((client) =>
				client.authorize(
					{ amountMinor, currencyCode: this.#currency.numericCode },
					{ onStatus: (update) => this.#show(reference, update) }
				)
			);
		} catch (error) {
			if (error instanceof ZvtRejectedError) {
				// Refused (84 xx): not carried out.
				await this.#attempts.settle(reference, 'payment', {
					state: 'declined',
					resultCode: error.code
				});
				return 'declined';
			}
			if (!(error instanceof ZvtInterruptedError)) throw error;
			return collectOutcomeOf(await this.#recover(attempt, error));
		} finally {
			this.#paying = null;
		}
		return this.#settle(reference, result);
	}

	async lookup(reference: string): Promise<TerminalRecord> {
		const attempt = await this.#attempts.get(reference, 'payment');
		if (attempt === undefined) return 'not-found';
		const settled = attempt.state === 'sent' ? await this.#recover(attempt) : attempt;
		switch (settled.state) {
			case 'approved':
			case 'declined':
			case 'cancelled':
				return settled.state;
			case 'not-charged':
				return 'not-found';
			default:
				return 'unknown';
		}
	}

	/**
	 * Asks the terminal to stop the payment under `reference` while it waits for the card
	 * (06 B0); true when asked. Anything else — another payment, one not or no longer on the
	 * wire, one whose result is in — is left alone. The payment's own answer still decides.
	 */
	cancel(reference: string): boolean {
		return this.#paying === reference && this.#link.client.requestAbort();
	}

	async #settle(reference: string, result: PaymentResult): Promise<TerminalOutcome> {
		if (result.outcome === 'approved') {
			await this.#attempts.settle(reference, 'payment', {
				state: 'approved',
				numbers: numbersOf(result.statusInformation) ?? undefined,
				resultCode: 0
			});
			return 'approved';
		}
		const state = result.outcome === 'aborted' ? 'cancelled' : 'declined';
		await this.#attempts.settle(reference, 'payment', { state, resultCode: result.resultCode });
		return state;
	}

	/** The record of a payment, a `sent` one settled first (as far as the terminal can tell). */
	async #recorded(reference: string): Promise<ZvtAttempt> {
		const attempt = await this.#attempts.get(reference, 'payment');
		if (attempt === undefined) throw new Error(`no ZVT payment recorded under ${reference}`);
		return attempt.state === 'sent' ? this.#recover(attempt) : attempt;
	}

	/**
	 * Settles a payment whose answer was lost from the terminal's last transaction; the attempt
	 * as it is now (still `sent` when the terminal could not be reached).
	 */
	async #recover(
		attempt: ZvtAttempt,
		progress: LostProgress = PROGRESS_UNKNOWN
	): Promise<ZvtAttempt> {
		const answer = await this.#link.lastTransaction();
		const decision = decideLostPayment(
			{
				amountMinor: attempt.amountMinor,
				currencyCode: this.#currency.numericCode,
				knownBefore: attempt.knownBefore,
				commandAcknowledged: progress.commandAcknowledged,
				statusInformation: progress.statusInformation
			},
			answer
		);
		// Not reached: the record stays `sent`, and the next lookup asks again.
		if (decision.outcome === 'uncertain' && !answer.reached) return attempt;
		const settlement = settlementOf(decision);
		await this.#attempts.settle(attempt.reference, 'payment', settlement);
		return { ...attempt, state: settlement.state, numbers: settlement.numbers ?? null };
	}

	#show(reference: string, update: StatusUpdate): void {
		const progress: PaymentProgress = { messageId: update.message };
		if (update.texts.length > 0) progress.text = update.texts.join('\n');
		try {
			this.#onStatus?.(reference, progress);
		} catch {
			// The screen's trouble must not cut a payment short (the terminal would reverse it).
		}
	}
}

function settlementOf(decision: LostPaymentDecision): Settlement {
	switch (decision.outcome) {
		case 'approved':
			return { state: 'approved', numbers: decision.numbers, resultCode: 0 };
		case 'not-charged':
			return { state: 'not-charged' };
		case 'uncertain':
			return { state: 'unknown' };
	}
}

/** What `collect` answers from a record: one not known approved is `uncertain` (look it up). */
function collectOutcomeOf(attempt: ZvtAttempt): TerminalOutcome {
	switch (attempt.state) {
		case 'approved':
		case 'declined':
		case 'cancelled':
			return attempt.state;
		default:
			return 'uncertain';
	}
}
