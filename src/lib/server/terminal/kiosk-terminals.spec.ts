import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SimulatedTerminal } from './simulated-terminal.ts';
import { Settings } from '../settings.ts';
import type { Store } from '../store/store.ts';
import { ENGINES, openTestStore } from '../store/testing/test-stores.ts';
import { KioskTerminals } from './kiosk-terminals.ts';
import { saveTerminalSettings } from './terminal-settings.ts';
import { PASSWORD, ZvtRig } from './testing/zvt-rig.ts';

describe.each(ENGINES)('KioskTerminals on %s', (engine) => {
	let store: Store;
	let settings: Settings;
	let rig: ZvtRig;
	let terminals: KioskTerminals;
	const ZVT_KIOSK = 'kiosk-zvt';
	const SCREEN_KIOSK = 'kiosk-screen';
	const request = (deviceId: string, reference: string, amountMinor = 1_250) => ({
		deviceId,
		reference,
		amountMinor,
		currencyCode: 'EUR'
	});
	/** The payments the double booked, by amount. */
	const booked = () =>
		rig.sim.terminal.transactions
			.filter((transaction) => transaction.kind === 'payment')
			.map((transaction) => transaction.amountMinor);

	beforeEach(async () => {
		store = await openTestStore(engine);
		settings = new Settings(store);
		rig = await ZvtRig.start(store);
		terminals = new KioskTerminals({
			store,
			settings,
			simulated: new SimulatedTerminal(store, { fixedOutcome: 'approved' }),
			zvtTerminal: (deviceId, _settings, onStatus) => rig.terminal(deviceId, { onStatus })
		});
		await saveTerminalSettings(settings, ZVT_KIOSK, {
			kind: 'zvt',
			host: rig.sim.host,
			port: rig.sim.port,
			password: PASSWORD,
			currencyCode: 'EUR'
		});
	});
	afterEach(async () => {
		terminals.close();
		await rig.close();
		await store.close();
	});

	it('a kiosk with a ZVT terminal pays on it; one without, on the screen', async () => {
		expect(await terminals.collect(request(ZVT_KIOSK, 'zvt-sale.1'))).toBe('approved');
		expect(await terminals.collect(request(SCREEN_KIOSK, 'screen-sale.1', 900))).toBe('approved');
		expect(await terminals.collect(request(ZVT_KIOSK, 'zvt-sale-2.1', 400))).toBe('approved');
		expect(booked()).toEqual([1_250, 400]);
		// Registered once, before the first command (06 00).
		expect(rig.sim.terminal.registrations).toBe(1);
		expect(await terminals.lookup('zvt-sale.1')).toBe('approved');
		expect(await terminals.lookup('screen-sale.1')).toBe('approved');
		expect(await terminals.partialRefundsOf('zvt-sale.1')).toBe(false);
		expect(await terminals.partialRefundsOf('screen-sale.1')).toBe(true);
	});

	it('refunds go to the terminal that took the payment, whatever the kiosk uses now', async () => {
		await terminals.collect(request(ZVT_KIOSK, 'zvt-sale.1'));
		expect(await terminals.refund('zvt-sale.1', 500)).toBe('failed');
		expect(rig.sim.terminal.transactions).toHaveLength(1);
		expect(await terminals.refund('zvt-sale.1', 1_250)).toBe('refunded');
		expect(await terminals.refundedMinor('zvt-sale.1')).toBe(1_250);
		expect(rig.sim.terminal.transactions.map((transaction) => transaction.kind)).toEqual([
			'payment',
			'reversal'
		]);

		// The kiosk back on the screen: the payment's terminal is not set up any more, so
		// nothing can be asked of it — staff settle what is open.
		await terminals.collect(request(ZVT_KIOSK, 'zvt-sale-2.1', 300));
		await saveTerminalSettings(settings, ZVT_KIOSK, null);
		expect(await terminals.lookup('zvt-sale-2.1')).toBe('unknown');
		expect(await terminals.refund('zvt-sale-2.1', 300)).toBe('failed');
		expect(await terminals.refundedMinor('zvt-sale-2.1')).toBeNull();
		expect(rig.sim.terminal.transactions).toHaveLength(3);
	});

	it('tells what the terminal shows while it waits for the card, and cancels it', async () => {
		rig.sim.terminal.scriptNext({ result: 'wait-for-card' });
		const paying = terminals.collect(request(ZVT_KIOSK, 'waiting.1'));
		await expect.poll(() => terminals.progressOf('waiting.1')?.messageId).toBe('insert-card');
		expect(await terminals.zvtOf(SCREEN_KIOSK)).toBeNull();
		expect((await terminals.zvtOf(ZVT_KIOSK))!.cancel('waiting.1')).toBe(true);
		expect(await paying).toBe('cancelled');
		expect(terminals.progressOf('waiting.1')).toBeNull();
		expect(booked()).toEqual([]);
	});

	it('outside demo there is no on-screen terminal: a kiosk without a ZVT one takes no cards', async () => {
		const production = new KioskTerminals({
			store,
			settings,
			simulated: null,
			zvtTerminal: (deviceId, _settings, onStatus) => rig.terminal(deviceId, { onStatus })
		});
		try {
			expect(await production.cardTerminalOf(SCREEN_KIOSK)).toBeNull();
			expect(await production.cardTerminalOf(ZVT_KIOSK)).toBe('zvt');
			expect(await terminals.cardTerminalOf(SCREEN_KIOSK)).toBe('on-screen');
			// Asked anyway (its terminal removed as the guest paid): nothing is charged, nor recorded.
			expect(await production.collect(request(SCREEN_KIOSK, 'no-card.1'))).toBe('cancelled');
			expect(await production.lookup('no-card.1')).toBe('not-found');
			expect(await production.refund('no-card.1', 1_250)).toBe('failed');
			expect(await production.refundedMinor('no-card.1')).toBe(0);
			expect(await production.collect(request(ZVT_KIOSK, 'zvt-sale.1'))).toBe('approved');
			expect(booked()).toEqual([1_250]);
		} finally {
			production.close();
		}
	});
});
