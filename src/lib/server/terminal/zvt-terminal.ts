/**
 * A ZVT card terminal behind the PaymentTerminal seam (issue 15; sales/terminal.ts): one kiosk's
 * terminal, one connection, one command at a time — calls wait their turn, as the terminal
 * takes no second command while one runs.
 *
 * What the seam asks of it, and how:
 * - a card is asked once per reference: each payment is recorded `sent` (zvt-attempts.ts), with
 *   the terminal's last booked transaction, before Authorization goes out; a reference recorded
 *   before is answered from its record, never sent again;
 * - a payment whose answer was lost is settled from the terminal's own record (Repeat Receipt,
 *   asked while the terminal answers busy, a bounded number of times) by decideLostPayment —
 *   at once, or by `lookup` after a crash or while the terminal cannot be reached (the record
 *   stays `sent` until it can be);
 * - a refund is a Reversal (06 30) of the whole payment: 06 30 has no partial form, and a
 *   partial refund (06 31) needs the card present — so `partialRefunds` is false and a part is
 *   refused without sending anything. A reversal whose answer was lost is `uncertain`; the
 *   refunds code settles it by `refundedMinor`, which reads the terminal's record
 *   (decideLostReversal).
 */
import type { Duplex } from 'node:stream';
import type {
	PaymentTerminal,
	RefundOutcome,
	TerminalOutcome,
	TerminalRecord,
	TerminalRequest
} from '../sales/terminal.ts';
import type { Store } from '../store/store.ts';
import {
	decideLostPayment,
	type LastTransactionAnswer,
	type LostPaymentDecision,
	type TerminalTransaction,
	type TransactionNumbers
} from './lost-payment.ts';
import { decideLostReversal } from './lost-reversal.ts';
import { ZvtAttempts, type Settlement, type ZvtAttempt } from './zvt-attempts.ts';
import {
	ZvtCommandAbortedError,
	ZvtInterruptedError,
	ZvtRejectedError,
	type ExchangeProgress
} from './zvt/client-errors.ts';
import type { IndividualTotals } from './zvt/individual-totals.ts';
import type { IntermediateStatusMessage } from './zvt/intermediate-status.ts';
import { ZvtClient, type PaymentResult, type StatusUpdate } from './zvt/zvt-client.ts';

/** What the terminal shows while a payment runs (04 FF), for the kiosk screen. */
export interface PaymentProgress {
	messageId: IntermediateStatusMessage;
	/** The terminal's own display lines, when it sent any. */
	text?: string;
}

export interface ZvtTerminalOptions {
	store: Store;
	/** The kiosk whose terminal this is. */
	deviceId: string;
	/** Opens the connection to the terminal: `tcpConnector(host, port)` (zvt/zvt-client.ts). */
	connect: () => Promise<Duplex>;
	/** The terminal's six-digit password. */
	password: string;
	/** The sales' currency and its ISO 4217 numeric code, which the terminal is set up for. */
	currency: { code: string; numericCode: number };
	/** The client's: for the terminal's acknowledgement (5 s), between its messages (180 s). */
	timeouts?: { ackMs?: number; resultMs?: number };
	/** Asking a busy terminal again (84 83): how often in all, and how long apart. */
	busyRetries?: { attempts?: number; delayMs?: number };
	onStatus?: (reference: string, progress: PaymentProgress) => void;
	now?: () => Date;
}

export type TerminalStatus =
	| { reachable: true; terminalStatus: number | null; softwareVersion: string | null }
	| { reachable: false; reason: string };

export interface DayClosing {
	/** The batch's total as the terminal booked it; null when its answer named none. */
	totalMinor: number | null;
	/** Counts and totals per card scheme (BMP 60), when the terminal sent them. */
	individualTotals: IndividualTotals | null;
	receipt: string[];
}

/** The terminal's answer to a command it cannot run now: busy (docs/zvt.md "Acknowledgements"). */
const NOT_POSSIBLE = 0x83;
/** Reversal refused: the payment was reversed already (docs/zvt.md "Reversal"). */
const ALREADY_REVERSED = 0xb4;

/** After a crash nothing is known of how far the exchange got: the worst is assumed. */
const PROGRESS_UNKNOWN: Pick<ExchangeProgress, 'commandAcknowledged' | 'statusInformation'> = {
	commandAcknowledged: true,
	statusInformation: null
};

export class ZvtTerminal implements PaymentTerminal {
	readonly partialRefunds = false;
	readonly #client: ZvtClient;
	readonly #attempts: ZvtAttempts;
	readonly #currency: { code: string; numericCode: number };
	readonly #busyAttempts: number;
	readonly #busyDelayMs: number;
	readonly #onStatus: ((reference: string, progress: PaymentProgress) => void) | undefined;
	#queue: Promise<unknown> = Promise.resolve();
	/** The reference of the payment on the wire now: what `cancel` may stop. */
	#paying: string | null = null;

