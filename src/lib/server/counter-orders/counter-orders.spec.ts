/**
 * CounterOrders as context.ts wires it: a callback is recorded before it is answered and
 * fetched after; the journal resolver leaves the entries of a money step still on its way alone.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Engine, Store } from '../store/store.ts';
import { ENGINES } from '../store/testing/test-stores.ts';
import { PlatformViewStore } from '../devices/platform-view.ts';
import { KnownPlaces } from '../devices/known-places.ts';
import { DEFAULT_JOURNAL_LEASE_MS, type JournalEntry } from '../journal/journal.ts';
import { resolveOpenEntries } from '../journal/resolver.ts';
import type { PlatformClient } from '../platform/client.ts';
import { externalDevice } from '../platform/testing/fixtures.ts';
import { answerCallback } from './callback-request.ts';
import { CounterOrders } from './counter-orders.ts';
import { orderPaymentToCheck } from './step-sender.ts';
import {
	closeOrderStores,
	FakeOrderPlatform,
	orderStore,
	testClock,
	type Behaviour
} from './testing/order-store.ts';
import { log } from '../logging/logger.ts';

/** The rigs' CounterOrders, whose last wakes are worked before their stores close. */
const made: CounterOrders[] = [];

/**
 * A staff step wakes the sender for the next turn (setImmediate): on SQLite a test can be over
 * before that drain starts, which would then meet the closed store (and log into the next test).
 */
async function settleAndClose() {
	await new Promise((resolve) => setImmediate(resolve));
	const drains = made
		.splice(0)
		.flatMap((counterOrders) => [counterOrders.sender.drain(), counterOrders.fetcher.drain()]);
	// A test may have closed its store itself: its drains fail, as they should.
	await Promise.allSettled(drains);
	await closeOrderStores();
}

/** `store`, naming each statement it runs in `statements`: an insert or select and its table. */
function loggingStatements(store: Store) {
	const statements: string[] = [];
	const table = (node: unknown) =>
		(node as { table?: { identifier?: { name?: string } } } | undefined)?.table?.identifier?.name;
	const logged: Store = {
		engine: store.engine,
		db: store.db.withPlugin({
			transformQuery: ({ node }) => {
				if (node.kind === 'InsertQueryNode') statements.push(`insert ${table(node.into)}`);
				else if (node.kind === 'SelectQueryNode')
					statements.push(`select ${node.from?.froms.map(table).join()}`);
				else statements.push(node.kind);
				return node;
			},
			transformResult: async ({ result }) => result
		}),
		notices: store.notices,
		writeLazily: (work) => store.writeLazily(work),
		close: () => store.close()
	};
	return { statements, logged };
}

async function rig(engine: Engine) {
	const clock = testClock();
	const store = await orderStore(engine, clock);
	const { statements, logged } = loggingStatements(store.store);
	const platform = new FakeOrderPlatform();
	const views = new PlatformViewStore(store.store, clock.now);
	await views.refresh(store.deviceId, {
		identity: { getExternalDevice: async () => externalDevice({ authorities: ['ORDER'] }) },
		deposits: {}
	} as unknown as PlatformClient);
	const counterOrders = new CounterOrders({
		store: logged,
		keyring: store.keyring,
		journal: store.journal,
		views,
		places: new KnownPlaces(store.devices, views),
		feed: store.feed,
		platformFor: async () => platform.client,
		reconcileMs: 60_000,
		now: clock.now,
		random: () => 0
	});
	const resolve = async () =>
		resolveOpenEntries(store.journal, async () => platform.client, ownedByOrders(counterOrders));
	made.push(counterOrders);
	const token = await counterOrders.tokens.tokenOf(store.deviceId);
	return { clock, store, platform, counterOrders, resolve, token, statements };
}

/** Which open journal entries the counter orders own, as context.ts asks the resolver to leave. */
function ownedByOrders(counterOrders: CounterOrders) {
	return (entry: JournalEntry) => counterOrders.ownsJournalReference(entry.reference);
}

