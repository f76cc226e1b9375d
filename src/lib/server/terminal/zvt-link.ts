/**
 * The kiosk's one ECR client of its terminal, with what payments and reversals both need of it:
 * the ECR registered (06 00) before its first command and again after a lost connection (the
 * terminal may have restarted and forgotten it: docs/zvt.md "Registration"), commands asked
 * again while the terminal answers busy (84 83: still finishing an exchange that
 * was cut off, or serving another ECR) a bounded number of times, and the terminal's record of
 * its last booked transaction (Repeat Receipt) — which is also remembered in the store as the
 * last transaction known before the next command.
 */
import type {
	LastTransactionAnswer,
	TerminalTransaction,
	TransactionNumbers
} from './lost-payment.ts';
import type { ZvtAttempts } from './zvt-attempts.ts';
import {
	ZvtCommandAbortedError,
	ZvtInterruptedError,
	ZvtRejectedError
} from './zvt/client-errors.ts';
import type { RegistrationConfig, ZvtClient } from './zvt/zvt-client.ts';

/** The terminal's answer to a command it cannot run now (docs/zvt.md "Acknowledgements"). */
const NOT_POSSIBLE = 0x83;

export interface BusyRetries {
	/** How often a command is sent in all while the terminal answers busy; default 10. */
	attempts?: number;
	/** How long apart; default 1 s. */
	delayMs?: number;
}

export class ZvtLink {
	readonly client: ZvtClient;
	readonly #attempts: ZvtAttempts;
	readonly #busyAttempts: number;
	readonly #busyDelayMs: number;
	readonly #registration: RegistrationConfig;
	/** Registered on the connection now: false at first and after a connection was lost. */
	#registered = false;

	constructor(
		client: ZvtClient,
		attempts: ZvtAttempts,
		registration: RegistrationConfig,
		busyRetries: BusyRetries = {}
	) {
		this.client = client;
		this.#attempts = attempts;
		this.#registration = registration;
		this.#busyAttempts = busyRetries.attempts ?? 10;
		this.#busyDelayMs = busyRetries.delayMs ?? 1_000;
	}

	/**
	 * Runs `command` (registered first, when not yet), again while the terminal answers busy; its
	 * last refusal is thrown. A registration that fails is thrown as the command's: the command
	 * was not sent.
	 */
	async whileBusy<T>(command: (client: ZvtClient) => Promise<T>): Promise<T> {
		for (let attempt = 1; ; attempt += 1) {
			try {
				if (!this.#registered) {
					await this.client.register(this.#registration);
					this.#registered = true;
				}
				return await command(this.client);
			} catch (error) {
				if (error instanceof ZvtInterruptedError) this.#registered = false;
				const busy = error instanceof ZvtRejectedError && error.code === NOT_POSSIBLE;
				if (!busy || attempt >= this.#busyAttempts) throw error;
			}
			await new Promise((resolve) => setTimeout(resolve, this.#busyDelayMs));
		}
	}

	/** The terminal's last booked transaction, or `reached: false` when it gives no answer. */
	async lastTransaction(): Promise<LastTransactionAnswer> {
		let repeated;
		try {
			repeated = await this.whileBusy((client) => client.repeatReceipt());
		} catch (error) {
			if (isTerminalError(error)) return { reached: false };
			throw error;
		}
		const last = repeated?.statusInformation ?? null;
		const numbers = last && numbersOf(last);
		if (numbers) await this.#attempts.rememberLast(numbers);
		return { reached: true, last };
	}
}

/** A transaction's numbers, when its status information names its trace number. */
export function numbersOf(info: TerminalTransaction): TransactionNumbers | null {
	return info.traceNumber === undefined
		? null
		: { traceNumber: info.traceNumber, receiptNumber: info.receiptNumber ?? null };
}

/** The terminal refused, aborted, or could not be reached or understood. */
export function isTerminalError(
	error: unknown
): error is ZvtInterruptedError | ZvtRejectedError | ZvtCommandAbortedError {
	return (
		error instanceof ZvtInterruptedError ||
		error instanceof ZvtRejectedError ||
		error instanceof ZvtCommandAbortedError
	);
}
