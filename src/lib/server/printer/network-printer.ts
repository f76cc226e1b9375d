/**
 * A receipt printer on the network (raw TCP, port 9100): asks its status before printing,
 * refuses to print into a known problem, sends the job followed by GS r 1 — whose answer comes
 * only once the printer has worked through the job — and meanwhile polls the real-time status,
 * so paper running out mid-job is reported as soon as the printer stops (docs/printer.md "How a
 * print ends"). Device problems are outcomes, never exceptions; every wait is bounded. Calls on
 * one printer run one after another: a printer serves one connection at a time.
 */
import {
	PrinterConnection,
	PrinterConnectionError,
	connectSocket,
	type SocketFactory
} from './printer-connection.ts';
import {
	DLE_EOT_OFFLINE_CAUSE,
	DLE_EOT_PRINTER,
	DLE_EOT_ROLL_PAPER,
	GS_R_PAPER_SENSOR,
	inTurnPaperNearEnd,
	isInTurnAnswer,
	isRealTimeAnswer,
	statusOf,
	type PrinterStatus,
	type ReportedStatus
} from './printer-status.ts';

export interface NetworkPrinterOptions {
	host: string;
	/** Default 9100, the raw port of network receipt printers. */
	port?: number;
	/** For connecting and for each status answer; default 3 s. */
	timeoutMs?: number;
	/** For a job to be worked through after it was sent; default 30 s. */
	printTimeoutMs?: number;
	/** How often the status is asked while a job prints; default 500 ms. */
	pollIntervalMs?: number;
	createSocket?: SocketFactory;
}

/**
 * `duringJob`: false — nothing was sent, the job can go to the printer again once the problem is
 * solved; true — the job was sent and the printer stopped in it: part of it may be on paper.
 * `failed`: the job was sent and it is unknown whether it printed (the connection broke, or the
 * printer neither confirmed the job nor reported a problem in time).
 */
export type PrintOutcome =
	| { outcome: 'printed'; paperNearEnd: boolean }
	| { outcome: 'paper-out' | 'cover-open' | 'offline'; duringJob: boolean; detail: string }
	| { outcome: 'failed'; detail: string };

export const DEFAULT_PRINTER_PORT = 9100;

export class NetworkPrinter {
	readonly #address: { host: string; port: number };
	readonly #timeoutMs: number;
	readonly #printTimeoutMs: number;
	readonly #pollIntervalMs: number;
	readonly #createSocket: SocketFactory;
	#queue: Promise<unknown> = Promise.resolve();

	constructor(options: NetworkPrinterOptions) {
		this.#address = { host: options.host, port: options.port ?? DEFAULT_PRINTER_PORT };
		this.#timeoutMs = positive(options.timeoutMs ?? 3_000, 'timeoutMs');
		this.#printTimeoutMs = positive(options.printTimeoutMs ?? 30_000, 'printTimeoutMs');
		this.#pollIntervalMs = positive(options.pollIntervalMs ?? 500, 'pollIntervalMs');
		this.#createSocket = options.createSocket ?? connectSocket;
	}

	/** The printer's condition now. */
	status(): Promise<PrinterStatus> {
		return this.#oneAtATime(async () => {
			let connection: PrinterConnection | undefined;
			try {
				connection = await this.#open();
				return await this.#realTimeStatus(connection);
			} catch (error) {
				return { condition: 'unreachable', detail: describe(error) };
			} finally {
				await connection?.close();
			}
		});
	}

	/** Prints `job` (ESC/POS bytes, e.g. receipt-layout.ts `receiptBytes`). */
	print(job: Uint8Array): Promise<PrintOutcome> {
		return this.#oneAtATime(async () => {
			let connection: PrinterConnection | undefined;
			try {
				connection = await this.#open();
				const before = await this.#realTimeStatus(connection);
				if (before.condition !== 'ready') {
					return { outcome: before.condition, duringJob: false, detail: before.detail };
				}
			} catch (error) {
				await connection?.close();
				return { outcome: 'offline', duringJob: false, detail: describe(error) };
			}
			try {
				await connection.send(job);
				await connection.send(GS_R_PAPER_SENSOR);
				return await this.#awaitJob(connection);
			} catch (error) {
				return { outcome: 'failed', detail: describe(error) };
			} finally {
				await connection.close();
			}
		});
	}

	/** Waits for GS r's answer; between polls, a real-time status that shows a stop ends it. */
	async #awaitJob(connection: PrinterConnection): Promise<PrintOutcome> {
		const deadline = Date.now() + this.#printTimeoutMs;
		for (;;) {
			const wait = Math.min(this.#pollIntervalMs, deadline - Date.now());
			const confirmation = await connection.nextAnswer(isInTurnAnswer, Math.max(wait, 0));
			if (confirmation !== null) {
				return { outcome: 'printed', paperNearEnd: inTurnPaperNearEnd(confirmation) };
			}
			const now = await this.#realTimeStatus(connection);
			if (now.condition !== 'ready') {
				return { outcome: now.condition, duringJob: true, detail: now.detail };
			}
			if (Date.now() >= deadline) {
				return {
					outcome: 'failed',
					detail: `the printer did not confirm the job within ${this.#printTimeoutMs} ms`
				};
			}
		}
	}

	#open(): Promise<PrinterConnection> {
		return PrinterConnection.open(this.#createSocket, this.#address, this.#timeoutMs);
	}

	/** DLE EOT 1, 2 and 4, one after another: a printer wants each answered before the next. */
	async #realTimeStatus(connection: PrinterConnection): Promise<ReportedStatus> {
		const ask = (query: Uint8Array) => connection.ask(query, isRealTimeAnswer, this.#timeoutMs);
		const printer = await ask(DLE_EOT_PRINTER);
		const offlineCause = await ask(DLE_EOT_OFFLINE_CAUSE);
		const rollPaper = await ask(DLE_EOT_ROLL_PAPER);
		return statusOf({ printer, offlineCause, rollPaper });
	}

	#oneAtATime<T>(task: () => Promise<T>): Promise<T> {
		const run = this.#queue.then(task);
		this.#queue = run.catch(() => undefined);
		return run;
	}
}

function positive(value: number, name: string): number {
	if (!Number.isFinite(value) || value <= 0) throw new TypeError(`${name} must be positive`);
	return value;
}

/** A connection failure's message; anything else is a bug and is thrown on. */
function describe(error: unknown): string {
	if (error instanceof PrinterConnectionError) return error.message;
	throw error;
}
