/**
 * A ZVT card terminal behind the PaymentTerminal seam (docs/zvt.md, The adapter;
 * sales/terminal.ts): one kiosk's terminal on one connection, one command at a time — calls wait
 * their turn here, as the terminal takes no second command while one runs (`cancel` alone does not
 * wait: 06 B0 is the one message the ECR may send while a payment runs).
 *
 * Payments (zvt-payments.ts) and refunds (zvt-reversals.ts) are recorded in the store before
 * they are sent and settled from the terminal's own record when their answer is lost
 * (lost-payment.ts, lost-reversal.ts); the record is docs/zvt.md "The adapter".
 */
import type { Duplex } from 'node:stream';
import type { Store } from '../store/store.ts';
import type {
	PaymentTerminal,
	RefundOutcome,
	TerminalOutcome,
	TerminalRecord,
	TerminalRequest
} from './payment-terminal.ts';
import { ZvtAttempts } from './zvt-attempts.ts';
import { isTerminalError, ZvtLink, type BusyRetries } from './zvt-link.ts';
import { ZvtPayments, type PaymentProgressListener } from './zvt-payments.ts';
import { ZvtReversals } from './zvt-reversals.ts';
import type { IndividualTotals } from '@venue-kiosk/zvt/individual-totals.ts';
import { ZvtClient } from './zvt/zvt-client.ts';

export type { PaymentProgress } from './zvt-payments.ts';

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
	busyRetries?: BusyRetries;
	/** Told what the terminal shows while a payment runs, for the kiosk screen. Must not block. */
	onStatus?: PaymentProgressListener;
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

export class ZvtTerminal implements PaymentTerminal {
	readonly #link: ZvtLink;
	readonly #payments: ZvtPayments;
	readonly #reversals: ZvtReversals;
	#queue: Promise<unknown> = Promise.resolve();

	constructor(options: ZvtTerminalOptions) {
		const client = new ZvtClient({
			connect: options.connect,
			password: options.password,
			ackTimeoutMs: options.timeouts?.ackMs,
			resultTimeoutMs: options.timeouts?.resultMs
		});
		const attempts = new ZvtAttempts(
			options.store,
			options.deviceId,
			options.now ?? (() => new Date())
		);
		this.#link = new ZvtLink(
			client,
			attempts,
			{ currencyCode: options.currency.numericCode },
			options.busyRetries
		);
		this.#payments = new ZvtPayments({
			link: this.#link,
			attempts,
			currency: options.currency,
			onStatus: options.onStatus
		});
		this.#reversals = new ZvtReversals(this.#link, attempts);
	}

	collect(request: TerminalRequest): Promise<TerminalOutcome> {
		return this.#serially(() => this.#payments.collect(request));
	}

	lookup(reference: string): Promise<TerminalRecord> {
		return this.#serially(() => this.#payments.lookup(reference));
	}

	/** A reversal gives back the whole payment; a part would need 06 31 with the card present. */
	async partialRefundsOf(): Promise<boolean> {
		return false;
	}

	/** The whole payment, or nothing: a part is `failed` without asking the terminal. */
	refund(reference: string, amountMinor: number): Promise<RefundOutcome> {
		return this.#serially(() => this.#reversals.refund(reference, amountMinor));
	}

	refundedMinor(reference: string): Promise<number | null> {
		return this.#serially(() => this.#reversals.refundedMinor(reference));
	}

	/** Stops the payment under `reference` if it still waits for the card (zvt-payments.ts). */
	cancel(reference: string): boolean {
		return this.#payments.cancel(reference);
	}

	/** Whether the terminal answers, and how it is (the setup's "test connection"). */
	statusEnquiry(): Promise<TerminalStatus> {
		return this.#serially(async () => {
			try {
				const completion = await this.#link.client.statusEnquiry();
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
			const { statusInformation, receipt } = await this.#link.whileBusy((client) =>
				client.endOfDay()
			);
			return {
				totalMinor: statusInformation?.amountMinor ?? null,
				individualTotals: statusInformation?.individualTotals ?? null,
				receipt
			};
		});
	}

	/** Closes the connection (server shutdown); the next call opens a new one. */
	close(): void {
		this.#link.client.close();
	}

	#serially<T>(work: () => Promise<T>): Promise<T> {
		const run = this.#queue.then(work);
		this.#queue = run.catch(() => undefined);
		return run;
	}
}
