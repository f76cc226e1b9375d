import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../store/store.ts';
import { ENGINES } from '../store/testing/test-stores.ts';
import { counterOrderSchema } from '../platform/schemas/counter-orders.ts';
import { counterOrder } from '../platform/testing/fixtures.ts';
import { CounterOrderRepository } from './counter-order-repository.ts';
import { FETCH_BACKOFF, OrderFetcher } from './order-fetcher.ts';
import { OrderInbox } from './order-inbox.ts';
import { DeviceHealthTracker } from './device-health.ts';
import {
	closeOrderStores,
	FakeOrderPlatform,
	orderStore,
	testClock,
	type Behaviour,
	type Clock,
	type OrderStore
} from './testing/order-store.ts';

const PLACE = 'place_main_stage';
const ORDER = 'ord_000001';

async function rig(
	engine: Engine,
	options: {
		clock?: Clock;
		store?: OrderStore;
		platform?: FakeOrderPlatform;
		random?: () => number;
		place?: () => string | undefined;
	} = {}
) {
	const clock = options.clock ?? testClock();
	const store = options.store ?? (await orderStore(engine, clock));
	const platform = options.platform ?? new FakeOrderPlatform();
	const inbox = new OrderInbox(store.store, clock.now);
	const orders = new CounterOrderRepository(store.store, clock.now);
	const health = new DeviceHealthTracker(clock.now);
	const fetcher = new OrderFetcher({
		inbox,
		orders,
		platformFor: async () => platform.client,
		quiet: async () => {},
		placeOf: async () => (options.place ? options.place() : PLACE),
		feed: store.feed,
		health,
		random: options.random ?? (() => 0)
	});
	return {
		clock,
		store,
		platform,
		inbox,
		orders,
		health,
		fetcher,
		callback: () => inbox.record([{ deviceId: store.deviceId, orderId: ORDER }]),
		row: () =>
			store.store.db
				.selectFrom('order_inbox')
				.selectAll()
				.where('order_id', '=', ORDER)
				.executeTakeFirstOrThrow(),
		script: (...behaviours: Behaviour[]) => platform.scripts.read.push(...behaviours),
		async later(ms = 120_000) {
			clock.advance(ms);
			return fetcher.drain();
		}
	};
}

