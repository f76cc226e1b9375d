/**
 * The client against the test double over real localhost TCP: every outcome, the busy
 * terminal, and each drop point with what the client reports and what the terminal's own
 * record (repeat receipt) says afterwards (docs/zvt.md "Drop points").
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
	startZvtSimulator,
	type RunningZvtSimulator
} from '@venue-kiosk/device-doubles/zvt/server.ts';
import { ZvtClientBusyError, ZvtConnectionLostError, ZvtRejectedError } from './client-errors.ts';
import { tcpConnector, ZvtClient, type StatusUpdate } from './zvt-client.ts';

const EUR = 978;
let sim: RunningZvtSimulator;
let clients: ZvtClient[];

beforeEach(async () => {
	sim = await startZvtSimulator({ password: '123456', ackTimeoutMs: 1_000 });
	clients = [];
});

afterEach(async () => {
	for (const client of clients) client.close();
	await sim.close();
});

function client(password = '123456'): ZvtClient {
	const created = new ZvtClient({
		connect: tcpConnector(sim.host, sim.port),
		password,
		ackTimeoutMs: 1_000,
		resultTimeoutMs: 2_000
	});
	clients.push(created);
	return created;
}

describe('payments', () => {
	it('approves, reporting the statuses on the way and booking the payment', async () => {
		const updates: StatusUpdate[] = [];
		const result = await client().authorize(
			{ amountMinor: 1250, currencyCode: EUR },
			{ onStatus: (update) => updates.push(update) }
		);
		expect(result).toMatchObject({
			outcome: 'approved',
			statusInformation: {
				resultCode: 0,
				amountMinor: 1250,
				currencyCode: EUR,
				receiptNumber: 1,
				traceNumber: 1
			}
		});
		expect(result.receipt).toContain('Betrag EUR 12,50');
		expect(updates.map((update) => update.message)).toEqual([
			'insert-card',
			'pin-entry',
			'please-wait'
		]);
		expect(sim.terminal.transactions).toMatchObject([
			{ kind: 'payment', amountMinor: 1250, receiptNumber: 1, traceNumber: 1, reversed: false }
		]);
	});

	it('reports a decline with the host result code, books nothing', async () => {
		sim.terminal.scriptNext({ result: 'decline', resultCode: 0x05 });
		const result = await client().authorize({ amountMinor: 500, currencyCode: EUR });
		expect(result).toMatchObject({ outcome: 'declined', resultCode: 0x05 });
		expect(sim.terminal.transactions).toEqual([]);
	});

	it('reports an abort by the customer', async () => {
		sim.terminal.scriptNext({ result: 'customer-abort', statuses: [0x0a] });
		const result = await client().authorize({ amountMinor: 500, currencyCode: EUR });
		expect(result).toMatchObject({
			outcome: 'aborted',
			resultCode: 0x6c,
			statusInformation: { additionalText: 'Abbruch durch Kunde' }
		});
		expect(sim.terminal.transactions).toEqual([]);
	});

	it('stops a payment waiting for the card when the ECR aborts (06 B0)', async () => {
		sim.terminal.scriptNext({ result: 'wait-for-card' });
		const controller = new AbortController();
		const result = await client().authorize(
			{ amountMinor: 500, currencyCode: EUR },
			{ signal: controller.signal, onStatus: () => controller.abort() }
		);
		expect(result).toEqual({
			outcome: 'aborted',
			resultCode: 0x6c,
			statusInformation: null,
			receipt: []
		});
		expect(sim.terminal.transactions).toEqual([]);
	});

	it('keeps working on the same connection after each outcome', async () => {
		const ecr = client();
		sim.terminal.scriptNext({ result: 'decline' });
		await ecr.authorize({ amountMinor: 100, currencyCode: EUR });
		const second = await ecr.authorize({ amountMinor: 200, currencyCode: EUR });
		expect(second.outcome).toBe('approved');
	});
});

describe('one command at a time', () => {
	it('rejects a second call on the same client without touching the wire', async () => {
		sim.terminal.scriptNext({ result: 'wait-for-card' });
		const ecr = client();
		const waiting = ecr.authorize({ amountMinor: 500, currencyCode: EUR }, {});
		await expect(ecr.statusEnquiry()).rejects.toBeInstanceOf(ZvtClientBusyError);
		await expect.poll(() => sim.terminal.busy).toBe(true);
		expect(ecr.requestAbort()).toBe(true);
		expect(ecr.requestAbort()).toBe(false);
		await expect(waiting).resolves.toMatchObject({ outcome: 'aborted' });
	});

	it('gets 84 83 from a terminal busy with another connection', async () => {
		sim.terminal.scriptNext({ result: 'wait-for-card' });
		const first = client();
		const waiting = first.authorize({ amountMinor: 500, currencyCode: EUR });
		await expect.poll(() => sim.terminal.busy).toBe(true);
		const error = await client()
			.authorize({ amountMinor: 100, currencyCode: EUR })
			.catch((e: unknown) => e);
		expect(error).toBeInstanceOf(ZvtRejectedError);
		expect(error).toMatchObject({ code: 0x83 });
		first.requestAbort();
		await waiting;
		expect((await client().authorize({ amountMinor: 100, currencyCode: EUR })).outcome).toBe(
			'approved'
		);
	});
});

describe('drop points', () => {
	it('before status information: lost in the transaction; nothing booked', async () => {
		sim.terminal.dropNext('before-status-information');
		const ecr = client();
		const error = await ecr
			.authorize({ amountMinor: 700, currencyCode: EUR })
			.catch((e: unknown) => e);
		expect(error).toBeInstanceOf(ZvtConnectionLostError);
		expect(error).toMatchObject({
			phase: 'transaction',
			commandAcknowledged: true,
			statusInformationReceived: false
		});
		expect(await ecr.repeatReceipt()).toBeNull();
	});

	it('(a) status information unacknowledged: the client holds an approval the terminal did not book', async () => {
		const ecr = client();
		await ecr.authorize({ amountMinor: 300, currencyCode: EUR });
		sim.terminal.dropNext('status-unacknowledged');
		const error = await ecr
			.authorize({ amountMinor: 700, currencyCode: EUR })
			.catch((e: unknown) => e);
		expect(error).toBeInstanceOf(ZvtConnectionLostError);
		expect(error).toMatchObject({
			phase: 'completion',
			commandAcknowledged: true,
			statusInformationReceived: true,
			statusInformation: { resultCode: 0, amountMinor: 700, receiptNumber: 2 }
		});
		expect(sim.terminal.transactions.map((transaction) => transaction.amountMinor)).toEqual([300]);
		const last = await ecr.repeatReceipt();
		expect(last?.statusInformation).toMatchObject({ amountMinor: 300, receiptNumber: 1 });
	});

	for (const point of ['after-status-acknowledged', 'before-completion'] as const) {
		it(`(${point === 'after-status-acknowledged' ? 'b' : 'c'}) ${point}: booked, and repeat receipt says so`, async () => {
			sim.terminal.dropNext(point);
			const ecr = client();
			const error = await ecr
				.authorize({ amountMinor: 700, currencyCode: EUR })
				.catch((e: unknown) => e);
			expect(error).toBeInstanceOf(ZvtConnectionLostError);
			expect(error).toMatchObject({
				phase: 'completion',
				statusInformationReceived: true,
				statusInformation: { resultCode: 0, amountMinor: 700, receiptNumber: 1, traceNumber: 1 }
			});
			expect(sim.terminal.transactions).toMatchObject([{ amountMinor: 700, receiptNumber: 1 }]);
			// A new connection, and a new client: the terminal's record outlives both.
			const last = await client().repeatReceipt();
			expect(last?.statusInformation).toMatchObject({
				amountMinor: 700,
				receiptNumber: 1,
				traceNumber: 1
			});
		});
	}
});

describe('reversal, end of day, administration', () => {
	it('reverses a payment once, refusing unknown receipts and other amounts', async () => {
		const ecr = client();
		const paid = await ecr.authorize({ amountMinor: 900, currencyCode: EUR });
		const receiptNumber = paid.statusInformation?.receiptNumber as number;
		expect(await ecr.reversal({ receiptNumber: 4242 })).toMatchObject({
			outcome: 'refused',
			resultCode: 0xb5
		});
		expect(await ecr.reversal({ receiptNumber, amountMinor: 901 })).toMatchObject({
			outcome: 'refused',
			resultCode: 0xb7
		});
		expect(await ecr.reversal({ receiptNumber, amountMinor: 900 })).toMatchObject({
			outcome: 'reversed',
			statusInformation: {
				resultCode: 0,
				amountMinor: 900,
				originalTraceNumber: 1,
				receiptNumber: 2
			}
		});
		expect(await ecr.reversal({ receiptNumber })).toMatchObject({
			outcome: 'refused',
			resultCode: 0xb4
		});
		expect(sim.terminal.transactions).toMatchObject([
			{ kind: 'payment', receiptNumber, reversed: true },
			{ kind: 'reversal', reversesReceiptNumber: receiptNumber }
		]);
	});

	it('totals the approved and unreversed payments since the last end of day', async () => {
		const ecr = client();
		await ecr.authorize({ amountMinor: 1000, currencyCode: EUR });
		const reversed = await ecr.authorize({ amountMinor: 250, currencyCode: EUR });
		sim.terminal.scriptNext({ result: 'decline' });
		await ecr.authorize({ amountMinor: 5000, currencyCode: EUR });
		await ecr.authorize({ amountMinor: 199, currencyCode: EUR });
		await ecr.reversal({ receiptNumber: reversed.statusInformation?.receiptNumber as number });
		const day = await ecr.endOfDay();
		expect(day.statusInformation).toMatchObject({
			resultCode: 0,
			amountMinor: 1199,
			individualTotals: {
				receiptNumberFrom: 1,
				receiptNumberTo: 4,
				schemes: { girocard: { count: 2, totalMinor: 1199 } }
			}
		});
		await ecr.authorize({ amountMinor: 1, currencyCode: EUR });
		expect((await ecr.endOfDay()).statusInformation?.amountMinor).toBe(1);
		expect(await ecr.reversal({ receiptNumber: 1 })).toMatchObject({
			outcome: 'refused',
			resultCode: 0xb5
		});
	});

	it('registers with the right password and is refused with a wrong one', async () => {
		expect(await client().register({ currencyCode: EUR })).toMatchObject({
			terminalId: '52523535',
			currencyCode: EUR
		});
		const error = await client('654321')
			.register()
			.catch((e: unknown) => e);
		expect(error).toBeInstanceOf(ZvtRejectedError);
		expect(error).toMatchObject({ code: 0x83 });
	});

	it('answers a status enquiry and a log off', async () => {
		const ecr = client();
		expect(await ecr.statusEnquiry()).toMatchObject({
			terminalStatus: 0,
			softwareVersion: 'venue-kiosk zvt-sim'
		});
		await expect(ecr.logOff()).resolves.toBeUndefined();
	});

	it('reports a terminal that is not there as lost at connect', async () => {
		await sim.close();
		const error = await client()
			.statusEnquiry()
			.catch((e: unknown) => e);
		expect(error).toBeInstanceOf(ZvtConnectionLostError);
		expect(error).toMatchObject({ phase: 'connect', commandAcknowledged: false });
		sim = await startZvtSimulator();
	});
});
