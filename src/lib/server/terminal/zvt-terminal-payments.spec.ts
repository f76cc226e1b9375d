/**
 * The ZVT adapter's payments against the terminal double over localhost TCP, on both store
 * engines: each outcome, cancelling, a repeated reference, each drop point, an unreachable
 * terminal and a crashed server — and never two charges.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DROP_POINTS } from '@venue-kiosk/device-doubles/zvt/script.ts';
import type { Store } from '../store/store.ts';
import { ENGINES, openTestStore } from '../store/testing/test-stores.ts';
import { EUR, PASSWORD, ZvtRig } from './testing/zvt-rig.ts';
import { ZvtAttempts } from './zvt-attempts.ts';
import { tcpConnector, ZvtClient } from './zvt/zvt-client.ts';
import type { PaymentProgress } from './zvt-payments.ts';

describe.each(ENGINES)('ZvtTerminal payments on %s', (engine) => {
	let store: Store;
	let rig: ZvtRig;
	let devices = 0;
	/** Each test's kiosk is new, as its terminal is. */
	let device: string;

	beforeAll(async () => {
		store = await openTestStore(engine);
	});
	afterAll(() => store.close());
	beforeEach(async () => {
		rig = await ZvtRig.start(store);
		devices += 1;
		device = `kiosk-${devices}`;
	});
	afterEach(() => rig.close());

	/** References are unique across kiosks (a sale's id and attempt): these are this test's. */
	const ref = (name: string) => `${device}/${name}`;
	const request = (name: string, amountMinor = 700) => ({
		deviceId: 'kiosk-1',
		reference: ref(name),
		amountMinor,
		currencyCode: 'EUR'
	});

	const booked = () => rig.sim.terminal.transactions.filter((t) => t.kind === 'payment');

	it('approves, showing the terminal’s statuses, and keeps the payment on record', async () => {
		const shown: [string, PaymentProgress][] = [];
		const terminal = rig.terminal(device, {
			onStatus: (reference, progress) => shown.push([reference, progress])
		});
		expect(await terminal.collect(request('s1.1', 1250))).toBe('approved');
		expect(shown).toEqual([
			[ref('s1.1'), { messageId: 'insert-card' }],
			[ref('s1.1'), { messageId: 'pin-entry' }],
			[ref('s1.1'), { messageId: 'please-wait' }]
		]);
		expect(booked()).toMatchObject([{ amountMinor: 1250, receiptNumber: 1, traceNumber: 1 }]);
		expect(await terminal.lookup(ref('s1.1'))).toBe('approved');
		expect(
			await new ZvtAttempts(store, device, () => new Date()).get(ref('s1.1'), 'payment')
		).toMatchObject({
			state: 'approved',
			amountMinor: 1250,
			numbers: { receiptNumber: 1, traceNumber: 1 },
			knownBefore: null
		});
	});

	it('reports a decline and a customer’s abort, charging nothing', async () => {
		const terminal = rig.terminal(device);
		rig.sim.terminal.scriptNext({ result: 'decline' });
		expect(await terminal.collect(request('s1.1'))).toBe('declined');
		rig.sim.terminal.scriptNext({ result: 'customer-abort' });
		expect(await terminal.collect(request('s1.2'))).toBe('cancelled');
		expect(await terminal.lookup(ref('s1.1'))).toBe('declined');
		expect(await terminal.lookup(ref('s1.2'))).toBe('cancelled');
		expect(booked()).toEqual([]);
	});

	it('reports a payment the terminal aborts without a result code as declined, charging nothing', async () => {
		const terminal = rig.terminal(device);
		rig.sim.terminal.scriptNext({ result: 'abort-without-result' });
		expect(await terminal.collect(request('s1.1'))).toBe('declined');
		expect(await terminal.lookup(ref('s1.1'))).toBe('declined');
		expect(
			await new ZvtAttempts(store, device, () => new Date()).get(ref('s1.1'), 'payment')
		).toMatchObject({ state: 'declined', resultCode: null });
		expect(booked()).toEqual([]);
	});

	it('cancels a payment waiting for the card, and nothing else', async () => {
		const cancels: boolean[] = [];
		const terminal = rig.terminal(device, {
			onStatus: (reference, { messageId }) => {
				if (messageId !== 'insert-card' || reference !== ref('s1.1')) return;
				cancels.push(terminal.cancel(ref('s1.2')), terminal.cancel(reference));
			}
		});
		rig.sim.terminal.scriptNext({ result: 'wait-for-card' });
		expect(await terminal.collect(request('s1.1'))).toBe('cancelled');
		expect(cancels).toEqual([false, true]);
		expect(terminal.cancel(ref('s1.1'))).toBe(false);
		expect(booked()).toEqual([]);
		expect(await terminal.collect(request('s1.2'))).toBe('approved');
	});

	it('never sends a reference recorded before again: the record answers', async () => {
		const terminal = rig.terminal(device);
		expect(await terminal.collect(request('s1.1'))).toBe('approved');
		rig.sim.terminal.scriptNext({ result: 'decline' });
		expect(await terminal.collect(request('s1.2'))).toBe('declined');
		// A second Authorization would be approved (the double's default) and booked.
		expect(await terminal.collect(request('s1.1'))).toBe('approved');
		expect(await terminal.collect(request('s1.2'))).toBe('declined');
		expect(await rig.terminal(device).collect(request('s1.2'))).toBe('declined');
		expect(booked()).toHaveLength(1);
	});

	it('takes calls one after the other on its one connection', async () => {
		const terminal = rig.terminal(device);
		const outcomes = await Promise.all([
			terminal.collect(request('s1.1', 100)),
			terminal.collect(request('s2.1', 200)),
			terminal.statusEnquiry(),
			terminal.lookup(ref('s1.1'))
		]);
		expect(outcomes).toEqual([
			'approved',
			'approved',
			expect.objectContaining({ reachable: true }),
			'approved'
		]);
		expect(booked().map((t) => t.amountMinor)).toEqual([100, 200]);
	});

	it('waits while the terminal is busy with another ECR, then pays', async () => {
		const other = new ZvtClient({
			connect: tcpConnector(rig.sim.host, rig.sim.port),
			password: PASSWORD
		});
		rig.sim.terminal.scriptNext({ result: 'wait-for-card' });
		const othersPayment = other.authorize({ amountMinor: 1, currencyCode: EUR.numericCode });
		await expect.poll(() => rig.sim.terminal.busy).toBe(true);
		// Retries enough for any machine's load; the other payment ends once ours was turned away.
		const terminal = rig.terminal(device, { busyRetries: { attempts: 1_000, delayMs: 10 } });
		const claims = vi.spyOn(rig.sim.terminal, 'claim');
		const ours = terminal.collect(request('s1.1'));
		await expect.poll(() => claims.mock.results.some(({ value }) => value === false)).toBe(true);
		other.requestAbort();
		expect(await othersPayment).toMatchObject({ outcome: 'aborted' });
		expect(await ours).toBe('approved');
		other.close();
	});

	it('refuses a payment in another currency than the terminal’s before recording it', async () => {
		const terminal = rig.terminal(device);
		await expect(terminal.collect({ ...request('s1.1'), currencyCode: 'CHF' })).rejects.toThrow(
			/takes EUR, not CHF/
		);
		expect(await terminal.lookup(ref('s1.1'))).toBe('not-found');
	});

	describe('a lost answer, settled from the terminal’s last transaction', () => {
		const expected = {
			'before-status-information': { collect: 'uncertain', lookup: 'not-found', charged: false },
			'status-unacknowledged': { collect: 'uncertain', lookup: 'not-found', charged: false },
			'after-status-acknowledged': { collect: 'approved', lookup: 'approved', charged: true },
			'before-completion': { collect: 'approved', lookup: 'approved', charged: true }
		} as const;

		for (const point of DROP_POINTS) {
			for (const history of ['after an earlier payment', 'on a new terminal'] as const) {
				it(`dropped ${point}, ${history}: ${expected[point].lookup}, charged at most once`, async () => {
					const terminal = rig.terminal(device);
					if (history === 'after an earlier payment') {
						expect(await terminal.collect(request('s0.1', 300))).toBe('approved');
					}
					rig.sim.terminal.dropNext(point);
					expect(await terminal.collect(request('s1.1'))).toBe(expected[point].collect);
					expect(await terminal.lookup(ref('s1.1'))).toBe(expected[point].lookup);
					// Asked again, by this server or a restarted one: nothing is sent.
					expect(await terminal.collect(request('s1.1'))).toBe(expected[point].collect);
					expect(await rig.terminal(device).lookup(ref('s1.1'))).toBe(expected[point].lookup);
					const charged = booked().filter((t) => t.amountMinor === 700);
					expect(charged).toHaveLength(expected[point].charged ? 1 : 0);
				});
			}
		}

		it('is not fooled by an older payment of the same amount on a terminal new to the kiosk', async () => {
			const other = new ZvtClient({
				connect: tcpConnector(rig.sim.host, rig.sim.port),
				password: PASSWORD
			});
			await other.authorize({ amountMinor: 700, currencyCode: EUR.numericCode });
			other.close();
			const terminal = rig.terminal(device);
			rig.sim.terminal.dropNext('before-status-information');
			expect(await terminal.collect(request('s1.1'))).toBe('uncertain');
			expect(await terminal.lookup(ref('s1.1'))).toBe('not-found');
			expect(booked()).toHaveLength(1);
		});

		it('leaves the payment uncertain while the terminal cannot be reached; a later lookup settles it', async () => {
			const terminal = rig.terminal(device, {
				// Unplugged as the card is read: the terminal books, its answer and the terminal are gone.
				onStatus: (_reference, { messageId }) => {
					if (messageId === 'please-wait') rig.plugged = false;
				}
			});
			rig.sim.terminal.dropNext('after-status-acknowledged');
			expect(await terminal.collect(request('s1.1'))).toBe('uncertain');
			expect(await terminal.lookup(ref('s1.1'))).toBe('unknown');
			rig.plugged = true;
			expect(await terminal.lookup(ref('s1.1'))).toBe('approved');
			// The connection was lost: the ECR registered again before asking (06 00).
			expect(rig.sim.terminal.registrations).toBe(2);
			expect(await terminal.collect(request('s1.1'))).toBe('approved');
			expect(booked()).toHaveLength(1);
		});

		it('calls a payment nothing could be sent for not charged', async () => {
			await rig.unplug();
			const terminal = rig.terminal(device);
			expect(await terminal.collect(request('s1.1'))).toBe('uncertain');
			expect(await terminal.lookup(ref('s1.1'))).toBe('not-found');
			rig.plugged = true;
			expect(await terminal.collect(request('s1.1'))).toBe('uncertain');
			expect(booked()).toEqual([]);
		});

		it('leaves to a person a terminal whose last transaction is another payment', async () => {
			const terminal = rig.terminal(device);
			expect(await terminal.collect(request('s0.1', 300))).toBe('approved');
			// Recorded, as a server that died before sending it would have left it; meanwhile another
			// ECR took a payment of another amount: the terminal's last transaction is that one.
			await new ZvtAttempts(store, device, () => new Date()).recordSent({
				reference: ref('s1.1'),
				kind: 'payment',
				amountMinor: 700,
				currencyCode: 'EUR'
			});
			const other = new ZvtClient({
				connect: tcpConnector(rig.sim.host, rig.sim.port),
				password: PASSWORD
			});
			await other.authorize({ amountMinor: 999, currencyCode: EUR.numericCode });
			other.close();
			expect(await terminal.lookup(ref('s1.1'))).toBe('unknown');
			expect(await terminal.collect(request('s1.1'))).toBe('uncertain');
			expect(booked().map((t) => t.amountMinor)).toEqual([300, 999]);
		});
	});

	describe('after a crash of the server while it waited (the record left `sent`)', () => {
		it('settles a payment the terminal booked as approved, without sending it again', async () => {
			await new ZvtAttempts(store, device, () => new Date()).recordSent({
				reference: ref('s1.1'),
				kind: 'payment',
				amountMinor: 700,
				currencyCode: 'EUR'
			});
			// What the crashed server had sent, and the terminal booked.
			const crashed = new ZvtClient({
				connect: tcpConnector(rig.sim.host, rig.sim.port),
				password: PASSWORD
			});
			await crashed.authorize({ amountMinor: 700, currencyCode: EUR.numericCode });
			crashed.close();
			const restarted = rig.terminal(device);
			expect(await restarted.lookup(ref('s1.1'))).toBe('approved');
			expect(await restarted.collect(request('s1.1'))).toBe('approved');
			expect(booked()).toHaveLength(1);
		});

		it('settles a payment the terminal did not book as not found', async () => {
			const terminal = rig.terminal(device);
			expect(await terminal.collect(request('s0.1', 300))).toBe('approved');
			await new ZvtAttempts(store, device, () => new Date()).recordSent({
				reference: ref('s1.1'),
				kind: 'payment',
				amountMinor: 700,
				currencyCode: 'EUR'
			});
			const restarted = rig.terminal(device);
			expect(await restarted.collect(request('s1.1'))).toBe('uncertain');
			expect(await restarted.lookup(ref('s1.1'))).toBe('not-found');
			expect(booked().map((t) => t.amountMinor)).toEqual([300]);
		});
	});
});
