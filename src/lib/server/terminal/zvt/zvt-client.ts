/**
 * The ECR side of ZVT over one TCP connection (docs/zvt.md "Exchanges"). Each command is a
 * master-slave exchange: the client sends the command and waits up to `ackTimeoutMs` for the
 * terminal's 80 00 00; for a transaction the terminal then becomes master and sends
 * intermediate statuses, status information and receipts, each acknowledged by the client as
 * it arrives, until Completion (06 0F) or Abort (06 1E) hands mastership back.
 *
 * One command at a time: a second call while one runs is rejected (ZvtClientBusyError), never
 * interleaved on the wire. Amounts are integers of minor units; the currency is the ISO 4217
 * numeric code (978 for EUR). The connection stays open between commands and is opened again
 * by the next command after it was lost.
 */
import { connect as netConnect } from 'node:net';
import type { Duplex } from 'node:stream';
import { ACK, encodeNak, NOT_POSSIBLE } from '@venue-kiosk/zvt/acknowledgement.ts';
import {
	ZvtClientBusyError,
	ZvtCommandAbortedError,
	ZvtConnectionLostError,
	ZvtProtocolError,
	ZvtRejectedError,
	ZvtTimeoutError,
	type ExchangePhase,
	type ExchangeProgress
} from './client-errors.ts';
import { ConnectionClosed, ReceiveTimeout, ZvtConnection } from './connection.ts';
import { ZvtDecodeError } from '@venue-kiosk/zvt/decode-error.ts';
import { encodeEcrCommand, type EcrCommand } from '@venue-kiosk/zvt/ecr-commands.ts';
import {
	intermediateStatusMessage,
	intermediateStatusTexts,
	type IntermediateStatusMessage
} from '@venue-kiosk/zvt/intermediate-status.ts';
import type { StatusInformation } from '@venue-kiosk/zvt/status-information.ts';
import {
	decodeTerminalMessage,
	printTextLines,
	type Completion,
	type TerminalMessage
} from '@venue-kiosk/zvt/terminal-messages.ts';

export const ZVT_DEFAULT_PORT = 20007;

/**
 * Registration config byte (docs/zvt.md "Registration"): receipts for payments (02) and
 * administration (04) go to the ECR, the ECR wants intermediate statuses (08), the ECR
 * controls payment (10) and administration (20) functions, ECR print type (80).
 */
export const KIOSK_CONFIG_BYTE = 0xbe;

export interface ZvtClientOptions {
	/** Opens the connection to the terminal: `tcpConnector(host)` in production. */
	connect: () => Promise<Duplex>;
	/** The terminal's six-digit password (registration, reversal, end of day, repeat receipt). */
	password: string;
	/** How long the terminal may take to acknowledge a command; default 5 s. */
	ackTimeoutMs?: number;
	/** The longest silence between terminal messages within a transaction; default 180 s. */
	resultTimeoutMs?: number;
}

/** What the terminal shows while a payment runs, for the kiosk to show as well. */
export interface StatusUpdate {
	code: number;
	message: IntermediateStatusMessage;
	/** Display lines the terminal sent, if any (status FF carries only these). */
	texts: string[];
}

export interface AuthorizeOptions {
	onStatus?: (update: StatusUpdate) => void;
	/** Aborting it asks the terminal to stop waiting for the card (06 B0): `requestAbort`. */
	signal?: AbortSignal;
}

export type PaymentResult =
	| { outcome: 'approved'; statusInformation: StatusInformation; receipt: string[] }
	| {
			/** `aborted`: result code 6C (customer, timeout or ECR abort); `declined`: anything else. */
			outcome: 'declined' | 'aborted';
			/** Null: the terminal aborted without naming a result (06 1E 00). */
			resultCode: number | null;
			statusInformation: StatusInformation | null;
			receipt: string[];
	  };

export type ReversalResult =
	| { outcome: 'reversed'; statusInformation: StatusInformation; receipt: string[] }
	| {
			outcome: 'refused';
			/** Null: the terminal aborted without naming a result (06 1E 00). */
			resultCode: number | null;
			statusInformation: StatusInformation | null;
			receipt: string[];
	  };

export interface RegistrationConfig {
	configByte?: number;
	currencyCode?: number;
	serviceByte?: number;
}

