/**
 * How a ZVT command can fail, typed so the caller (the payment terminal adapter) can decide
 * what to do next (docs/zvt.md "Client errors"):
 * - refused (`ZvtRejectedError`, `ZvtCommandAbortedError`): the terminal said no; nothing
 *   happened and the command may be tried again;
 * - interrupted (`ZvtInterruptedError` and its kinds): the exchange stopped part-way. `phase`
 *   and the two flags tell how far it got; when `statusInformationReceived`, the terminal may
 *   have booked the payment or not (docs/zvt.md "Drop points") — the caller asks the
 *   terminal's record (repeat receipt) before anything else, and never sends the payment again
 *   blindly.
 */
import type { StatusInformation } from '@venue-kiosk/zvt/status-information.ts';

export class ZvtClientBusyError extends Error {
	constructor() {
		super('the ZVT client runs one command at a time; another one is still running');
		this.name = 'ZvtClientBusyError';
	}
}

/** The terminal refused the command with 84 xx: it was not carried out. 83: not possible now (busy). */
export class ZvtRejectedError extends Error {
	readonly code: number;

	constructor(command: string, code: number) {
		super(`terminal refused ${command} (84 ${hexByte(code)})`);
		this.name = 'ZvtRejectedError';
		this.code = code;
	}
}

/** The terminal accepted the command, then ended it with Abort (06 1E). */
export class ZvtCommandAbortedError extends Error {
	/** Null: the terminal named no result (06 1E 00). */
	readonly resultCode: number | null;

	constructor(command: string, resultCode: number | null) {
		super(
			`terminal aborted ${command} (result code ${resultCode === null ? 'none' : hexByte(resultCode)})`
		);
		this.name = 'ZvtCommandAbortedError';
		this.resultCode = resultCode;
	}
}

/**
 * Where an exchange stopped: `connect` (nothing was sent), `command` (sent, the terminal's
 * 80 00 00 not yet read), `transaction` (acknowledged, no status information yet),
 * `completion` (status information read and acknowledged, no Completion/Abort yet).
 */
export type ExchangePhase = 'connect' | 'command' | 'transaction' | 'completion';

export interface ExchangeProgress {
	phase: ExchangePhase;
	commandAcknowledged: boolean;
	/** The status information read before the interruption, if any. */
	statusInformation: StatusInformation | null;
}

export abstract class ZvtInterruptedError extends Error {
	readonly phase: ExchangePhase;
	readonly commandAcknowledged: boolean;
	readonly statusInformationReceived: boolean;
	readonly statusInformation: StatusInformation | null;

	constructor(what: string, progress: ExchangeProgress, options?: ErrorOptions) {
		super(
			`${what} at ${progress.phase} (command acknowledged: ${yesNo(progress.commandAcknowledged)}, ` +
				`status information received: ${yesNo(progress.statusInformation !== null)})`,
			options
		);
		this.phase = progress.phase;
		this.commandAcknowledged = progress.commandAcknowledged;
		this.statusInformationReceived = progress.statusInformation !== null;
		this.statusInformation = progress.statusInformation;
	}
}

export class ZvtConnectionLostError extends ZvtInterruptedError {
	constructor(progress: ExchangeProgress, options?: ErrorOptions) {
		super('connection lost', progress, options);
		this.name = 'ZvtConnectionLostError';
	}
}

/** The terminal went quiet for longer than allowed; the client closed the connection. */
export class ZvtTimeoutError extends ZvtInterruptedError {
	constructor(progress: ExchangeProgress) {
		super('terminal silent', progress);
		this.name = 'ZvtTimeoutError';
	}
}

/**
 * The terminal sent something this client cannot read or did not expect. The client closed
 * the connection without acknowledging it: a terminal whose status information is not
 * acknowledged does not book the payment (docs/zvt.md "Drop points").
 */
export class ZvtProtocolError extends ZvtInterruptedError {
	constructor(detail: string, progress: ExchangeProgress, options?: ErrorOptions) {
		super(`protocol error (${detail})`, progress, options);
		this.name = 'ZvtProtocolError';
	}
}

function yesNo(value: boolean): string {
	return value ? 'yes' : 'no';
}

function hexByte(value: number): string {
	return value.toString(16).padStart(2, '0').toUpperCase();
}
