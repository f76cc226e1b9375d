/**
 * One ECR connection to the simulated terminal: reads the ECR's APDUs, answers commands and
 * plays the terminal's side of each exchange (docs/zvt.md "The test double"). While this
 * connection runs a command the terminal is busy: other connections' commands get 84 83.
 * A 06 B0 is handled as it arrives, even while the terminal is master: acknowledged while a
 * payment waits for the card (the payment then ends with Abort 6C), refused (84 83) after.
 */
import type { Socket } from 'node:net';
import { ACK, encodeNak, NOT_POSSIBLE } from '@venue-kiosk/zvt/acknowledgement.ts';
import { ApduSplitter } from '@venue-kiosk/zvt/apdu.ts';
import { ZvtDecodeError } from '@venue-kiosk/zvt/decode-error.ts';
import {
	decodeEcrCommand,
	type Authorization,
	type EcrCommand,
	type Registration,
	type Reversal
} from '@venue-kiosk/zvt/ecr-commands.ts';
import type { StatusInformation } from '@venue-kiosk/zvt/status-information.ts';
import { encodeTerminalMessage, type TerminalMessage } from '@venue-kiosk/zvt/terminal-messages.ts';
import { receiptBlock } from './receipt.ts';
import { DEFAULT_STATUSES, type DropPoint } from './script.ts';
import { SIMULATED_PAN, TERMINAL_ID, type SimulatedTerminal } from './terminal.ts';

/** ZVT's "protocol error" result code, for APDUs the double cannot read. */
const PROTOCOL_ERROR = 0x9a;
const ALREADY_REVERSED = 0xb4;
const REVERSAL_NOT_POSSIBLE = 0xb5;
const AMOUNT_WRONG = 0xb7;
const ABORTED = 0x6c;
const DECLINED_BY_HOST = 0x05;

/** The exchange cannot go on: the ECR hung up, did not acknowledge, or a drop was injected. */
class ExchangeEnded extends Error {}

export class TerminalSession {
	readonly #socket: Socket;
	readonly #terminal: SimulatedTerminal;
	readonly #ackTimeoutMs: number;
	readonly #splitter = new ApduSplitter();
	#ackWaiter: ((acknowledged: boolean) => void) | null = null;
	/** Commands of this connection, one after the other. */
	#queue: Promise<void> = Promise.resolve();
	#closed = false;
	/** A payment waits for the card (or shows its statuses): 06 B0 may still stop it. */
	#abortable = false;
	#abortRequested = false;
	#wakeCardWait: (() => void) | null = null;

