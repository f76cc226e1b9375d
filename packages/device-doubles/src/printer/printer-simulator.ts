/**
 * The receipt printer test double: a TCP server that behaves like an Epson-compatible network
 * printer on port 9100 (docs/printer.md "The printer test double"). It answers DLE EOT status
 * queries at once and GS r in turn, as its simulated condition says; prints what it receives
 * into jobs (one per connection that printed anything); and can run out of paper after a given
 * number of lines, in the middle of a job.
 */
import { createServer, type Socket } from 'node:net';
import { EscPosDecoder, type DecodedEvent, type PrintedItem } from './escpos-decoder.ts';

/**
 * `offline`: connections are dropped as soon as they open (a printer switched off behind a
 * still-listening print server, or a network problem); `silent`: connections stay open and
 * nothing is ever answered (a device on port 9100 that is not an ESC/POS printer).
 */
export type PrinterCondition = 'ready' | 'paper-out' | 'cover-open' | 'offline' | 'silent';

export interface SimulatedPrinterState {
	condition: PrinterCondition;
	paperNearEnd: boolean;
	/** Lines of paper left before the roll runs out; null for a roll that never ends. */
	paperLines: number | null;
}

export interface PrintJob {
	items: PrintedItem[];
	/** Commands the double does not know (docs/printer.md lists the ones it does). */
	unknownCommands: string[];
	/** False when the paper ran out before the job's end. */
	complete: boolean;
}

export interface PrinterSimulator {
	/** The port it listens on (the one asked for, or the system's choice for 0). */
	readonly port: number;
	readonly host: string;
	/** Every job so far, oldest first; a job is listed as soon as its first command arrives. */
	readonly jobs: readonly PrintJob[];
	readonly state: Readonly<SimulatedPrinterState>;
	setState(change: Partial<SimulatedPrinterState>): void;
	clearJobs(): void;
	close(): Promise<void>;
}

export interface PrinterSimulatorOptions {
	port?: number;
	host?: string;
	state?: Partial<SimulatedPrinterState>;
	/** Told of each job when its connection ends. */
	onJob?: (job: PrintJob) => void;
}

/** Paper a QR code takes, in text lines (a deposit code's is about 30 mm, a line 3.75 mm). */
const QR_LINES = 8;

/** Fixed bits of every DLE EOT answer: bit 1 and bit 4 on (docs/printer.md "Status bytes"). */
const REAL_TIME_FIXED = 0x12;

function realTimeStatusByte(n: number, state: SimulatedPrinterState): number {
	const paperOut = state.condition === 'paper-out';
	const coverOpen = state.condition === 'cover-open';
	switch (n) {
		case 1:
			return REAL_TIME_FIXED | (paperOut || coverOpen ? 0x08 : 0);
		case 2:
			return REAL_TIME_FIXED | (coverOpen ? 0x04 : 0) | (paperOut ? 0x20 : 0);
		case 4:
			return REAL_TIME_FIXED | (state.paperNearEnd || paperOut ? 0x0c : 0) | (paperOut ? 0x60 : 0);
		default:
			// n = 3, error causes: none.
			return REAL_TIME_FIXED;
	}
}

/** GS r 1: paper sensors (bits 0–1 near end); GS r 2: drawer — no drawer here. */
function transmitStatusByte(n: number, state: SimulatedPrinterState): number {
	return (n === 1 || n === 49) && state.paperNearEnd ? 0x03 : 0x00;
}

const linesOf = (item: PrintedItem) =>
	item.kind === 'text'
		? item.height
		: item.kind === 'feed'
			? item.lines
			: item.kind === 'qr'
				? QR_LINES
				: 0;

export async function startPrinterSimulator(
	options: PrinterSimulatorOptions = {}
): Promise<PrinterSimulator> {
	const state: SimulatedPrinterState = {
		condition: 'ready',
		paperNearEnd: false,
		paperLines: null,
		...options.state
	};
	const jobs: PrintJob[] = [];
	const sockets = new Set<Socket>();

	/** Prints one item if the printer can: false when it stopped (paper out, cover open). */
	function print(item: PrintedItem, job: PrintJob): boolean {
		if (state.condition !== 'ready') return false;
		const lines = linesOf(item);
		if (state.paperLines !== null && lines > state.paperLines) {
			state.paperLines = 0;
			state.condition = 'paper-out';
			return false;
		}
		if (state.paperLines !== null) state.paperLines -= lines;
		job.items.push(item);
		return true;
	}

	function serve(socket: Socket): void {
		if (state.condition === 'offline') {
			socket.destroy();
			return;
		}
		sockets.add(socket);
		const decoder = new EscPosDecoder();
		let job: PrintJob | null = null;
		/** Once stopped, nothing more of this connection prints and GS r stays unanswered. */
		let stopped = false;
		const handle = (event: DecodedEvent) => {
			if (state.condition === 'silent') return;
			switch (event.kind) {
				case 'real-time-status':
					socket.write(Uint8Array.of(realTimeStatusByte(event.n, state)));
					break;
				case 'transmit-status':
					if (!stopped && state.condition === 'ready') {
						socket.write(Uint8Array.of(transmitStatusByte(event.n, state)));
					}
					break;
				case 'unknown':
				case 'print':
					if (stopped) break;
					if (!job) {
						job = { items: [], unknownCommands: [], complete: true };
						jobs.push(job);
					}
					if (event.kind === 'unknown') job.unknownCommands.push(event.bytes);
					else stopped = !print(event.item, job);
					if (stopped) job.complete = false;
			}
		};
		socket.on('data', (chunk) => decoder.push(chunk).forEach(handle));
		socket.on('error', () => socket.destroy());
		socket.on('close', () => {
			sockets.delete(socket);
			if (job) options.onJob?.(job);
		});
	}

	const server = createServer(serve);
	const host = options.host ?? '127.0.0.1';
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(options.port ?? 9100, host, () => resolve());
	});
	const address = server.address();
	const port = typeof address === 'object' && address ? address.port : 0;

	return {
		port,
		host,
		jobs,
		state,
		setState(change) {
			Object.assign(state, change);
		},
		clearJobs() {
			jobs.length = 0;
		},
		close() {
			for (const socket of sockets) socket.destroy();
			return new Promise((resolve) => server.close(() => resolve()));
		}
	};
}
