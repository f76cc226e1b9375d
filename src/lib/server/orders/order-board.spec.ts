import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../store/store.ts';
import { ENGINES } from '../store/testing/test-stores.ts';
import { DEFAULT_BOARD_SETTINGS, type BoardDesk } from '#lib/shared/order-board.ts';
import type { KioskOrder } from '#lib/shared/kiosk-order.ts';
import type { VenueNames } from '#lib/shared/translated.ts';
import { CounterOrderRepository } from '../counter-orders/counter-order-repository.ts';
import type { BoardDesks } from '../counter-orders/board-desks.ts';
import { OrderInbox } from '../counter-orders/order-inbox.ts';
import { OrderOutbox } from '../counter-orders/order-outbox.ts';
import { DeviceHealthTracker } from '../counter-orders/device-health.ts';
import {
	closeOrderStores,
	orderStore,
	START,
	testClock
} from '../counter-orders/testing/order-store.ts';
import { PlatformViewStore } from '../devices/platform-view.ts';
import { KnownPlaces } from '../devices/known-places.ts';
import type { PlatformClient } from '../platform/client.ts';
import { counterOrderSchema } from '../platform/schemas/counter-orders.ts';
import { counterOrder, externalDevice } from '../platform/testing/fixtures.ts';
import { IdChecks } from './id-checks.ts';
import type { KioskOrders } from './kiosk-orders.ts';
import { kioskCard, OrderBoard } from './order-board.ts';

const MAIN = { id: 'place_main_stage', name: 'Main Stage Bar' };
const at = (seconds: number) => new Date(START.getTime() + seconds * 1_000).toISOString();

async function rig(
	engine: Engine,
	kiosk: KioskOrder[] = [],
	containerNames: VenueNames['containers'] = {}
) {
	const clock = testClock();
	const store = await orderStore(engine, clock);
	const views = new PlatformViewStore(store.store, clock.now);
	const identify = (deviceId: string, authorities: string[]) =>
		views.refresh(deviceId, {
			identity: {
				getExternalDevice: async () => externalDevice({ place: { ...MAIN }, authorities })
			},
			deposits: {}
		} as unknown as PlatformClient);
	await identify(store.deviceId, ['ORDER']);
	const counterOrders = new CounterOrderRepository(store.store, clock.now);
	const outbox = new OrderOutbox(store.store, clock.now);
	const inbox = new OrderInbox(store.store, clock.now);
	const health = new DeviceHealthTracker(clock.now);
	/** The desks as last read (null: never), and how often they were read again. */
	const desks = {
		list: [] as BoardDesk[] | null,
		refreshes: 0,
		known: () => desks.list,
		refresh: async () => {
			desks.refreshes += 1;
			return null;
		}
	};
	const board = new OrderBoard({
		places: new KnownPlaces(store.devices, views),
		views,
		counterOrders,
		outbox,
		inbox,
		kioskOrders: {
			atPlace: async () => ({
				open: kiosk.filter((order) => order.status !== 'collected'),
				collected: kiosk.filter((order) => order.status === 'collected')
			})
		} as unknown as KioskOrders,
		desks: desks as unknown as BoardDesks,
		health,
		productNames: async () => new Map(),
		productAges: async () => AGES,
		idChecks: new IdChecks(store.store),
		containerNames: async () => containerNames,
		settings: async () => DEFAULT_BOARD_SETTINGS,
		now: clock.now
	});
	const save = (overrides: Record<string, unknown>) =>
		counterOrders.save(store.deviceId, MAIN.id, counterOrderSchema.parse(counterOrder(overrides)));
	return { clock, store, board, outbox, inbox, health, desks, save, identify };
}

/** The menu's ages (catalog): the Pilsner of the platform's fixtures is 16+. */
const AGES = new Map([['drink_pils', 16]]);

const kioskOrder = (saleId: string, orderedAt: string): KioskOrder => ({
	saleId,
	orderNumber: `K-${saleId}`,
	kioskName: 'Kiosk 1',
	orderedAt,
	status: 'new',
	lines: [],
	containers: [],
	minAge: 0,
	idChecked: false
});

