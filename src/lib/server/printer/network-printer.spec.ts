import { createServer, Socket, type Server } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
	startPrinterSimulator,
	type PrinterSimulator
} from '@venue-kiosk/device-doubles/printer/printer-simulator.ts';
import { NetworkPrinter, type NetworkPrinterOptions } from './network-printer.ts';
import { receiptBytes } from './receipt-layout.ts';
import { SAMPLE_DEPOSIT_CODE, sampleReceipt } from './testing/sample-receipt.ts';

const TIMEOUT_MS = 200;
/**
 * The time limits not under test: a test that times how soon the printer gives up holds it to
 * this, so a wrong limit shows and no load on the machine can fail it.
 */
const LONG_MS = 20_000;
const job = receiptBytes(sampleReceipt(), 'de');

let sim: PrinterSimulator;
beforeEach(async () => {
	sim = await startPrinterSimulator({ port: 0 });
});
afterEach(() => sim.close());

const printerAt = (port: number, options: Partial<NetworkPrinterOptions> = {}) =>
	new NetworkPrinter({
		host: '127.0.0.1',
		port,
		timeoutMs: TIMEOUT_MS,
		printTimeoutMs: LONG_MS,
		pollIntervalMs: 50,
		...options
	});

async function timed<T>(run: () => Promise<T>): Promise<{ result: T; ms: number }> {
	const started = performance.now();
	const result = await run();
	return { result, ms: performance.now() - started };
}

/** A stand-in printer: answers every DLE EOT "ready" and hands every other byte to `onData`. */
async function fakePrinter(onData: (socket: Socket, data: Buffer) => void): Promise<Server> {
	const server = createServer((socket) => {
		socket.on('error', () => undefined);
		socket.on('data', (data) => {
			for (let at = data.indexOf(0x10); at !== -1; at = data.indexOf(0x10, at + 1)) {
				if (data[at + 1] === 0x04) socket.write(Uint8Array.of(0x12));
			}
			onData(socket, data);
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return server;
}
const portOf = (server: Server) => (server.address() as { port: number }).port;
const closed = (server: Server) => new Promise((resolve) => server.close(resolve));

describe('NetworkPrinter with the printer test double', () => {
	it('prints a receipt: the double receives all of it, QR code included', async () => {
		const outcome = await printerAt(sim.port).print(job);
		expect(outcome).toEqual({ outcome: 'printed', paperNearEnd: false });
		expect(sim.jobs).toHaveLength(1);
		const [printed] = sim.jobs;
		expect(printed!.complete).toBe(true);
		expect(printed!.unknownCommands).toEqual([]);
		expect(printed!.items).toContainEqual(
			expect.objectContaining({ kind: 'qr', payload: SAMPLE_DEPOSIT_CODE })
		);
		expect(printed!.items.at(-1)).toEqual({ kind: 'cut', partial: true });
	});

	it('reports a roll near its end, both with a print and in the status', async () => {
		sim.setState({ paperNearEnd: true });
		const printer = printerAt(sim.port);
		expect(await printer.print(job)).toEqual({ outcome: 'printed', paperNearEnd: true });
		expect(await printer.status()).toEqual({ condition: 'ready', paperNearEnd: true });
	});

	it('sends nothing when the paper is out before printing', async () => {
		sim.setState({ condition: 'paper-out' });
		const outcome = await printerAt(sim.port).print(job);
		expect(outcome).toMatchObject({ outcome: 'paper-out', duringJob: false });
		expect(sim.jobs).toEqual([]);
	});

	it('sends nothing when the cover is open', async () => {
		sim.setState({ condition: 'cover-open' });
		expect(await printerAt(sim.port).print(job)).toMatchObject({
			outcome: 'cover-open',
			duringJob: false
		});
		expect(await printerAt(sim.port).status()).toMatchObject({ condition: 'cover-open' });
		expect(sim.jobs).toEqual([]);
	});

	it('reports paper running out in the middle of a job as soon as the printer stops', async () => {
		sim.setState({ paperLines: 12 });
		const { result, ms } = await timed(() => printerAt(sim.port).print(job));
		expect(result).toMatchObject({ outcome: 'paper-out', duringJob: true });
		// Found by polling, not at the confirmation's time limit.
		expect(ms).toBeLessThan(LONG_MS);
		expect(sim.jobs[0]!.complete).toBe(false);
		expect(await printerAt(sim.port).status()).toMatchObject({ condition: 'paper-out' });
	});

	it('calls a printer that drops every connection offline', async () => {
		sim.setState({ condition: 'offline' });
		expect(await printerAt(sim.port).print(job)).toMatchObject({
			outcome: 'offline',
			duringJob: false
		});
		expect(await printerAt(sim.port).status()).toMatchObject({ condition: 'unreachable' });
	});

	it('gives up on a device that never answers a status query, within its time limit', async () => {
		sim.setState({ condition: 'silent' });
		const { result, ms } = await timed(() => printerAt(sim.port).print(job));
		expect(result).toEqual({
			outcome: 'offline',
			duringJob: false,
			detail: `no status answer within ${TIMEOUT_MS} ms`
		});
		expect(ms).toBeLessThan(LONG_MS);
		expect(sim.jobs).toEqual([]);
	});
});

describe('NetworkPrinter without a printer', () => {
	it('calls a refused connection offline', async () => {
		const gone = await startPrinterSimulator({ port: 0 });
		await gone.close();
		const outcome = await printerAt(gone.port).print(job);
		expect(outcome).toEqual({
			outcome: 'offline',
			duringJob: false,
			detail: 'cannot connect (ECONNREFUSED)'
		});
	});

	it('stops waiting for a connection at its time limit', async () => {
		// A socket that is never connected: as if the address led nowhere.
		const { result, ms } = await timed(() =>
			printerAt(9, { createSocket: () => new Socket() }).status()
		);
		expect(result).toEqual({
			condition: 'unreachable',
			detail: `no connection within ${TIMEOUT_MS} ms`
		});
		expect(ms).toBeLessThan(LONG_MS);
	});

	it('fails, not "printed", when the printer never confirms the job', async () => {
		const server = await fakePrinter(() => undefined);
		const result = await printerAt(portOf(server), { printTimeoutMs: 400 }).print(job);
		expect(result).toEqual({
			outcome: 'failed',
			detail: 'the printer did not confirm the job within 400 ms'
		});
		await closed(server);
	});

	it('fails when the connection breaks while the job is sent', async () => {
		const server = await fakePrinter((socket, data) => {
			if (data.length > 3) socket.destroy();
		});
		const outcome = await printerAt(portOf(server)).print(job);
		expect(outcome).toMatchObject({ outcome: 'failed' });
		await closed(server);
	});

	it('prints one job at a time', async () => {
		let open = 0;
		let most = 0;
		const server = await fakePrinter((socket, data) => {
			// Confirms the job once GS r 1 arrives.
			if (data.includes(0x72)) socket.write(Uint8Array.of(0x00));
		});
		server.on('connection', (socket) => {
			most = Math.max(most, ++open);
			socket.on('close', () => (open -= 1));
		});
		const printer = printerAt(portOf(server));
		const outcomes = await Promise.all([printer.print(job), printer.print(job), printer.status()]);
		expect(outcomes.map((outcome) => Object.values(outcome)[0])).toEqual([
			'printed',
			'printed',
			'ready'
		]);
		expect(most).toBe(1);
		await closed(server);
	});
});