/** Result code of an abort by the customer, a timeout or the ECR. */
export const ABORTED_RESULT = 0x6c;

interface ExchangeEnd {
	statusInformation: StatusInformation | null;
	ending:
		{ type: 'completion'; completion: Completion } | { type: 'abort'; resultCode: number | null };
	receipt: string[];
}

interface RunningExchange extends ExchangeProgress {
	connection: ZvtConnection | null;
	abortable: boolean;
	abortWanted: boolean;
	abortSent: boolean;
}

/** Something the terminal sent that is well-formed but makes no sense at this point. */
class UnexpectedMessage extends Error {}

const ABORT_REQUEST = encodeEcrCommand({ type: 'abort' });

export class ZvtClient {
	readonly #connect: () => Promise<Duplex>;
	readonly #password: string;
	readonly #ackTimeoutMs: number;
	readonly #resultTimeoutMs: number;
	#connection: ZvtConnection | null = null;
	#running: RunningExchange | null = null;

	constructor(options: ZvtClientOptions) {
		if (!/^\d{6}$/.test(options.password)) throw new RangeError('a ZVT password is six digits');
		this.#connect = options.connect;
		this.#password = options.password;
		this.#ackTimeoutMs = options.ackTimeoutMs ?? 5_000;
		this.#resultTimeoutMs = options.resultTimeoutMs ?? 180_000;
	}