describe.each(ENGINES)('CounterOrders on %s', (engine) => {
	afterEach(settleAndClose);

	describe('CounterOrders', () => {
		it('records a callback before it resolves, and fetches it only after', async () => {
			const { counterOrders, store, platform, token } = await rig(engine);
			const recorded = counterOrders.received(token, 'ord_000001');
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

		it('answers a burst of callbacks from their one durable write: one look-up of their addresses, one insert of their ids', async () => {
			const { counterOrders, store, token, statements } = await rig(engine);
			statements.length = 0;
			const answers = await Promise.all(
				Array.from({ length: 40 }, (_, i) =>
					answerCallback(counterOrders, token, new URLSearchParams({ orderId: `ord_${i}` }))
				)
			);
			expect(answers.map((answer) => answer.status)).toEqual(Array(40).fill(200));
			expect((await counterOrders.inbox.health([store.deviceId])).waiting).toBe(40);
			const count = (statement: string) => statements.filter((s) => s === statement).length;
			expect({
				lookups: count('select order_callback_tokens'),
				inserts: count('insert order_inbox')
			}).toEqual({ lookups: 1, inserts: 1 });
		});

		it('answers a callback at an address no device has 404 and records nothing, beside good ones of the same burst', async () => {
			const { counterOrders, store, token } = await rig(engine);
			const answers = await Promise.all(
				[token, 'u'.repeat(43), token].map((address, i) =>
					answerCallback(
						counterOrders,
						address,
						new URLSearchParams({ orderId: `ord_00000${i + 1}` })
					)
				)
			);
			expect(answers.map((answer) => answer.status)).toEqual([200, 404, 200]);
			const ids = await store.store.db
				.selectFrom('order_inbox')
				.select('order_id')
				.orderBy('order_id')
				.execute();
			expect(ids).toEqual([{ order_id: 'ord_000001' }, { order_id: 'ord_000003' }]);
		});

		it('leaves the journal entry of a money step on its way to the step; resolves nothing of it', async () => {
			const { counterOrders, store, platform, resolve, clock, token } = await rig(engine);
			await counterOrders.received(token, 'ord_000001');
			await counterOrders.fetcher.drain();
			platform.scripts.finalize.push(...Array<Behaviour>(5).fill('503'));
			expect(await counterOrders.steps.request(store.deviceId, 'ord_000001', 'collect')).toEqual({
				ok: true
			});
			await counterOrders.sender.drain();
			const [entry] = await store.journal.list({ reference: 'order:ord_000001' });
			expect(entry).toMatchObject({ status: 'pending' });
			expect(await counterOrders.ownsJournalReference('order:ord_000001')).toBe(true);
			expect(await counterOrders.ownsJournalReference('order:ord_000002')).toBe(false);
			expect(await counterOrders.ownsJournalReference('sale:ord_000001')).toBe(false);
			expect(await resolve()).toEqual({ resolved: 0, flagged: 0, stillOpen: 1 });
			expect(await store.journal.get(entry!.id)).toMatchObject({ status: 'pending', attempts: 1 });
			expect(platform.count('PUT finalize-external-payment')).toBe(5);

			clock.advance(60_000);
			await counterOrders.sender.drain();
			expect(await store.journal.get(entry!.id)).toMatchObject({
				status: 'succeeded',
				attempts: 2
			});
			expect(await counterOrders.ownsJournalReference('order:ord_000001')).toBe(false);
			expect(await resolve()).toEqual({ resolved: 0, flagged: 0, stillOpen: 0 });
		});

		it('says what removing the board would drop; a money step left behind is flagged with what to check', async () => {
			const { counterOrders, store, platform, clock, token } = await rig(engine);
			await counterOrders.received(token, 'ord_000001');
			expect(await counterOrders.unfinishedOf(store.deviceId)).toEqual({ unfetched: 1, unsent: 0 });
			await counterOrders.fetcher.drain();
			platform.scripts.finalize.push(...Array<Behaviour>(5).fill('503'));
			await counterOrders.steps.request(store.deviceId, 'ord_000001', 'collect');
			await counterOrders.sender.drain();
			expect(await counterOrders.unfinishedOf(store.deviceId)).toEqual({ unfetched: 0, unsent: 1 });

			expect(await store.removeDevice(store.deviceId)).toBe(true);
			const resolve = () =>
				resolveOpenEntries(
					store.journal,
					async () => undefined, // the device is gone: no key to ask the platform with
					ownedByOrders(counterOrders)
				);
			// The sender holds the entry from `begin` (journal leases): left alone until that lapses.
			expect(await resolve()).toEqual({ resolved: 0, flagged: 0, stillOpen: 1 });
			expect((await store.journal.list({ reference: 'order:ord_000001' }))[0]).toMatchObject({
				status: 'pending'
			});
			clock.advance(DEFAULT_JOURNAL_LEASE_MS);
			expect(await resolve()).toEqual({ resolved: 0, flagged: 1, stillOpen: 0 });
			const [entry] = await store.journal.list({ reference: 'order:ord_000001' });
			expect(entry).toMatchObject({ status: 'needs-staff', errorCode: 'device-removed' });
			expect(orderPaymentToCheck(entry!)).toEqual({ orderId: 'ord_000001', step: 'finalize' });
		});

		it('reconciles the open orders only while a board listens', async () => {
			const { counterOrders, store, platform, token } = await rig(engine);
			await counterOrders.received(token, 'ord_000001');
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

		it('reconciles once at a time: asked again during a run (waiting for a lull in the callbacks), it is that run', async () => {
			const { counterOrders, store, platform, token } = await rig(engine);
			await counterOrders.received(token, 'ord_000001');
			await counterOrders.fetcher.drain();
			const stop = store.feed.subscribe(() => {});
			platform.order.status = 'REJECTED';
			const [first, second] = await Promise.all([
				counterOrders.reconcile(),
				counterOrders.reconcile()
			]);
			expect(first).toEqual({ read: 1, changed: 1, failed: 0 });
			expect(second).toBe(first);
			expect(platform.count('GET order')).toBe(2); // the fetch, and one reconciling read
			stop();
		});

		it('a background round that fails (the store closed at shutdown) is logged, not an unhandled rejection that ends the process', async () => {
			const { counterOrders } = await rig(engine);
			const unhandled: unknown[] = [];
			const listener = (reason: unknown) => void unhandled.push(reason);
			const logged = vi.spyOn(log, 'error').mockImplementation(() => {});
			process.on('unhandledRejection', listener);
			try {
				await closeOrderStores();
				counterOrders.fetcher.wake();
				counterOrders.sender.wake();
				// No callback came: the fetcher's lull is there at once.
				await expect.poll(() => logged).toHaveBeenCalledTimes(2);
				expect(unhandled).toEqual([]);
			} finally {
				process.off('unhandledRejection', listener);
				logged.mockRestore();
			}
		});
	});
});
