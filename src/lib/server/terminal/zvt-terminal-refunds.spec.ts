/**
 * The ZVT adapter's refunds (reversals of whole payments) and administration against the
 * terminal double over localhost TCP, on both store engines.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../store/store.ts';
import { ENGINES, openTestStore } from '../store/testing/test-stores.ts';
import { ZvtRig } from './testing/zvt-rig.ts';
import type { ZvtTerminal } from './zvt-terminal.ts';

describe.each(ENGINES)('ZvtTerminal refunds and administration on %s', (engine) => {
	let store: Store;
	let rig: ZvtRig;
	let devices = 0;
	let device: string;
	let terminal: ZvtTerminal;

	beforeAll(async () => {
		store = await openTestStore(engine);
	});
	afterAll(() => store.close());
	beforeEach(async () => {
		rig = await ZvtRig.start(store);
		devices += 1;
		device = `kiosk-${devices}`;
		terminal = rig.terminal(device);
	});
	afterEach(() => rig.close());

	const ref = (name: string) => `${device}/${name}`;

	async function paid(name: string, amountMinor: number): Promise<string> {
		expect(
			await terminal.collect({
				deviceId: 'kiosk-1',
				reference: ref(name),
				amountMinor,
				currencyCode: 'EUR'
			})
		).toBe('approved');
		return ref(name);
	}

	const reversals = () => rig.sim.terminal.transactions.filter((t) => t.kind === 'reversal');

	describe('refunds', () => {
		it('gives the whole payment back by a reversal of its receipt, once', async () => {
			await paid('s0.1', 300);
			const reference = await paid('s1.1', 700);
			expect(await terminal.refundedMinor(reference)).toBe(0);
			expect(await terminal.refund(reference, 700)).toBe('refunded');
			expect(await terminal.refundedMinor(reference)).toBe(700);
			expect(reversals()).toMatchObject([{ amountMinor: 700, reversesReceiptNumber: 2 }]);
			// Nothing is left to give back.
			expect(await terminal.refund(reference, 700)).toBe('failed');
			expect(reversals()).toHaveLength(1);
			expect(await terminal.refundedMinor(ref('s0.1'))).toBe(0);
		});

		it('refuses a part of a payment without sending anything', async () => {
			expect(await terminal.partialRefundsOf()).toBe(false);
			const reference = await paid('s1.1', 700);
			expect(await terminal.refund(reference, 200)).toBe('failed');
			expect(await terminal.refund(reference, 701)).toBe('failed');
			expect(reversals()).toEqual([]);
			expect(rig.sim.terminal.transactions).toMatchObject([{ reversed: false }]);
			expect(await terminal.refundedMinor(reference)).toBe(0);
		});

		it('refuses a payment that was not approved, or is not known', async () => {
			rig.sim.terminal.scriptNext({ result: 'decline' });
			await terminal.collect({
				deviceId: 'kiosk-1',
				reference: ref('s1.1'),
				amountMinor: 700,
				currencyCode: 'EUR'
			});
			expect(await terminal.refund(ref('s1.1'), 700)).toBe('failed');
			expect(await terminal.refund(ref('s2.1'), 700)).toBe('failed');
			expect(await terminal.refundedMinor(ref('s2.1'))).toBe(0);
			expect(reversals()).toEqual([]);
		});

		it('reports a reversal the terminal refuses as failed, and may try it again', async () => {
			const reference = await paid('s1.1', 700);
			// The batch is closed: its payments can no longer be reversed (B5).
			await terminal.endOfDay();
			expect(await terminal.refund(reference, 700)).toBe('failed');
			expect(await terminal.refundedMinor(reference)).toBe(0);
			expect(await terminal.refund(reference, 700)).toBe('failed');
			expect(reversals()).toEqual([]);
		});

		it('calls a reversal whose answer was lost uncertain; refundedMinor settles it as done', async () => {
			const reference = await paid('s1.1', 700);
			rig.cutAt = 'receipt';
			expect(await terminal.refund(reference, 700)).toBe('uncertain');
			expect(reversals()).toHaveLength(1);
			expect(await terminal.refundedMinor(reference)).toBe(700);
			expect(await terminal.refund(reference, 700)).toBe('failed');
			expect(reversals()).toHaveLength(1);
		});

		it('settles a lost reversal the terminal did not book as nothing given back', async () => {
			const reference = await paid('s1.1', 700);
			// Cut before the kiosk's acknowledgement of the status information: not booked.
			rig.cutAt = 'status-information';
			expect(await terminal.refund(reference, 700)).toBe('uncertain');
			expect(reversals()).toEqual([]);
			expect(await terminal.refundedMinor(reference)).toBe(0);
			// Nothing was given back: it may be tried again.
			expect(await terminal.refund(reference, 700)).toBe('refunded');
			expect(await terminal.refundedMinor(reference)).toBe(700);
		});

		it('cannot settle a lost reversal while the terminal is unreachable: refundedMinor throws', async () => {
			const reference = await paid('s1.1', 700);
			rig.cutAt = 'receipt';
			expect(await terminal.refund(reference, 700)).toBe('uncertain');
			await rig.unplug();
			await expect(terminal.refundedMinor(reference)).rejects.toThrow(/cannot be reached/);
			rig.plugged = true;
			expect(await rig.terminal(device).refundedMinor(reference)).toBe(700);
		});

		it('fails a reversal that could not be sent at all', async () => {
			const reference = await paid('s1.1', 700);
			await rig.unplug();
			expect(await terminal.refund(reference, 700)).toBe('failed');
			expect(await terminal.refundedMinor(reference)).toBe(0);
		});
	});

	describe('administration', () => {
		it('answers a status enquiry when reachable, and says why not when not', async () => {
			expect(await terminal.statusEnquiry()).toEqual({
				reachable: true,
				terminalStatus: 0,
				softwareVersion: 'venue-kiosk zvt-sim'
			});
			await rig.unplug();
			expect(await terminal.statusEnquiry()).toEqual({
				reachable: false,
				reason: expect.stringContaining('connection lost at connect')
			});
		});

		it('closes the day with the terminal’s totals in minor units', async () => {
			await paid('s1.1', 1000);
			const reversed = await paid('s2.1', 250);
			await paid('s3.1', 199);
			expect(await terminal.refund(reversed, 250)).toBe('refunded');
			const day = await terminal.endOfDay();
			expect(day).toMatchObject({
				totalMinor: 1199,
				individualTotals: {
					receiptNumberFrom: 1,
					receiptNumberTo: 4,
					schemes: { girocard: { count: 2, totalMinor: 1199 }, visa: { count: 0, totalMinor: 0 } }
				}
			});
			expect((await terminal.endOfDay()).totalMinor).toBe(0);
		});
	});
});
