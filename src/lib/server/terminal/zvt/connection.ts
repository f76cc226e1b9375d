/**
 * APDUs over one socket: `send` writes one, `next` waits for the next one the terminal sends,
 * at most `timeoutMs`. The socket is any Duplex (a net.Socket in production, one end of a
 * duplexPair in tests). Once the socket closes — or sends bytes that cannot be framed — every
 * waiting and later `next` fails with `ConnectionClosed`; nothing is retried here.
 */
import type { Duplex } from 'node:stream';
import { ApduSplitter, type Apdu } from '@venue-kiosk/zvt/apdu.ts';
import { ZvtDecodeError } from '@venue-kiosk/zvt/decode-error.ts';

/** Why `next` gave up: the socket closed (`cause`: a framing error, if that closed it) or time ran out. */
export class ConnectionClosed extends Error {
	constructor(cause?: unknown) {
		super('connection closed', { cause });
		this.name = 'ConnectionClosed';
	}
}

export class ReceiveTimeout extends Error {
	constructor(timeoutMs: number) {
		super(`nothing received within ${timeoutMs} ms`);
		this.name = 'ReceiveTimeout';
	}
}

export class ZvtConnection {
	readonly #socket: Duplex;
	readonly #splitter = new ApduSplitter();
	readonly #received: Apdu[] = [];
	#waiter: ((apdu: Apdu | ConnectionClosed) => void) | null = null;
	#closed: ConnectionClosed | null = null;

	constructor(socket: Duplex) {
		this.#socket = socket;
		socket.on('data', (chunk: Buffer) => this.#receive(chunk));
		socket.on('close', () => this.#close(new ConnectionClosed()));
		// 'close' follows every 'error'; the error itself only explains it.
		socket.on('error', (error) => this.#close(new ConnectionClosed(error)));
	}

	get isOpen(): boolean {
		return this.#closed === null;
	}

	send(bytes: Uint8Array): void {
		if (this.#closed) throw this.#closed;
		this.#socket.write(bytes);
	}

	next(timeoutMs: number): Promise<Apdu> {
		const queued = this.#received.shift();
		if (queued) return Promise.resolve(queued);
		if (this.#closed) return Promise.reject(this.#closed);
		return new Promise<Apdu>((resolve, reject) => {
			const timer = setTimeout(() => {
				this.#waiter = null;
				reject(new ReceiveTimeout(timeoutMs));
			}, timeoutMs);
			this.#waiter = (result) => {
				clearTimeout(timer);
				this.#waiter = null;
				if (result instanceof ConnectionClosed) reject(result);
				else resolve(result);
			};
		});
	}

	close(): void {
		this.#socket.destroy();
		this.#close(new ConnectionClosed());
	}

	#receive(chunk: Uint8Array): void {
		let apdus: Apdu[];
		try {
			apdus = this.#splitter.push(chunk);
		} catch (error) {
			if (!(error instanceof ZvtDecodeError)) throw error;
			this.#socket.destroy();
			this.#close(new ConnectionClosed(error));
			return;
		}
		for (const apdu of apdus) {
			if (this.#waiter) this.#waiter(apdu);
			else this.#received.push(apdu);
		}
	}

	#close(reason: ConnectionClosed): void {
		if (this.#closed) return;
		this.#closed = reason;
		this.#waiter?.(reason);
	}
}