	/** Registration (06 00): sets the terminal up for this ECR; the Completion says how it is. */
	async register(config: RegistrationConfig = {}): Promise<Completion> {
		const end = await this.#exchange('registration', {
			type: 'registration',
			password: this.#password,
			configByte: config.configByte ?? KIOSK_CONFIG_BYTE,
			currencyCode: config.currencyCode,
			serviceByte: config.serviceByte
		});
		return completed('registration', end).completion;
	}

	/** Authorization (06 01): one card payment. Throws ZvtInterruptedError kinds when cut short. */
	async authorize(
		{ amountMinor, currencyCode }: { amountMinor: number; currencyCode: number },
		{ onStatus, signal }: AuthorizeOptions = {}
	): Promise<PaymentResult> {
		if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) {
			throw new RangeError(`a payment is a positive integer of minor units, got ${amountMinor}`);
		}
		signal?.throwIfAborted();
		const onAbort = () => this.requestAbort();
		signal?.addEventListener('abort', onAbort, { once: true });
		try {
			const end = await this.#exchange(
				'authorization',
				{ type: 'authorization', amountMinor, currencyCode, others: [] },
				{ abortable: true, onStatus }
			);
			return paymentResult(end);
		} finally {
			signal?.removeEventListener('abort', onAbort);
		}
	}

	/**
	 * Asks the terminal to stop a payment that waits for the card (06 B0). True when asked (or
	 * to be asked as soon as the terminal acknowledged the payment); false when no payment runs
	 * or its result is already known. The payment's own result still decides: a card read just
	 * before the request is paid.
	 */
	requestAbort(): boolean {
		const running = this.#running;
		if (!running?.abortable || running.statusInformation || running.abortWanted) return false;
		running.abortWanted = true;
		if (running.phase === 'transaction') this.#sendAbort(running);
		return true;
	}

	/**
	 * Reversal (06 30) of the whole payment with `receiptNumber`. `amountMinor`, when given, is
	 * sent in BMP 04 for the terminal to check (docs/zvt.md "Reversal": not in the references).
	 */
	async reversal({
		receiptNumber,
		amountMinor
	}: {
		receiptNumber: number;
		amountMinor?: number;
	}): Promise<ReversalResult> {
		const end = await this.#exchange('reversal', {
			type: 'reversal',
			password: this.#password,
			receiptNumber,
			amountMinor,
			others: []
		});
		const { statusInformation, receipt, ending } = end;
		if (ending.type === 'completion' && statusInformation?.resultCode === 0) {
			return { outcome: 'reversed', statusInformation, receipt };
		}
		const resultCode = ending.type === 'abort' ? ending.resultCode : statusInformation?.resultCode;
		if (resultCode === undefined) throw this.#oddEnding('reversal completed without a result', end);
		return { outcome: 'refused', resultCode, statusInformation, receipt };
	}

	/**
	 * Repeat receipt (06 20): the terminal's own record of its last transaction — what to ask
	 * after an interrupted payment. Null when the terminal has nothing to repeat.
	 */
	async repeatReceipt(): Promise<{
		statusInformation: StatusInformation;
		receipt: string[];
	} | null> {
		const end = completed(
			'repeat receipt',
			await this.#exchange('repeat receipt', { type: 'repeat-receipt', password: this.#password })
		);
		return (
			end.statusInformation && { statusInformation: end.statusInformation, receipt: end.receipt }
		);
	}

	/** End of day (06 50): the terminal books its batch; the status information holds the totals. */
	async endOfDay(): Promise<{ statusInformation: StatusInformation | null; receipt: string[] }> {
		const end = completed(
			'end of day',
			await this.#exchange('end of day', { type: 'end-of-day', password: this.#password })
		);
		return { statusInformation: end.statusInformation, receipt: end.receipt };
	}

	/** Status enquiry (05 01): is the terminal ready (terminalStatus 00), which software runs. */
	async statusEnquiry(): Promise<Completion> {
		const end = await this.#exchange('status enquiry', { type: 'status-enquiry' });
		return completed('status enquiry', end).completion;
	}

	/** Log off (06 02): acknowledged, nothing more. */
	async logOff(): Promise<void> {
		await this.#exchange('log off', { type: 'log-off' }, { acknowledgementOnly: true });
	}

	/** Closes the connection; the next command opens a new one. */
	close(): void {
		this.#connection?.close();
		this.#connection = null;
	}

	async #exchange(
		name: string,
		command: EcrCommand,
		options: {
			abortable?: boolean;
			onStatus?: (update: StatusUpdate) => void;
			acknowledgementOnly?: true;
		} = {}
	): Promise<ExchangeEnd> {
		if (this.#running) throw new ZvtClientBusyError();
		const running: RunningExchange = {
			phase: 'connect',
			commandAcknowledged: false,
			statusInformation: null,
			connection: null,
			abortable: options.abortable ?? false,
			abortWanted: false,
			abortSent: false
		};
		this.#running = running;
		try {
			const connection = await this.#open();
			running.connection = connection;
			running.phase = 'command';
			connection.send(encodeEcrCommand(command));
			const answer = decodeTerminalMessage(await connection.next(this.#ackTimeoutMs));
			if (answer.type === 'nak') throw new ZvtRejectedError(name, answer.code);
			if (answer.type !== 'ack') throw new UnexpectedMessage(`${answer.type} instead of 80 00 00`);
			running.commandAcknowledged = true;
			if (options.acknowledgementOnly) {
				return {
					statusInformation: null,
					ending: { type: 'completion', completion: { others: [] } },
					receipt: []
				};
			}
			running.phase = 'transaction';
			if (running.abortWanted) this.#sendAbort(running);
			return await this.#readUntilEnd(connection, running, options.onStatus);
		} catch (error) {
			throw this.#asClientError(error, running);
		} finally {
			this.#running = null;
		}
	}

	async #readUntilEnd(
		connection: ZvtConnection,
		running: RunningExchange,
		onStatus: ((update: StatusUpdate) => void) | undefined
	): Promise<ExchangeEnd> {
		const receipt: string[] = [];
		for (;;) {
			const message: TerminalMessage = decodeTerminalMessage(
				await connection.next(this.#resultTimeoutMs)
			);
			switch (message.type) {
				case 'ack':
				case 'nak':
					// The terminal's answer to our 06 B0; a refusal means it came too late.
					if (running.abortSent) continue;
					throw new UnexpectedMessage(`${message.type} while the terminal is master`);
				case 'intermediate-status':
					connection.send(ACK);
					onStatus?.({
						code: message.status.status,
						message: intermediateStatusMessage(message.status.status),
						texts: intermediateStatusTexts(message.status.tlv)
					});
					break;
				case 'status-information':
					running.statusInformation = message.info;
					running.phase = 'completion';
					connection.send(ACK);
					break;
				case 'print-line':
					connection.send(ACK);
					receipt.push(message.text);
					break;
				case 'print-text-block':
					connection.send(ACK);
					receipt.push(...printTextLines(message.tlv));
					break;
				case 'completion':
					connection.send(ACK);
					return {
						statusInformation: running.statusInformation,
						ending: { type: 'completion', completion: message.completion },
						receipt
					};
				case 'abort':
					connection.send(ACK);
					return {
						statusInformation: running.statusInformation,
						ending: { type: 'abort', resultCode: message.resultCode },
						receipt
					};
				case 'other':
					// ZVT's answer to a command the ECR does not support.
					connection.send(encodeNak(NOT_POSSIBLE));
					break;
			}
		}
	}

	async #open(): Promise<ZvtConnection> {
		if (this.#connection?.isOpen) return this.#connection;
		try {
			this.#connection = new ZvtConnection(await this.#connect());
		} catch (error) {
			throw new ConnectionClosed(error);
		}
		return this.#connection;
	}

	#sendAbort(running: RunningExchange): void {
		running.abortSent = true;
		try {
			running.connection?.send(ABORT_REQUEST);
		} catch (error) {
			// A closed connection ends the exchange's own read, which reports it.
			if (!(error instanceof ConnectionClosed)) throw error;
		}
	}

	#asClientError(error: unknown, running: RunningExchange): unknown {
		const progress = snapshot(running);
		if (error instanceof ConnectionClosed) {
			this.#connection = null;
			return new ZvtConnectionLostError(progress, { cause: error.cause });
		}
		if (error instanceof ReceiveTimeout) {
			this.close();
			return new ZvtTimeoutError(progress);
		}
		if (error instanceof ZvtDecodeError || error instanceof UnexpectedMessage) {
			// Not acknowledged: a terminal does not book a result the ECR did not acknowledge.
			this.close();
			return new ZvtProtocolError(error.message, progress, { cause: error });
		}
		return error;
	}

	#oddEnding(detail: string, end: ExchangeEnd): ZvtProtocolError {
		return new ZvtProtocolError(detail, {
			phase: 'completion' satisfies ExchangePhase,
			commandAcknowledged: true,
			statusInformation: end.statusInformation
		});
	}
}