	constructor(socket: Socket, terminal: SimulatedTerminal, ackTimeoutMs: number) {
		this.#socket = socket;
		this.#terminal = terminal;
		this.#ackTimeoutMs = ackTimeoutMs;
		socket.on('data', (chunk: Buffer) => this.#receive(chunk));
		socket.on('close', () => this.#onClose());
		socket.on('error', () => socket.destroy());
	}

	#receive(chunk: Uint8Array): void {
		if (this.#closed) return;
		let commands: EcrCommand[];
		try {
			commands = this.#splitter.push(chunk).map(decodeEcrCommand);
		} catch (error) {
			if (!(error instanceof ZvtDecodeError)) throw error;
			this.#write(encodeNak(PROTOCOL_ERROR));
			return;
		}
		for (const command of commands) this.#dispatch(command);
	}

	#dispatch(command: EcrCommand): void {
		switch (command.type) {
			case 'ack':
			case 'nak':
				this.#ackWaiter?.(command.type === 'ack');
				return;
			case 'abort':
				if (!this.#abortable || this.#abortRequested) {
					this.#write(encodeNak(NOT_POSSIBLE));
					return;
				}
				this.#abortRequested = true;
				this.#write(ACK);
				this.#wakeCardWait?.();
				return;
			default:
				if (!this.#terminal.claim(this)) {
					this.#write(encodeNak(NOT_POSSIBLE));
					return;
				}
				// The ECR's next command can arrive in the same chunk as its last acknowledgement,
				// before the exchange that acknowledgement ends has unwound: it waits its turn.
				this.#queue = this.#queue.then(() => this.#run(command));
		}
	}

	async #run(command: EcrCommand): Promise<void> {
		if (!this.#terminal.claim(this)) {
			this.#write(encodeNak(NOT_POSSIBLE));
			return;
		}
		try {
			switch (command.type) {
				case 'registration':
					return await this.#register(command);
				case 'authorization':
					return await this.#authorize(command);
				case 'reversal':
					return await this.#reverse(command);
				case 'repeat-receipt':
					if (!this.#passwordAccepted(command.password)) return;
					return await this.#repeatReceipt();
				case 'end-of-day':
					if (!this.#passwordAccepted(command.password)) return;
					return await this.#endOfDay();
				case 'log-off':
					this.#write(ACK);
					return;
				case 'status-enquiry':
					if (command.password !== undefined && !this.#passwordAccepted(command.password)) return;
					this.#write(ACK);
					return await this.#finish({
						type: 'completion',
						completion: { softwareVersion: 'venue-kiosk zvt-sim', terminalStatus: 0, others: [] }
					});
				default:
					this.#write(encodeNak(NOT_POSSIBLE));
			}
		} catch (error) {
			if (!(error instanceof ExchangeEnded)) throw error;
		} finally {
			this.#abortable = false;
			this.#terminal.release(this);
		}
	}

	async #register(command: Registration): Promise<void> {
		if (!this.#passwordAccepted(command.password)) return;
		this.#terminal.registrations += 1;
		this.#write(ACK);
		await this.#finish({
			type: 'completion',
			completion: { terminalId: TERMINAL_ID, currencyCode: command.currencyCode, others: [] }
		});
	}

	async #authorize({ amountMinor, currencyCode }: Authorization): Promise<void> {
		if (amountMinor === undefined || amountMinor === 0) {
			this.#write(encodeNak(PROTOCOL_ERROR));
			return;
		}
		this.#write(ACK);
		const { script, drop } = this.#terminal.takeNextPayment();
		this.#abortable = true;
		this.#abortRequested = false;
		const statuses =
			script.result === 'wait-for-card' ? [0x0a] : (script.statuses ?? DEFAULT_STATUSES);
		const delayMs = script.result === 'wait-for-card' ? 0 : (script.delayMs ?? 0);
		for (const status of statuses) {
			await pause(delayMs);
			if (this.#abortRequested) break;
			await this.#exchange({ type: 'intermediate-status', status: { status } });
		}
		if (script.result === 'wait-for-card' && !this.#abortRequested) await this.#cardWait();
		this.#abortable = false;
		if (this.#abortRequested)
			return this.#finish({ type: 'abort', resultCode: ABORTED, extra: new Uint8Array(0) });
		if (drop === 'before-status-information') this.#drop();
		await pause(delayMs);
		if (script.result === 'abort-without-result') {
			return this.#finish({ type: 'abort', resultCode: null, extra: new Uint8Array(0) });
		}
		const resultCode =
			script.result === 'approve'
				? 0
				: script.result === 'decline'
					? (script.resultCode ?? DECLINED_BY_HOST)
					: ABORTED;
		const approved = resultCode === 0;
		const info: StatusInformation = {
			...this.#stamp(),
			resultCode,
			amountMinor,
			currencyCode,
			traceNumber: this.#terminal.nextTraceNumber(),
			...(approved
				? {
						receiptNumber: this.#terminal.nextReceiptNumber(),
						pan: SIMULATED_PAN,
						cardType: 5,
						cardName: 'girocard'
					}
				: {}),
			...(script.result === 'customer-abort' ? { additionalText: 'Abbruch durch Kunde' } : {}),
			others: []
		};
		if (!(await this.#deliverStatusInformation(info, drop))) return;
		if (!approved) return this.#refuse(resultCode);
		this.#terminal.book(
			{
				kind: 'payment',
				amountMinor,
				currencyCode: currencyCode ?? 978,
				traceNumber: info.traceNumber as number,
				receiptNumber: info.receiptNumber as number,
				reversed: false,
				settled: false
			},
			info
		);
		await this.#afterBooking(info, drop);
	}

	async #reverse(command: Reversal): Promise<void> {
		if (!this.#passwordAccepted(command.password)) return;
		this.#write(ACK);
		const original = this.#terminal.transactions.find(
			(transaction) =>
				transaction.kind === 'payment' &&
				!transaction.settled &&
				transaction.receiptNumber === command.receiptNumber
		);
		if (!original) return this.#refuse(REVERSAL_NOT_POSSIBLE);
		if (original.reversed) return this.#refuse(ALREADY_REVERSED);
		// 06 30 reverses a whole payment: an amount, when sent, must be the payment's.
		if (command.amountMinor !== undefined && command.amountMinor !== original.amountMinor) {
			return this.#refuse(AMOUNT_WRONG);
		}
		const info: StatusInformation = {
			...this.#stamp(),
			resultCode: 0,
			amountMinor: original.amountMinor,
			currencyCode: original.currencyCode,
			traceNumber: this.#terminal.nextTraceNumber(),
			originalTraceNumber: original.traceNumber,
			receiptNumber: this.#terminal.nextReceiptNumber(),
			others: []
		};
		if (!(await this.#deliverStatusInformation(info, undefined))) return;
		original.reversed = true;
		this.#terminal.book(
			{
				kind: 'reversal',
				amountMinor: original.amountMinor,
				currencyCode: original.currencyCode,
				traceNumber: info.traceNumber as number,
				receiptNumber: info.receiptNumber as number,
				reversed: false,
				reversesReceiptNumber: original.receiptNumber,
				settled: false
			},
			info
		);
		await this.#afterBooking(info, undefined);
	}

	async #repeatReceipt(): Promise<void> {
		this.#write(ACK);
		const last = this.#terminal.lastStatusInformation;
		if (last) await this.#exchange({ type: 'status-information', info: last });
		await this.#finish({ type: 'completion', completion: { others: [] } });
	}

	async #endOfDay(): Promise<void> {
		this.#write(ACK);
		const { totalMinor, individualTotals } = this.#terminal.openBatchTotals();
		const info: StatusInformation = {
			...this.#stamp(),
			resultCode: 0,
			amountMinor: totalMinor,
			traceNumber: this.#terminal.nextTraceNumber(),
			individualTotals,
			others: []
		};
		if (!(await this.#deliverStatusInformation(info, undefined))) return;
		this.#terminal.settleOpenBatch();
		await this.#finish({ type: 'completion', completion: { others: [] } });
	}

	/**
	 * Sends the status information; true once the ECR acknowledged it. A result the ECR did not
	 * acknowledge is not booked — the double's stand-in for a real terminal's auto-reversal.
	 */
	async #deliverStatusInformation(
		info: StatusInformation,
		drop: DropPoint | undefined
	): Promise<boolean> {
		this.#send({ type: 'status-information', info });
		if (drop === 'status-unacknowledged') {
			// end(), not destroy(): the status information reaches the ECR, its answer cannot.
			this.#closed = true;
			this.#socket.end();
			throw new ExchangeEnded();
		}
		return this.#awaitAck();
	}

	async #afterBooking(info: StatusInformation, drop: DropPoint | undefined): Promise<void> {
		if (drop === 'after-status-acknowledged') this.#drop();
		await this.#exchange({ type: 'print-text-block', tlv: receiptBlock(info) });
		if (drop === 'before-completion') this.#drop();
		await this.#finish({ type: 'completion', completion: { others: [] } });
	}

	#refuse(resultCode: number): Promise<void> {
		return this.#finish({ type: 'abort', resultCode, extra: new Uint8Array(0) });
	}

	/** The last message of an exchange; mastership goes back to the ECR with its acknowledgement. */
	async #finish(message: TerminalMessage): Promise<void> {
		await this.#exchange(message);
	}

	async #exchange(message: TerminalMessage): Promise<void> {
		this.#send(message);
		if (!(await this.#awaitAck())) throw new ExchangeEnded();
	}

	#send(message: TerminalMessage): void {
		if (this.#closed) throw new ExchangeEnded();
		this.#write(encodeTerminalMessage(message));
	}

	#write(bytes: Uint8Array): void {
		if (!this.#closed) this.#socket.write(bytes);
	}

	#awaitAck(): Promise<boolean> {
		if (this.#closed) return Promise.resolve(false);
		return new Promise((resolve) => {
			const timer = setTimeout(() => settle(false), this.#ackTimeoutMs);
			const settle = (acknowledged: boolean) => {
				clearTimeout(timer);
				this.#ackWaiter = null;
				resolve(acknowledged);
			};
			this.#ackWaiter = settle;
		});
	}

	#cardWait(): Promise<void> {
		return new Promise((resolve) => {
			this.#wakeCardWait = () => {
				this.#wakeCardWait = null;
				resolve();
			};
		});
	}

	#drop(): never {
		this.#closed = true;
		this.#socket.destroy();
		throw new ExchangeEnded();
	}

	#passwordAccepted(password: string): boolean {
		if (password === this.#terminal.password) return true;
		this.#write(encodeNak(NOT_POSSIBLE));
		return false;
	}

	#stamp(): Pick<StatusInformation, 'time' | 'date' | 'terminalId'> {
		const now = new Date();
		const two = (value: number) => String(value).padStart(2, '0');
		return {
			time: `${two(now.getHours())}${two(now.getMinutes())}${two(now.getSeconds())}`,
			date: `${two(now.getMonth() + 1)}${two(now.getDate())}`,
			terminalId: TERMINAL_ID
		};
	}

	#onClose(): void {
		this.#closed = true;
		this.#ackWaiter?.(false);
		// A payment waiting for the card ends when its ECR hangs up.
		this.#abortRequested = this.#abortRequested || this.#abortable;
		this.#wakeCardWait?.();
	}
}

function pause(ms: number): Promise<void> {
	return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
}