	constructor(options: ZvtTerminalOptions) {
		this.#client = new ZvtClient({
			connect: options.connect,
			password: options.password,
			ackTimeoutMs: options.timeouts?.ackMs,
			resultTimeoutMs: options.timeouts?.resultMs
		});
		this.#attempts = new ZvtAttempts(
			options.store,
			options.deviceId,
			options.now ?? (() => new Date())
		);
		this.#currency = options.currency;
		this.#busyAttempts = options.busyRetries?.attempts ?? 10;
		this.#busyDelayMs = options.busyRetries?.delayMs ?? 1_000;
		this.#onStatus = options.onStatus;
	}

	collect(request: TerminalRequest): Promise<TerminalOutcome> {
		return this.#serially(() => this.#collect(request));
	}

	lookup(reference: string): Promise<TerminalRecord> {
		return this.#serially(() => this.#lookup(reference));
	}

	refund(reference: string, amountMinor: number): Promise<RefundOutcome> {
		return this.#serially(() => this.#refund(reference, amountMinor));
	}

	refundedMinor(reference: string): Promise<number | null> {
		return this.#serially(() => this.#refundedMinor(reference));
	}

	/**
	 * Asks the terminal to stop the payment under `reference` while it waits for the card
	 * (06 B0); true when asked. Anything else — another payment, one not yet or no longer on the
	 * wire, one whose result is in — is left alone. The payment's own answer still decides.
	 */
	cancel(reference: string): boolean {
		return this.#paying === reference && this.#client.requestAbort();
	}

	/** Whether the terminal answers, and how it is (the setup's "test connection"). */
	statusEnquiry(): Promise<TerminalStatus> {
		return this.#serially(async () => {
			try {
				const completion = await this.#client.statusEnquiry();
				return {
					reachable: true,
					terminalStatus: completion.terminalStatus ?? null,
					softwareVersion: completion.softwareVersion ?? null
				};
			} catch (error) {
				if (!isTerminalError(error)) throw error;
				return { reachable: false, reason: error.message };
			}
		});
	}

	/** End of day (06 50): the terminal books its batch; its totals, in minor units. */
	endOfDay(): Promise<DayClosing> {
		return this.#serially(async () => {
			const { statusInformation, receipt } = await this.#whileBusy(() => this.#client.endOfDay());
			return {
				totalMinor: statusInformation?.amountMinor ?? null,
				individualTotals: statusInformation?.individualTotals ?? null,
				receipt
			};
		});
	}

	/** Closes the connection (server shutdown); the next call opens a new one. */
	close(): void {
		this.#client.close();
	}

	async #collect(request: TerminalRequest): Promise<TerminalOutcome> {
		const { reference, amountMinor, currencyCode } = request;
		if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) {
			throw new RangeError(`a payment is a positive integer of minor units, got ${amountMinor}`);
		}
		if (currencyCode !== this.#currency.code) {
			throw new RangeError(`the terminal takes ${this.#currency.code}, not ${currencyCode}`);
		}
		const attempt =
			(await this.#attempts.get(reference, 'payment')) === undefined
				? await this.#attempts.recordSent({ reference, kind: 'payment', amountMinor, currencyCode })
				: null;
		if (attempt === null) return collectOutcomeOf(await this.#paymentRecord(reference));
		let result: PaymentResult;
		this.#paying = reference;
		try {
			result = await this.#whileBusy(() =>
				this.#client.authorize(
					{ amountMinor, currencyCode: this.#currency.numericCode },
					{ onStatus: (update) => this.#showStatus(reference, update) }
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
			return collectOutcomeOf(await this.#recoverPayment(attempt, error));
		} finally {
			this.#paying = null;
		}
		return this.#settlePayment(reference, result);
	}

	async #settlePayment(reference: string, result: PaymentResult): Promise<TerminalOutcome> {
		if (result.outcome === 'approved') {
			const numbers = numbersOf(result.statusInformation);
			await this.#attempts.settle(reference, 'payment', {
				state: 'approved',
				numbers: numbers ?? undefined,
				resultCode: 0
			});
			return 'approved';
		}
		const state = result.outcome === 'aborted' ? 'cancelled' : 'declined';
		await this.#attempts.settle(reference, 'payment', { state, resultCode: result.resultCode });
		return state;
	}

	async #lookup(reference: string): Promise<TerminalRecord> {
		const attempt = await this.#attempts.get(reference, 'payment');
		if (attempt === undefined) return 'not-found';
		const settled = attempt.state === 'sent' ? await this.#recoverPayment(attempt) : attempt;
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

	/** The record of a payment, a `sent` one settled first (as far as the terminal can tell). */
	async #paymentRecord(reference: string): Promise<ZvtAttempt> {
		const attempt = await this.#attempts.get(reference, 'payment');
		if (attempt === undefined) throw new Error(`no ZVT payment recorded under ${reference}`);
		return attempt.state === 'sent' ? this.#recoverPayment(attempt) : attempt;
	}

	/**
	 * Settles a payment whose answer was lost from the terminal's record; the attempt as it is
	 * now (still `sent` when the terminal could not be reached).
	 */
	async #recoverPayment(
		attempt: ZvtAttempt,
		progress: Pick<ExchangeProgress, 'commandAcknowledged' | 'statusInformation'> = PROGRESS_UNKNOWN
	): Promise<ZvtAttempt> {
		const answer = await this.#lastTransaction();
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

	async #refund(reference: string, amountMinor: number): Promise<RefundOutcome> {
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
		try {
			const result = await this.#whileBusy(() =>
				this.#client.reversal({ receiptNumber, amountMinor })
			);
			if (result.outcome === 'reversed') {
				const numbers = numbersOf(result.statusInformation);
				await this.#attempts.settle(reference, 'reversal', {
					state: 'reversed',
					numbers: numbers ?? undefined,
					resultCode: 0
				});
				return 'refunded';
			}
			if (result.resultCode === ALREADY_REVERSED) {
				// Reversed, but not by a reversal of ours that we know of: a person looks.
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
	}

	async #refundedMinor(reference: string): Promise<number | null> {
		const reversal = await this.#attempts.get(reference, 'reversal');
		if (reversal === undefined) return 0;
		const state =
			reversal.state === 'sent' ? await this.#settleLostReversal(reversal) : reversal.state;
		if (state === 'reversed') return reversal.amountMinor;
		return state === 'not-reversed' ? 0 : null;
	}

	/** Throws while the terminal cannot be reached: the refunds code reads again later. */
	async #settleLostReversal(reversal: ZvtAttempt): Promise<ZvtAttempt['state']> {
		const paymentNumbers = (await this.#attempts.get(reversal.reference, 'payment'))?.numbers;
		if (!paymentNumbers) return 'unknown';
		const answer = await this.#lastTransaction();
		if (!answer.reached) throw new Error('the card terminal cannot be reached');
		const decision = decideLostReversal(
			{
				paymentTraceNumber: paymentNumbers.traceNumber,
				amountMinor: reversal.amountMinor,
				knownBefore: reversal.knownBefore
			},
			answer
		);
		const state = decision === 'uncertain' ? 'unknown' : decision;
		await this.#attempts.settle(reversal.reference, 'reversal', { state });
		return state;
	}

	/**
	 * The terminal's last booked transaction (Repeat Receipt), asked while it answers busy —
	 * still finishing the exchange that was cut off — at most `busyRetries.attempts` times.
	 */
	async #lastTransaction(): Promise<LastTransactionAnswer> {
		let repeated;
		try {
			repeated = await this.#whileBusy(() => this.#client.repeatReceipt());
		} catch (error) {
			if (isTerminalError(error)) return { reached: false };
			throw error;
		}
		const last = repeated?.statusInformation ?? null;
		const numbers = last && numbersOf(last);
		if (numbers) await this.#attempts.rememberLast(numbers);
		return { reached: true, last };
	}

	async #whileBusy<T>(command: () => Promise<T>): Promise<T> {
		for (let attempt = 1; ; attempt += 1) {
			try {
				return await command();
			} catch (error) {
				const busy = error instanceof ZvtRejectedError && error.code === NOT_POSSIBLE;
				if (!busy || attempt >= this.#busyAttempts) throw error;
			}
			await new Promise((resolve) => setTimeout(resolve, this.#busyDelayMs));
		}
	}

	#showStatus(reference: string, update: StatusUpdate): void {
		const progress: PaymentProgress = { messageId: update.message };
		if (update.texts.length > 0) progress.text = update.texts.join('\n');
		try {
			this.#onStatus?.(reference, progress);
		} catch {
			// The screen's trouble must not cut a payment short (the terminal would reverse it).
		}
	}

	#serially<T>(work: () => Promise<T>): Promise<T> {
		const run = this.#queue.then(work);
		this.#queue = run.catch(() => undefined);
		return run;
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

/** What `collect` answers from a record: a payment not found approved is `uncertain` (look it up). */
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

function numbersOf(info: TerminalTransaction): TransactionNumbers | null {
	return info.traceNumber === undefined
		? null
		: { traceNumber: info.traceNumber, receiptNumber: info.receiptNumber ?? null };
}

/** The terminal refused, aborted, or could not be reached or understood. */
function isTerminalError(
	error: unknown
): error is ZvtInterruptedError | ZvtRejectedError | ZvtCommandAbortedError {
	return (
		error instanceof ZvtInterruptedError ||
		error instanceof ZvtRejectedError ||
		error instanceof ZvtCommandAbortedError
	);
}
