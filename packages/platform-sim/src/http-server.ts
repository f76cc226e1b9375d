/** Puts a `Simulator` on a TCP port. */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PlatformError, SimErrorCode } from './errors.ts';
import { Simulator, type SimulatorOptions } from './simulator.ts';

const MAX_BODY_BYTES = 1024 * 1024;

export interface RunningSimulator {
	sim: Simulator;
	server: Server;
	/** Base URL, e.g. http://127.0.0.1:4010 — the platform's {base_url}. */
	url: string;
	close(): Promise<void>;
}

export interface ListenOptions extends SimulatorOptions {
	port?: number;
	host?: string;
	/** Called once per handled request, for a console log line (never with headers). */
	onRequest?: (line: string) => void;
}

export async function startSimulator(options: ListenOptions = {}): Promise<RunningSimulator> {
	const sim = new Simulator(options);
	const server = createServer(async (req, res) => {
		const body = await readBody(req);
		const reply =
			body instanceof PlatformError
				? { status: body.status, body: body.toEnvelope() }
				: await sim.handle({
						method: req.method ?? 'GET',
						url: req.url ?? '/',
						headers: req.headers,
						body
					});
		options.onRequest?.(
			`${req.method} ${req.url?.split('?')[0]} → ${reply.drop ? 'dropped' : reply.status}`
		);
		if ('drop' in reply && reply.drop) {
			req.socket.destroy();
			return;
		}
		const text =
			reply.body === undefined
				? ''
				: reply.body instanceof Uint8Array
					? reply.body
					: reply.contentType
						? String(reply.body)
						: JSON.stringify(reply.body);
		res.writeHead(reply.status, {
			'content-type': reply.contentType ?? 'application/json; charset=utf-8',
			'cache-control': 'no-store'
		});
		res.end(text);
	});
	const host = options.host ?? '127.0.0.1';
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(options.port ?? 4010, host, () => resolve());
	});
	const { port } = server.address() as AddressInfo;
	const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
	return {
		sim,
		server,
		url,
		close: () =>
			new Promise<void>((resolve) => {
				sim.close();
				server.closeAllConnections();
				server.close(() => resolve());
			})
	};
}

/** The body as text, or a 413 error once it passes the limit. */
function readBody(req: IncomingMessage): Promise<string | PlatformError> {
	return new Promise((resolve) => {
		const chunks: Buffer[] = [];
		let size = 0;
		let tooLarge = false;
		req.on('data', (chunk: Buffer) => {
			size += chunk.length;
			if (size > MAX_BODY_BYTES) tooLarge = true;
			else chunks.push(chunk);
		});
		req.on('end', () =>
			resolve(
				tooLarge
					? new PlatformError(413, SimErrorCode.payloadTooLarge, 'The body exceeds 1 MiB.')
					: Buffer.concat(chunks).toString('utf8')
			)
		);
		req.on('error', () => resolve(''));
	});
}