describe.each(ENGINES)('OrderBoard on %s', (engine) => {
	afterEach(closeOrderStores);

	describe('OrderBoard', () => {
		it('shows app and kiosk orders in one queue, oldest first', async () => {
			const r = await rig(engine, [kioskOrder('s1', at(5)), kioskOrder('s2', at(-60))]);
			await r.save({ id: 'ord_1' });
			r.clock.advance(10_000);
			await r.save({ id: 'ord_2', status: 'APPROVED', transactionStatus: 'PAID_EXTERNALLY' });
			const view = await r.board.view(r.store.deviceId);
			expect(view).toMatchObject({ placeKnown: true, receivesCounterOrders: true, desks: [] });
			expect(view.orders.map((order) => order.key)).toEqual([
				'kiosk:s2',
				'app:ord_1',
				'kiosk:s1',
				'app:ord_2'
			]);
		});

		it('reads the desks once none are known, without waiting for them', async () => {
			const r = await rig(engine, []);
			r.desks.list = null;
			expect((await r.board.view(r.store.deviceId)).desks).toBeNull();
			expect(r.desks.refreshes).toBe(1);
			r.desks.list = [];
			expect((await r.board.view(r.store.deviceId)).desks).toEqual([]);
			expect(r.desks.refreshes).toBe(1);
		});

		it('asks an ID check of an app order holding a product the menu knows as restricted', async () => {
			const r = await rig(engine, [{ ...kioskOrder('s1', at(5)), minAge: 18 }]);
			await r.save({ id: 'ord_1' });
			const checks = (async () =>
				Object.fromEntries(
					(await r.board.view(r.store.deviceId)).orders.map((order) => [order.key, order.idCheck])
				))();
			expect(await checks).toEqual({
				'app:ord_1': { age: 16, checked: false },
				'kiosk:s1': { age: 18, checked: false }
			});
			expect(await new IdChecks(r.store.store).record('app:ord_1')).toBe(true);
			expect(await new IdChecks(r.store.store).record('app:ord_1')).toBe(false);
			const [app] = (await r.board.view(r.store.deviceId)).orders;
			expect(app!.idCheck).toEqual({ age: 16, checked: true });
		});

		it("names a kiosk order's containers by the names staff gave them, the platform's beside", async () => {
			const festival = { en: 'Festival cup', de: 'Festbecher' };
			const r = await rig(
				engine,
				[
					{
						...kioskOrder('s1', at(5)),
						containers: [
							{ categoryId: 'cat_cup', name: 'Reusable cup 0.4 l', quantity: 2 },
							{ categoryId: 'cat_pitcher', name: 'Pitcher 1.5 l', quantity: 1 }
						]
					}
				],
				{ cat_cup: festival }
			);
			const [card] = (await r.board.view(r.store.deviceId)).orders;
			expect(card).toMatchObject({ kind: 'kiosk' });
			expect(card!.kind === 'kiosk' && card!.containers).toEqual([
				{ name: 'Reusable cup 0.4 l', names: festival, quantity: 2 },
				{ name: 'Pitcher 1.5 l', quantity: 1 }
			]);
		});

		it('shows a step on its way (nothing offered meanwhile) and a step that failed', async () => {
			const r = await rig(engine);
			await r.save({ id: 'ord_1' });
			await r.save({ id: 'ord_2' });
			await r.outbox.enqueue({ orderId: 'ord_1', deviceId: r.store.deviceId, action: 'collect' });
			await r.outbox.enqueue({
				orderId: 'ord_2',
				deviceId: r.store.deviceId,
				action: 'payment-failed'
			});
			const [, failed] = (await r.outbox.claim('w', 60_000, 10)).sort((a, b) => a.id - b.id);
			await r.outbox.failed(failed!.id, 'w', 'not-accessible');
			const [one, two] = (await r.board.view(r.store.deviceId)).orders;
			expect(one).toMatchObject({
				key: 'app:ord_1',
				sending: 'collect',
				actions: [],
				problem: null
			});
			expect(two).toMatchObject({
				key: 'app:ord_2',
				sending: null,
				actions: ['collect', 'payment-failed'],
				problem: { action: 'payment-failed', reason: 'not-accessible' }
			});
		});

		it('reports how orders arrive: the last callback, what waits to be fetched, platform trouble', async () => {
			const r = await rig(engine);
			await r.inbox.record([{ deviceId: r.store.deviceId, orderId: 'ord_1' }]);
			r.clock.advance(90_000);
			r.health.failed(r.store.deviceId, new Error('unreachable'));
			expect((await r.board.view(r.store.deviceId)).health).toEqual({
				lastCallbackAt: at(0),
				platformDown: true,
				lastPlatformAnswerAt: null,
				unfetched: 1,
				oldestUnfetchedMs: 90_000
			});
		});

		it('shows nothing of a place it does not know, and no desks without the ORDER authority', async () => {
			const r = await rig(engine);
			await r.save({ id: 'ord_1' });
			const other = await r.store.addBoard('New board', 'new-key');
			expect(await r.board.view(other)).toMatchObject({
				placeKnown: false,
				receivesCounterOrders: false,
				orders: [],
				desks: null
			});
			await r.identify(other, ['KIOSK']);
			expect(await r.board.view(other)).toMatchObject({
				placeKnown: true,
				receivesCounterOrders: false
			});
			expect((await r.board.view(other)).desks).toBeNull();
			expect((await r.board.view(other)).orders).toHaveLength(1);
		});
	});
});

describe('a kiosk order on the board', () => {
	it('shows the options chosen for each line as its modifiers, by their platform ids', () => {
		const card = kioskCard({
			...kioskOrder('sale-9', '2026-11-22T10:00:00.000Z'),
			lines: [
				{
					productId: 'drink_coffee',
					name: { en: 'Filter coffee' },
					options: [
						{ id: 'large', name: { en: 'Large 0.3 l' } },
						{ id: 'oat-milk', name: { en: 'Oat milk' } }
					],
					quantity: 2
				}
			]
		});
		expect(card.lines).toEqual([
			{
				productId: 'drink_coffee',
				name: { en: 'Filter coffee' },
				quantity: 2,
				takeaway: false,
				modifiers: [
					{ productId: 'drink_coffee~large', name: { en: 'Large 0.3 l' } },
					{ productId: 'drink_coffee~oat-milk', name: { en: 'Oat milk' } }
				]
			}
		]);
	});
});
