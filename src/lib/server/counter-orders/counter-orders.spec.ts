/**
 * CounterOrders as context.ts wires it: a callback is recorded before it is answered and
 * fetched after; the journal resolver leaves the entries of a money step still on its way alone.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Engine } from '../store/store.ts';
import { ENGINES } from '../store/testing/test-stores.ts';
import { PlatformViewStore } from '../devices/platform-view.ts';
import { KnownPlaces } from '../devices/known-places.ts';
import type { Journal, JournalEntry } from '../journal/journal.ts';
import { resolveOpenEntries } from '../journal/resolver.ts';
import type { PlatformClient } from '../platform/client.ts';
import { externalDevice } from '../platform/testing/fixtures.ts';
import { CounterOrders } from './counter-orders.ts';
import { orderPaymentToCheck } from './step-sender.ts';
import {
	closeOrderStores,
	FakeOrderPlatform,
	orderStore,
	testClock,
	type Behaviour
} from './testing/order-store.ts';

async function rig(engine: Engine) {
	const clock = testClock();
	const store = await orderStore(engine, clock);
	const platform = new FakeOrderPlatform();
	const views = new PlatformViewStore(store.db, clock.now);
	await views.refresh(store.deviceId, {
		identity: { getExternalDevice: async () => externalDevice({ authorities: ['ORDER'] }) },
		deposits: {}
	} as unknown as PlatformClient);
	const counterOrders = new CounterOrders({
		store: store.store,
		db: store.db,
		journal: store.journal,
		views,
		places: new KnownPlaces(store.devices, views),
		feed: store.feed,
		platformFor: () => platform.client,
		reconcileMs: 60_000,
		now: clock.now,
		random: () => 0
	});
	const resolve = async () =>
		resolveOpenEntries(
			store.journal,
			() => platform.client,
			await ownedByOrders(counterOrders, store.journal)
		);
	return { clock, store, platform, counterOrders, resolve };
}

/**
 * Which open journal entries the counter orders own, asked before the resolver runs (its
 * predicate answers at once; ownership is read from the store).
 */
async function ownedByOrders(counterOrders: CounterOrders, journal: Journal) {
	const owned = new Set<string>();
	for (const { reference } of journal.unresolved()) {
		if (await counterOrders.ownsJournalReference(reference)) owned.add(reference);
	}
	return (entry: JournalEntry) => owned.has(entry.reference);
}