/** `connect` for `ZvtClientOptions`: TCP to the terminal, failing after `timeoutMs`. */
export function tcpConnector(
	host: string,
	port = ZVT_DEFAULT_PORT,
	timeoutMs = 5_000
): () => Promise<Duplex> {
	return () =>
		new Promise((resolve, reject) => {
			const socket = netConnect({ host, port });
			const timer = setTimeout(() => {
				socket.destroy();
				reject(new Error(`no connection to ${host}:${port} within ${timeoutMs} ms`));
			}, timeoutMs);
			socket.once('error', (error) => {
				clearTimeout(timer);
				reject(error);
			});
			socket.once('connect', () => {
				clearTimeout(timer);
				socket.removeAllListeners('error');
				socket.setNoDelay(true);
				// A terminal that vanished without a FIN is noticed between payments too.
				socket.setKeepAlive(true, 10_000);
				resolve(socket);
			});
		});
}

function snapshot(running: RunningExchange): ExchangeProgress {
	return {
		phase: running.phase,
		commandAcknowledged: running.commandAcknowledged,
		statusInformation: running.statusInformation
	};
}

function completed(name: string, end: ExchangeEnd) {
	if (end.ending.type === 'abort') throw new ZvtCommandAbortedError(name, end.ending.resultCode);
	return { ...end, completion: end.ending.completion };
}

/**
 * Approved only when the status information says 00 and the terminal completed: a 00 followed
 * by Abort means the terminal took the payment back (e.g. an auto-reversal).
 */
function paymentResult({ statusInformation, ending, receipt }: ExchangeEnd): PaymentResult {
	const statusCode = statusInformation?.resultCode;
	if (ending.type === 'completion') {
		if (statusInformation && statusCode === 0) {
			return { outcome: 'approved', statusInformation, receipt };
		}
		return {
			outcome: statusCode === ABORTED_RESULT ? 'aborted' : 'declined',
			resultCode: statusCode ?? ending.completion.resultCode ?? 0xff,
			statusInformation,
			receipt
		};
	}
	const resultCode = statusCode !== undefined && statusCode !== 0 ? statusCode : ending.resultCode;
	return {
		outcome: resultCode === ABORTED_RESULT ? 'aborted' : 'declined',
		resultCode,
		statusInformation,
		receipt
	};
}