describe.each(ENGINES)('OrderFetcher on %s', (engine) => {
	afterEach(closeOrderStores);

	describe('OrderFetcher', () => {
		it('fetches a recorded order and stores it at the device’s place', async () => {
			const r = await rig(engine);
			const before = await r.store.feed.current();
			await r.callback();
			expect(await r.fetcher.drain()).toBe(1);
			expect(r.platform.log).toEqual(['GET order']);
			expect(await r.orders.get(ORDER)).toMatchObject({
				deviceId: r.store.deviceId,
				placeId: PLACE,
				order: { id: ORDER, status: 'APPROVABLE', tip: { tipMinor: 150 } }
			});
			expect(await r.row()).toMatchObject({ state: 'fetched', lease_owner: null });
			expect(await r.store.feed.current()).toBe(before + 1);
			expect(r.health.of(r.store.deviceId)).toMatchObject({ failing: false });
			expect(await r.later()).toBe(0);
			expect(r.platform.log).toEqual(['GET order']);
		});

		it('makes one card of repeated callbacks', async () => {
			const r = await rig(engine);
			await r.callback();
			await r.callback();
			await r.fetcher.drain();
			await r.callback();
			await r.later();
			expect(r.platform.count('GET order')).toBe(1);
			expect(await r.orders.atPlace(PLACE, 10)).toHaveLength(1);
			expect(await r.row()).toMatchObject({ callbacks: 3, state: 'fetched' });
		});

		it('rides out a 503 within the client’s retries', async () => {
			const r = await rig(engine);
			r.script('503', '503');
			await r.callback();
			expect(await r.fetcher.drain()).toBe(1);
			expect(r.platform.count('GET order')).toBe(3);
		});

		it.each<[string, Behaviour]>([
			['503', '503'],
			['time-outs', 'timeout'],
			['an unreachable platform', 'refused'],
			['a refused key (401)', 401]
		])('keeps an order it cannot fetch (%s) and fetches it later', async (_, fault) => {
			const r = await rig(engine);
			r.script(...Array<Behaviour>(fault === 401 ? 1 : 4).fill(fault));
			await r.callback();
			expect(await r.fetcher.drain()).toBe(0);
			expect(await r.orders.get(ORDER)).toBeUndefined();
			expect(await r.row()).toMatchObject({ state: 'waiting', attempts: 1 });
			expect((await r.row()).last_error).toBeTruthy();
			if (fault !== 401) expect(r.health.of(r.store.deviceId).failing).toBe(true);
			expect(await r.fetcher.drain()).toBe(0); // not due yet
			expect(await r.later()).toBe(1);
			expect(await r.orders.get(ORDER)).toBeDefined();
			expect(r.health.of(r.store.deviceId).failing).toBe(false);
		});

		it('backs off exponentially with jitter, up to a minute', async () => {
			let jitter = 1;
			const r = await rig(engine, { random: () => jitter });
			r.script(...Array<Behaviour>(40).fill('503'));
			await r.callback();
			const delays: number[] = [];
			for (let round = 0; round < 9; round += 1) {
				const before = r.clock.now().getTime();
				await r.fetcher.drain();
				delays.push(Date.parse((await r.row()).next_attempt_at) - before);
				r.clock.advance(delays.at(-1)!);
			}
			expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000]);
			expect(FETCH_BACKOFF.maxDelayMs).toBe(60_000);
			jitter = 0.5;
			r.script('503', '503', '503', '503');
			const before = r.clock.now().getTime();
			await r.fetcher.drain();
			expect(Date.parse((await r.row()).next_attempt_at) - before).toBe(30_000);
		});

		it.each([404, 403] as const)(
			'does not retry a %s until a callback names the order again',
			async (status) => {
				const r = await rig(engine);
				r.script(status);
				await r.callback();
				expect(await r.fetcher.drain()).toBe(0);
				expect(await r.row()).toMatchObject({
					state: 'failed',
					last_error: `${status} HTTP_${status}`
				});
				expect(r.health.of(r.store.deviceId).failing).toBe(false); // the platform answered
				expect(await r.later()).toBe(0);
				expect(r.platform.count('GET order')).toBe(1);
				await r.callback();
				expect(await r.fetcher.drain()).toBe(1);
				expect(await r.orders.get(ORDER)).toBeDefined();
			}
		);

		it('waits for the device’s place before storing', async () => {
			const identity: { place?: string } = {};
			const r = await rig(engine, { place: () => identity.place });
			await r.callback();
			expect(await r.fetcher.drain()).toBe(0);
			expect(await r.row()).toMatchObject({ state: 'waiting', attempts: 1 });
			identity.place = PLACE;
			expect(await r.later()).toBe(1);
		});

		it('never takes a card back with an older read', async () => {
			const r = await rig(engine);
			await r.callback();
			await r.fetcher.drain();
			// A later state reached the store (a step's answer) …
			await r.orders.save(
				r.store.deviceId,
				PLACE,
				counterOrderSchema.parse(counterOrder({ status: 'APPROVED' }))
			);
			// … and a fetch answered with the older one arrives after it.
			await r.store.store.db.updateTable('order_inbox').set({ state: 'waiting' }).execute();
			const feed = await r.store.feed.current();
			await r.fetcher.drain();
			expect((await r.orders.get(ORDER))!.order.status).toBe('APPROVED');
			expect(await r.store.feed.current()).toBe(feed);
		});

		it('fetches after a restart what was recorded but not fetched', async () => {
			const clock = testClock();
			const store = await orderStore(engine, clock);
			await (await rig(engine, { clock, store })).callback(); // answered 200, then the server died
			const reopened = await store.reopen();
			const after = await rig(engine, { clock, store: reopened });
			expect(await after.orders.get(ORDER)).toBeUndefined();
			expect(await after.fetcher.drain()).toBe(1);
			expect(await after.orders.get(ORDER)).toBeDefined();
		});

		it('after a restart, waits out the lease of a fetch the dead server had started', async () => {
			const clock = testClock();
			const store = await orderStore(engine, clock);
			const before = await rig(engine, { clock, store });
			await before.callback();
			expect(await before.inbox.claim('dead-fetcher', 120_000, 16)).toHaveLength(1);
			const after = await rig(engine, { clock, store: await store.reopen() });
			expect(await after.fetcher.drain()).toBe(0);
			expect(await after.later(120_000)).toBe(1);
		});

		it('goes round once more when a callback comes during a drain', async () => {
			const r = await rig(engine);
			await r.callback();
			r.platform.onCall = () => {
				r.platform.onCall = () => {};
				// Recorded while the first fetch is on its way; the drain it wakes is the running one.
				void r.inbox
					.record([{ deviceId: r.store.deviceId, orderId: 'ord_000002' }])
					.then(() => r.fetcher.drain());
			};
			await r.fetcher.drain();
			expect(r.platform.calls.map((call) => call.url.split('/').at(-1))).toEqual([
				'ord_000001',
				'ord_000002'
			]);
		});
	});
});