describe.each(ENGINES)('CounterOrders on %s', (engine) => {
	afterEach(closeOrderStores);

	describe('CounterOrders', () => {
		it('records a callback before it resolves, and fetches it only after', async () => {
			const { counterOrders, store, platform } = await rig(engine);
			const recorded = counterOrders.received(store.deviceId, 'ord_000001');
			expect((await counterOrders.inbox.health([store.deviceId])).waiting).toBe(0);
			await recorded;
			// When received() resolves: recorded, not fetched (the answer goes out first).
			expect((await counterOrders.inbox.health([store.deviceId])).waiting).toBe(1);
			expect(platform.calls).toEqual([]);
			expect(await counterOrders.orders.get('ord_000001')).toBeUndefined();
			await new Promise((resolve) => setImmediate(resolve));
			await counterOrders.fetcher.drain();
			expect(await counterOrders.orders.get('ord_000001')).toMatchObject({
				placeId: 'place_main_stage',
				order: { status: 'APPROVABLE' }
			});
		});

		it('leaves the journal entry of a money step on its way to the step; resolves nothing of it', async () => {
			const { counterOrders, store, platform, resolve, clock } = await rig(engine);
			await counterOrders.received(store.deviceId, 'ord_000001');
			await counterOrders.fetcher.drain();
			platform.scripts.finalize.push(...Array<Behaviour>(5).fill('503'));
			expect(await counterOrders.steps.request(store.deviceId, 'ord_000001', 'collect')).toEqual({
				ok: true
			});
			await counterOrders.sender.drain();
			const [entry] = store.journal.list({ reference: 'order:ord_000001' });
			expect(entry).toMatchObject({ status: 'pending' });
			expect(await counterOrders.ownsJournalReference('order:ord_000001')).toBe(true);
			expect(await counterOrders.ownsJournalReference('order:ord_000002')).toBe(false);
			expect(await counterOrders.ownsJournalReference('sale:ord_000001')).toBe(false);
			expect(await resolve()).toEqual({ resolved: 0, flagged: 0, stillOpen: 1 });
			expect(store.journal.get(entry!.id)).toMatchObject({ status: 'pending', attempts: 1 });
			expect(platform.count('PUT finalize-external-payment')).toBe(5);

			clock.advance(60_000);
			await counterOrders.sender.drain();
			expect(store.journal.get(entry!.id)).toMatchObject({ status: 'succeeded', attempts: 2 });
			expect(await counterOrders.ownsJournalReference('order:ord_000001')).toBe(false);
			expect(await resolve()).toEqual({ resolved: 0, flagged: 0, stillOpen: 0 });
		});

		it('says what removing the board would drop; a money step left behind is flagged with what to check', async () => {
			const { counterOrders, store, platform } = await rig(engine);
			await counterOrders.received(store.deviceId, 'ord_000001');
			expect(await counterOrders.unfinishedOf(store.deviceId)).toEqual({ unfetched: 1, unsent: 0 });
			await counterOrders.fetcher.drain();
			platform.scripts.finalize.push(...Array<Behaviour>(5).fill('503'));
			await counterOrders.steps.request(store.deviceId, 'ord_000001', 'collect');
			await counterOrders.sender.drain();
			expect(await counterOrders.unfinishedOf(store.deviceId)).toEqual({ unfetched: 0, unsent: 1 });

			expect(await store.removeDevice(store.deviceId)).toBe(true);
			const summary = await resolveOpenEntries(
				store.journal,
				() => undefined, // the device is gone: no key to ask the platform with
				await ownedByOrders(counterOrders, store.journal)
			);
			expect(summary).toEqual({ resolved: 0, flagged: 1, stillOpen: 0 });
			const [entry] = store.journal.list({ reference: 'order:ord_000001' });
			expect(entry).toMatchObject({ status: 'needs-staff', errorCode: 'device-removed' });
			expect(orderPaymentToCheck(entry!)).toEqual({ orderId: 'ord_000001', step: 'finalize' });
		});

		it('reconciles the open orders only while a board listens', async () => {
			const { counterOrders, store, platform } = await rig(engine);
			await counterOrders.received(store.deviceId, 'ord_000001');
			await counterOrders.fetcher.drain();
			platform.order.status = 'REJECTED'; // moved elsewhere, no callback for that
			expect(await counterOrders.reconcile()).toBeNull();
			expect(platform.count('GET order')).toBe(1);
			const stop = store.feed.subscribe(() => {});
			expect(await counterOrders.reconcile()).toMatchObject({ read: 1, changed: 1 });
			expect((await counterOrders.orders.get('ord_000001'))!.order.status).toBe('REJECTED');
			expect(await counterOrders.reconcile()).toMatchObject({ read: 0, changed: 0 });
			stop();
		});

		it('a background round that fails (the store closed at shutdown) is logged, not an unhandled rejection that ends the process', async () => {
			const { counterOrders } = await rig(engine);
			const unhandled: unknown[] = [];
			const listener = (reason: unknown) => void unhandled.push(reason);
			const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
			process.on('unhandledRejection', listener);
			try {
				await closeOrderStores();
				counterOrders.fetcher.wake();
				counterOrders.sender.wake();
				// The fetcher first waits for a lull in the callbacks (10 ms).
				await vi.waitFor(() => expect(logged).toHaveBeenCalledTimes(2));
				expect(unhandled).toEqual([]);
			} finally {
				process.off('unhandledRejection', listener);
				logged.mockRestore();
			}
		});
	});
});
