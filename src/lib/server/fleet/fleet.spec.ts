/**
 * Fleet health on both engines: a heartbeat is validated at the boundary and stored over the
 * last one (no rows added per beat), the fleet's view judges each device, remote actions are
 * refused to anyone but staff and audited, a reload is answered once, and out of order is told
 * to the kiosk and known to the checkout.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ScreenReport } from '#lib/shared/fleet.ts';
import { AuditLog } from '../audit/audit-log.ts';
import { KnownPlaces } from '../devices/known-places.ts';
import { placedDevices } from '../devices/testing/placed-devices.ts';
import { Journal } from '../journal/journal.ts';
import { checkoutOverStore } from '../sales/testing/checkout-over-store.ts';
import { Settings } from '../settings.ts';
import type { Store } from '../store/store.ts';
import { ENGINES, openSharedTestStores, openTestStore } from '../store/testing/test-stores.ts';
import { Fleet } from './fleet.ts';
import { HeartbeatRepository } from './heartbeat-repository.ts';

const REPORT: ScreenReport = {
	version: 'v2',
	paused: [],
	printer: null,
	terminal: null,
	busy: false,
	visible: true,
	battery: 80,
	charging: true
};
const STAFF = { name: 'Sam', role: 'staff' as const };
const MANAGER = { name: 'Mia', role: 'manager' as const };
const form = (fields: Record<string, string>) => {
	const data = new FormData();
	for (const [name, value] of Object.entries(fields)) data.set(name, value);
	return data;
};

function fleetOn(store: Store, clock: { now: Date }) {
	const placed = placedDevices(store);
	const audit = new AuditLog(store);
	const journal = new Journal(store);
	const fleet = new Fleet({
		heartbeats: new HeartbeatRepository(store),
		devices: placed.devices,
		places: new KnownPlaces(placed.devices, placed.views),
		journal,
		settings: new Settings(store),
		audit,
		serverVersion: 'v2',
		now: () => clock.now
	});
	return { fleet, placed, audit, journal };
}

describe.each(ENGINES)('fleet health on %s', (engine) => {
	let store: Store;
	let clock: { now: Date };
	beforeEach(async () => {
		store = await openTestStore(engine);
		clock = { now: new Date('2026-11-28T12:00:00.000Z') };
	});
	afterEach(async () => {
		await store.close();
	});

	it('stores a beat over the last one, one row per screen', async () => {
		const { fleet, placed } = fleetOn(store, clock);
		const kiosk = await placed.add('Kiosk 1', 'kiosk', { id: 'p1', name: 'Main stage' });
		for (let beat = 0; beat < 3; beat += 1) {
			clock.now = new Date(clock.now.getTime() + 15_000);
			expect(await fleet.receiveHeartbeat(kiosk, REPORT)).toEqual({
				nextBeatMs: 15_000,
				outOfOrder: null,
				reload: false
			});
		}
		const rows = await store.db.selectFrom('screen_heartbeats').selectAll().execute();
		expect(rows).toHaveLength(1);
		const view = await fleet.view();
		expect(view.screens).toEqual([
			expect.objectContaining({
				name: 'Kiosk 1',
				place: 'Main stage',
				state: 'ok',
				lastSeenAt: clock.now.toISOString(),
				report: REPORT
			})
		]);
	});

	it('refuses a body that is no report, and a browser paired as no screen, storing nothing', async () => {
		const { fleet, placed } = fleetOn(store, clock);
		const kiosk = await placed.add('Kiosk 1', 'kiosk', null);
		for (const body of [
			null,
			'beat',
			{ ...REPORT, version: '' },
			{ ...REPORT, battery: 101 },
			{ ...REPORT, printer: 'on fire' },
			{ ...REPORT, secret: 'x' },
			{ ...REPORT, version: 'v'.repeat(65) }
		]) {
			expect(await fleet.receiveHeartbeat(kiosk, body)).toBe('bad-request');
		}
		expect(await fleet.receiveHeartbeat(null, REPORT)).toBe('not-paired');
		expect(await fleet.receiveHeartbeat('no-such-device', REPORT)).toBe('not-paired');
		expect(await store.db.selectFrom('screen_heartbeats').selectAll().execute()).toEqual([]);
	});

	it('shows a screen silent past the threshold, and again well once it beats', async () => {
		const { fleet, placed } = fleetOn(store, clock);
		const kiosk = await placed.add('Kiosk 1', 'kiosk', null);
		await placed.add('Board', 'board', null);
		await fleet.receiveHeartbeat(kiosk, REPORT);
		clock.now = new Date(clock.now.getTime() + 46_000);
		const view = await fleet.view();
		expect(view.screens.map((s) => [s.name, s.problems])).toEqual([
			['Kiosk 1', ['silent']],
			['Board', ['never-seen']]
		]);
		expect(view.alerts).toEqual([expect.objectContaining({ name: 'Kiosk 1', problem: 'silent' })]);
		await fleet.receiveHeartbeat(kiosk, REPORT);
		expect((await fleet.view()).alerts).toEqual([]);
	});

	it('counts the sales that need staff of a screen', async () => {
		const { fleet, placed, journal } = fleetOn(store, clock);
		const kiosk = await placed.add('Kiosk 1', 'kiosk', null);
		await fleet.receiveHeartbeat(kiosk, REPORT);
		const entry = await journal.begin({
			deviceId: kiosk,
			operation: 'collectCardPayment',
			reference: 'sale-1',
			request: {}
		});
		await journal.settle(entry, 'needs-staff');
		expect((await fleet.view()).screens[0]!.problems).toEqual(['needs-staff']);
		expect(await fleet.summary()).toEqual({ alert: 1, notice: 0, ok: 0 });
	});

	it('puts a kiosk out of order and back for staff only, audited, and tells the kiosk', async () => {
		const { fleet, placed, audit } = fleetOn(store, clock);
		const kiosk = await placed.add('Kiosk 1', 'kiosk', null);
		const board = await placed.add('Board', 'board', null);
		const outOfOrder = form({ action: 'out-of-order', deviceId: kiosk });
		expect(await fleet.act(null, outOfOrder)).toEqual({ ok: false, error: 'not-staff' });
		expect(await fleet.isOutOfOrder(kiosk)).toBe(false);
		expect(await fleet.act(STAFF, form({ action: 'explode', deviceId: kiosk }))).toEqual({
			ok: false,
			error: 'bad-request'
		});
		expect(await fleet.act(STAFF, form({ action: 'out-of-order', deviceId: board }))).toEqual({
			ok: false,
			error: 'not-a-kiosk'
		});
		expect(await fleet.act(STAFF, form({ action: 'reload', deviceId: 'gone' }))).toEqual({
			ok: false,
			error: 'unknown-screen'
		});
		expect((await audit.list()).entries).toEqual([]);

		expect(await fleet.act(STAFF, outOfOrder)).toEqual({ ok: true });
		expect(await fleet.act(STAFF, outOfOrder)).toEqual({ ok: true });
		expect(await fleet.isOutOfOrder(kiosk)).toBe(true);
		await fleet.changeSettings(
			MANAGER,
			form({ silentAfterSeconds: '45', 'outOfOrderText-en': 'Order at the bar by gate 2' })
		);
		expect(await fleet.receiveHeartbeat(kiosk, REPORT)).toMatchObject({
			outOfOrder: { text: { en: 'Order at the bar by gate 2' } }
		});
		expect((await fleet.view()).screens[0]).toMatchObject({
			outOfOrder: true,
			state: 'notice',
			problems: ['out-of-order']
		});
		await fleet.act(STAFF, form({ action: 'in-service', deviceId: kiosk }));
		expect(await fleet.isOutOfOrder(kiosk)).toBe(false);
		expect(await fleet.receiveHeartbeat(kiosk, REPORT)).toMatchObject({ outOfOrder: null });
		const entries = (await audit.list()).entries.map((entry) => [entry.actorName, entry.action]);
		// The second "out of order" changed nothing and recorded nothing.
		expect(entries).toEqual([
			['Sam', 'device.in-service'],
			['Mia', 'settings.fleet'],
			['Sam', 'device.out-of-order']
		]);
	});

	it('the checkout starts no sale at a kiosk out of order', async () => {
		const { fleet, placed, journal } = fleetOn(store, clock);
		const kiosk = await placed.add('Kiosk 1', 'kiosk', null);
		// No menu: a sale that is let through is refused for its basket instead.
		const checkout = checkoutOverStore(store, {
			journal,
			outOfOrder: (deviceId) => fleet.isOutOfOrder(deviceId)
		});
		const basket = [{ productId: 'drink_pils', quantity: 1 }];
		await fleet.act(STAFF, form({ action: 'out-of-order', deviceId: kiosk }));
		await expect(checkout.start(kiosk, basket)).rejects.toMatchObject({ failure: 'out-of-order' });
		await fleet.act(STAFF, form({ action: 'in-service', deviceId: kiosk }));
		await expect(checkout.start(kiosk, basket)).rejects.toMatchObject({
			failure: 'basket-invalid'
		});
		expect(await store.db.selectFrom('sales').select('id').execute()).toEqual([]);
	});

	it('answers a reload once', async () => {
		const { fleet, placed } = fleetOn(store, clock);
		const kiosk = await placed.add('Kiosk 1', 'kiosk', null);
		await fleet.act(STAFF, form({ action: 'reload', deviceId: kiosk }));
		expect(await fleet.receiveHeartbeat(kiosk, REPORT)).toMatchObject({ reload: true });
		expect(await fleet.receiveHeartbeat(kiosk, REPORT)).toMatchObject({ reload: false });
	});

	it('takes the settings from a manager only; a short threshold makes the screens beat sooner', async () => {
		const { fleet, placed } = fleetOn(store, clock);
		const kiosk = await placed.add('Kiosk 1', 'kiosk', null);
		const short = form({ silentAfterSeconds: '3' });
		expect(await fleet.changeSettings(STAFF, short)).toEqual({ ok: false, error: 'manager-only' });
		for (const bad of ['2', '3601', 'soon', '']) {
			expect(await fleet.changeSettings(MANAGER, form({ silentAfterSeconds: bad }))).toEqual({
				ok: false,
				error: 'invalid'
			});
		}
		expect(
			await fleet.changeSettings(
				MANAGER,
				form({ silentAfterSeconds: '45', 'outOfOrderText-en': 'x'.repeat(201) })
			)
		).toEqual({ ok: false, error: 'invalid' });
		expect(await fleet.changeSettings(MANAGER, short)).toEqual({ ok: true });
		expect(await fleet.receiveHeartbeat(kiosk, REPORT)).toMatchObject({ nextBeatMs: 1_000 });
		expect((await fleet.view()).silentAfterSeconds).toBe(3);
	});
});

describe.each(ENGINES)('fleet health across servers on %s', (engine) => {
	it('a beat stored by one server is seen by another, and a reload is answered by one', async () => {
		const stores = await openSharedTestStores(engine, 2);
		try {
			const clock = { now: new Date('2026-11-28T12:00:00.000Z') };
			const first = fleetOn(stores[0]!, clock);
			const kiosk = await first.placed.add('Kiosk 1', 'kiosk', null);
			const second = fleetOn(stores[1]!, clock);
			await first.fleet.receiveHeartbeat(kiosk, REPORT);
			expect((await second.fleet.view()).screens[0]).toMatchObject({ state: 'ok' });
			await second.fleet.act(STAFF, form({ action: 'reload', deviceId: kiosk }));
			const answers = await Promise.all([
				first.fleet.receiveHeartbeat(kiosk, REPORT),
				second.fleet.receiveHeartbeat(kiosk, REPORT)
			]);
			expect(answers.filter((answer) => typeof answer === 'object' && answer.reload)).toHaveLength(
				1
			);
		} finally {
			await Promise.all(stores.map((store) => store.close()));
		}
	});
});
