/**
 * The ZVT adapter's specs' bench: the test double on a localhost port, and ZvtTerminals that
 * reach it over real TCP through a cable the test can pull (`plugged`) or cut as the terminal
 * sends a given message (`cutAt`) — for the losses the double's own drop points do not cover.
 */
import type { Duplex } from 'node:stream';
import {
	startZvtSimulator,
	type RunningZvtSimulator
} from '@venue-kiosk/device-doubles/zvt/server.ts';
import type { Store } from '../../store/store.ts';
import { ApduSplitter } from '@venue-kiosk/zvt/apdu.ts';
import { tcpConnector } from '../zvt/zvt-client.ts';
import { ZvtTerminal, type ZvtTerminalOptions } from '../zvt-terminal.ts';

export const PASSWORD = '123456';
export const EUR = { code: 'EUR', numericCode: 978 };

/** Where the cable is cut: as the terminal sends status information (04 0F) or a receipt (06 D3). */
export type CutPoint = 'status-information' | 'receipt';

const CUT_MESSAGES: Record<CutPoint, readonly [number, number]> = {
	'status-information': [0x04, 0x0f],
	receipt: [0x06, 0xd3]
};

export class ZvtRig {
	readonly sim: RunningZvtSimulator;
	readonly #store: Store;
	readonly #terminals: ZvtTerminal[] = [];
	readonly #sockets = new Set<Duplex>();
	/** False: the terminal is unplugged; new connections to it fail. */
	plugged = true;
	/** Cuts the connection once, as the terminal sends that message; then cleared. */
	cutAt: CutPoint | null = null;

	private constructor(sim: RunningZvtSimulator, store: Store) {
		this.sim = sim;
		this.#store = store;
	}

	static async start(store: Store): Promise<ZvtRig> {
		return new ZvtRig(await startZvtSimulator({ password: PASSWORD, ackTimeoutMs: 1_000 }), store);
	}

	/** A terminal adapter of kiosk `deviceId` (one per test: each test's terminal is new). */
	terminal(
		deviceId: string,
		options: Pick<ZvtTerminalOptions, 'onStatus' | 'busyRetries'> = {}
	): ZvtTerminal {
		const terminal = new ZvtTerminal({
			store: this.#store,
			deviceId,
			connect: () => this.#connect(),
			password: PASSWORD,
			currency: EUR,
			timeouts: { ackMs: 1_000, resultMs: 2_000 },
			busyRetries: { attempts: 5, delayMs: 20 },
			...options
		});
		this.#terminals.push(terminal);
		return terminal;
	}

	/** Pulls the cable: open connections close, new ones fail until `plugged` is true again. */
	async unplug(): Promise<void> {
		this.plugged = false;
		const closing = [...this.#sockets].map(
			(socket) => new Promise((closed) => socket.once('close', closed))
		);
		for (const socket of this.#sockets) socket.destroy();
		await Promise.all(closing);
	}

	async close(): Promise<void> {
		for (const terminal of this.#terminals) terminal.close();
		await this.sim.close();
	}

	async #connect(): Promise<Duplex> {
		if (!this.plugged) throw new Error('the terminal is unplugged');
		const socket = await tcpConnector(this.sim.host, this.sim.port)();
		this.#sockets.add(socket);
		socket.on('close', () => this.#sockets.delete(socket));
		// Registered before the client's own listener: the client still reads the message, but
		// whatever it answers is lost with the connection.
		const splitter = new ApduSplitter();
		socket.on('data', (chunk: Buffer) => {
			const cut = this.cutAt && CUT_MESSAGES[this.cutAt];
			if (!cut) return;
			if (splitter.push(chunk).some(({ cls, instr }) => cls === cut[0] && instr === cut[1])) {
				this.cutAt = null;
				socket.destroy();
			}
		});
		return socket;
	}
}
