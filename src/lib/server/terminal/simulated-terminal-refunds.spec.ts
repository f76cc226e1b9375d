/**
 * The simulated terminal's refunds (staff refunds, docs/back-office.md): part or all of an approved
 * payment, never more than was paid in total — also when two kiosk servers refund the same payment
 * at once — and its own record of how much was given back, which settles a refund whose answer was
 * lost.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../store/store.ts';
import { ENGINES, openSharedTestStores } from '../store/testing/test-stores.ts';
import { SimulatedTerminal } from './simulated-terminal.ts';

describe.each(ENGINES)('simulated terminal refunds on %s', (engine) => {
	let stores: Store[];
	beforeEach(async () => {
		stores = await openSharedTestStores(engine, 2);
	});
	afterEach(async () => {
		await Promise.all(stores.map((store) => store.close()));
	});

	const approved = async (terminal: SimulatedTerminal, reference: string, amountMinor: number) => {
		terminal.fixedOutcome = 'approved';
		await terminal.collect({ deviceId: 'kiosk-1', reference, amountMinor, currencyCode: 'EUR' });
	};

	it('partial refunds add up to the payment and no further', async () => {
		const terminal = new SimulatedTerminal(stores[0]!);
		await approved(terminal, 'sale-1.1', 1000);
		expect(await terminal.refundedMinor('sale-1.1')).toBe(0);
		expect(await terminal.refund('sale-1.1', 300)).toBe('refunded');
		expect(await terminal.refundedMinor('sale-1.1')).toBe(300);
		expect(await terminal.refunded('sale-1.1')).toBe(false);
		expect(await terminal.refund('sale-1.1', 701)).toBe('failed');
		expect(await terminal.refund('sale-1.1', 700)).toBe('refunded');
		expect(await terminal.refunded('sale-1.1')).toBe(true);
		expect(await terminal.refund('sale-1.1', 1)).toBe('failed');
		expect(await terminal.refundedMinor('sale-1.1')).toBe(1000);
	});

	it('refuses what cannot be refunded: unknown or declined payments, amounts not above 0', async () => {
		const terminal = new SimulatedTerminal(stores[0]!, { fixedOutcome: 'declined' });
		await terminal.collect({
			deviceId: 'kiosk-1',
			reference: 'sale-2.1',
			amountMinor: 500,
			currencyCode: 'EUR'
		});
		expect(await terminal.refund('sale-2.1', 500)).toBe('failed');
		expect(await terminal.refund('sale-9.1', 500)).toBe('failed');
		await approved(terminal, 'sale-2.2', 500);
		expect(await terminal.refund('sale-2.2', 0)).toBe('failed');
		expect(await terminal.refund('sale-2.2', 1.5)).toBe('failed');
		expect(await terminal.refundedMinor('sale-2.2')).toBe(0);
	});

	it('two servers refunding the same payment at once never give back more than was paid', async () => {
		const a = new SimulatedTerminal(stores[0]!);
		const b = new SimulatedTerminal(stores[1]!);
		await approved(a, 'sale-3.1', 1000);
		const outcomes = await Promise.all([a.refund('sale-3.1', 600), b.refund('sale-3.1', 600)]);
		expect(outcomes.sort()).toEqual(['failed', 'refunded']);
		expect(await b.refundedMinor('sale-3.1')).toBe(600);
	});
});
