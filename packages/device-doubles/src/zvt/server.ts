/**
 * The simulated ZVT terminal on a TCP port (docs/zvt.md "The test double"). Tests start it on
 * port 0 and drive it through `terminal`: `scriptNext`, `dropNext`, `transactions`.
 */
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { TerminalSession } from './session.ts';
import { SimulatedTerminal } from './terminal.ts';

export interface ZvtSimulatorOptions {
	/** 0 picks a free port; `npm run zvt-sim` defaults to ZVT's 20007. */
	port?: number;
	host?: string;
	/** The terminal's password, six digits; default 000000. */
	password?: string;
	/** How long the terminal waits for the ECR's 80 00 00; default 5 s. */
	ackTimeoutMs?: number;
}

export interface RunningZvtSimulator {
	terminal: SimulatedTerminal;
	host: string;
	port: number;
	close(): Promise<void>;
}

export async function startZvtSimulator(
	options: ZvtSimulatorOptions = {}
): Promise<RunningZvtSimulator> {
	const terminal = new SimulatedTerminal(options.password ?? '000000');
	const sockets = new Set<Socket>();
	const server = createServer((socket) => {
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
		socket.setNoDelay(true);
		new TerminalSession(socket, terminal, options.ackTimeoutMs ?? 5_000);
	});
	const host = options.host ?? '127.0.0.1';
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(options.port ?? 0, host, () => resolve());
	});
	return {
		terminal,
		host,
		port: (server.address() as AddressInfo).port,
		close: () =>
			new Promise<void>((resolve) => {
				for (const socket of sockets) socket.destroy();
				server.close(() => resolve());
			})
	};
}
