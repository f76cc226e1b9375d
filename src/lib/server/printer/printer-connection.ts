/**
 * One TCP connection to a printer's raw port: opened within a time limit, bytes written, and
 * single status bytes read back with a time limit each. Answers are picked from what arrived by
 * their form (printer-status.ts), so an in-turn answer that comes while a real-time one is awaited
 * waits for its own turn. A failure is thrown as a `PrinterConnectionError`; the
 * caller (network-printer.ts) turns it into an outcome and closes the connection, so an answer
 * that comes too late is never taken for the next query's.
 */
import { connect, type Socket } from 'node:net';

/** Opens a socket to the printer; tests inject one that never connects. */
export type SocketFactory = (address: { host: string; port: number }) => Socket;

export const connectSocket: SocketFactory = (address) => connect(address);

/** How long a printer has to close its side after we closed ours. */
const CLOSE_GRACE_MS = 1_000;

/** The connection could not be opened, broke, or an answer did not come in time. */
export class PrinterConnectionError extends Error {
	override name = 'PrinterConnectionError';
}

export class PrinterConnection {
	readonly #socket: Socket;
	readonly #received: number[] = [];
	#closed = false;
	/** Told when bytes arrive or the connection ends. */
	#wake: () => void = () => undefined;

	private constructor(socket: Socket) {
		this.#socket = socket;
		socket.on('data', (chunk: Buffer) => {
			this.#received.push(...chunk);
			this.#wake();
		});
		socket.on('close', () => {
			this.#closed = true;
			this.#wake();
		});
		// A reset after connecting ends in 'close' as well; without a listener it would throw.
		socket.on('error', () => undefined);
	}

	static open(
		createSocket: SocketFactory,
		address: { host: string; port: number },
		timeoutMs: number
	): Promise<PrinterConnection> {
		const socket = createSocket(address);
		return new Promise((resolve, reject) => {
			const fail = (message: string) => {
				clearTimeout(timer);
				socket.destroy();
				reject(new PrinterConnectionError(message));
			};
			const timer = setTimeout(() => fail(`no connection within ${timeoutMs} ms`), timeoutMs);
			socket.once('error', (error: NodeJS.ErrnoException) =>
				fail(`cannot connect (${error.code ?? error.message})`)
			);
			socket.once('connect', () => {
				clearTimeout(timer);
				socket.removeAllListeners('error');
				socket.setNoDelay(true);
				resolve(new PrinterConnection(socket));
			});
		});
	}

	/** Resolves once the bytes are handed to the operating system. */
	send(bytes: Uint8Array): Promise<void> {
		return new Promise((resolve, reject) => {
			if (this.#closed) {
				reject(new PrinterConnectionError('the printer closed the connection'));
				return;
			}
			this.#socket.write(bytes, (error) =>
				error ? reject(new PrinterConnectionError(`sending failed (${error.message})`)) : resolve()
			);
		});
	}

	/**
	 * The first byte received that `isAnswer` accepts, within `timeoutMs`; null when none came in
	 * time. Throws when the connection ends first.
	 */
	async nextAnswer(isAnswer: (byte: number) => boolean, timeoutMs: number): Promise<number | null> {
		const deadline = Date.now() + timeoutMs;
		for (;;) {
			const index = this.#received.findIndex(isAnswer);
			if (index !== -1) return this.#received.splice(index, 1)[0]!;
			if (this.#closed) {
				throw new PrinterConnectionError('the printer closed the connection');
			}
			const left = deadline - Date.now();
			if (left <= 0) return null;
			await new Promise<void>((resolve) => {
				const timer = setTimeout(resolve, left);
				this.#wake = () => {
					clearTimeout(timer);
					resolve();
				};
			});
		}
	}

	/** Sends `query` and waits for its one-byte answer; throws when none comes in time. */
	async ask(
		query: Uint8Array,
		isAnswer: (byte: number) => boolean,
		timeoutMs: number
	): Promise<number> {
		await this.send(query);
		const answer = await this.nextAnswer(isAnswer, timeoutMs);
		if (answer === null) {
			throw new PrinterConnectionError(`no status answer within ${timeoutMs} ms`);
		}
		return answer;
	}

	/**
	 * Closes after what was sent has gone out, and resolves once both sides are closed (a printer
	 * serves one connection at a time); a printer that does not close its side in time is cut off.
	 * Never rejects.
	 */
	close(): Promise<void> {
		return new Promise((resolve) => {
			if (this.#closed) {
				resolve();
				return;
			}
			this.#socket.once('close', () => resolve());
			this.#socket.end();
			setTimeout(() => this.#socket.destroy(), CLOSE_GRACE_MS).unref();
		});
	}
}
