import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SaleState } from '#lib/shared/sale-states.ts';
import { KnownPlaces } from '../devices/known-places.ts';
import { placedDevices } from '../devices/testing/placed-devices.ts';
import { SaleRepository } from '../sales/sale-repository.ts';
import type { Sale } from '../sales/sale.ts';
import { quoteFactory, saleFactory } from '../sales/testing/factories.ts';
import type { Engine, Store } from '../store/store.ts';
import { ENGINES, openTestStore } from '../store/testing/test-stores.ts';
import { IdChecks } from './id-checks.ts';
import { announcePaidSale, KioskOrders, RECENTLY_COLLECTED } from './kiosk-orders.ts';
import { OrderFeed } from './order-feed.ts';

const MAIN_STAGE = { id: 'place_main_stage', name: 'Main Stage Bar' };
const GARDEN = { id: 'place_garden', name: 'Garden Bar' };
/** The sales below start at noon that day. */
const NOW = new Date(Date.UTC(2026, 10, 22, 18, 0, 0));

/** The stores the tests opened, closed after each. */
const opened: Store[] = [];

/** A store with devices whose cached identities put them at a place. */
async function freshBoard(engine: Engine) {
	const store = await openTestStore(engine);
	opened.push(store);
	const { devices, views, add } = placedDevices(store);
	const feed = new OrderFeed(store);
	const sales = new SaleRepository(store, { onSaved: (sale) => announcePaidSale(feed, sale) });
	const orders = new KioskOrders(
		{ store, places: new KnownPlaces(devices, views), sales, feed, idChecks: new IdChecks(store) },
		() => NOW
	);
	return {
		feed,
		orders,
		sales,
		board: await add('Counter board', 'board', MAIN_STAGE),
		kiosk: await add('Kiosk 1', 'kiosk', MAIN_STAGE),
		gardenKiosk: await add('Garden kiosk', 'kiosk', GARDEN),
		lostBoard: await add('Board without identity', 'board', null)
	};
}

let sequence = 0;
/** A sale of `deviceId` in `state`, with an order number once paid. */
function sale(deviceId: string, state: SaleState, orderNumber: string | null = null): Sale {
	sequence += 1;
	const at = new Date(Date.UTC(2026, 10, 22, 12, 0, sequence)).toISOString();
	return saleFactory({
		id: `sale-${sequence}`,
		deviceId,
		state,
		quote: quoteFactory({
			lines: [
				{
					productId: 'beer_pils',
					name: { en: 'Pilsner 0.4 l', de: 'Pils 0,4 l' },
					options: [],
					quantity: 2,
					baseMinor: 700,
					unitMinor: 700,
					vatBp: 1900,
					lineMinor: 1400
				}
			],
			depositLines: [
				{
					categoryId: 'cat_cup',
					name: 'Reusable cup 0.4 l',
					quantity: 2,
					unitMinor: 200,
					vatBp: 0,
					lineMinor: 400,
					expirationHours: 24
				}
			],
			goodsMinor: 1400,
			depositMinor: 400,
			totalMinor: 1800,
			depositItems: [{ productId: 'beer_pils', quantity: 2 }]
		}),
		cardPaidMinor: 1800,
		orderNumber,
		createdAt: at,
		updatedAt: at
	});
}

describe.each(ENGINES)('kiosk orders on the order board on %s', (engine) => {
	afterEach(async () => {
		await Promise.all(opened.splice(0).map((store) => store.close()));
	});

	it('shows the paid orders of the kiosks at the board’s place, oldest first', async () => {
		const { orders, sales, kiosk, gardenKiosk } = await freshBoard(engine);
		await sales.create(sale(kiosk, 'quoted'));
		await sales.create(sale(kiosk, 'abandoned'));
		await sales.create(sale(kiosk, 'completed', 'K-001'));
		await sales.create(sale(kiosk, 'paid', 'K-002'));
		await sales.create(sale(kiosk, 'needs-staff', 'K-003')); // paid; the deposit code needs staff
		await sales.create(sale(kiosk, 'needs-staff')); // card outcome unknown: not paid, no number
		await sales.create(sale(gardenKiosk, 'completed', 'K-001'));

		const view = await orders.atPlace(MAIN_STAGE.id);
		expect(view.open.map((order) => order.orderNumber)).toEqual(['K-001', 'K-002', 'K-003']);
		expect(view.open[0]).toMatchObject({
			kioskName: 'Kiosk 1',
			status: 'new',
			lines: [
				{ productId: 'beer_pils', name: { en: 'Pilsner 0.4 l', de: 'Pils 0,4 l' }, quantity: 2 }
			],
			containers: [{ name: 'Reusable cup 0.4 l', quantity: 2 }]
		});
		expect(view.collected).toEqual([]);
	});

	it('moves an order to ready, collected and back; each change reaches the open boards', async () => {
		const { orders, sales, feed, board, kiosk } = await freshBoard(engine);
		const paid = await sales.create(sale(kiosk, 'completed', 'K-001'));
		await feed.current(); // the sales' own announcements are out before the board listens
		const listener = vi.fn();
		feed.subscribe(listener);

		expect(await orders.setStatus(board, paid.id, 'ready')).toBe('done');
		expect((await orders.atPlace(MAIN_STAGE.id)).open[0]?.status).toBe('ready');
		expect(await orders.setStatus(board, paid.id, 'collected')).toBe('done');
		expect(await orders.atPlace(MAIN_STAGE.id)).toMatchObject({
			open: [],
			collected: [{ orderNumber: 'K-001' }]
		});
		expect(await orders.setStatus(board, paid.id, 'ready')).toBe('done');
		expect((await orders.atPlace(MAIN_STAGE.id)).open[0]?.status).toBe('ready');
		await feed.current(); // the announcements are written
		expect(listener).toHaveBeenCalledTimes(3);
	});

	it('an age-restricted order is collected only after its ID check, recorded once', async () => {
		const { orders, sales, board, kiosk } = await freshBoard(engine);
		const restricted = sale(kiosk, 'completed', 'K-001');
		const paid = await sales.create({ ...restricted, quote: { ...restricted.quote, minAge: 16 } });
		const plain = await sales.create(sale(kiosk, 'completed', 'K-002'));
		expect((await orders.atPlace(MAIN_STAGE.id)).open[0]).toMatchObject({
			minAge: 16,
			idChecked: false
		});

		await orders.setStatus(board, paid.id, 'ready');
		expect(await orders.setStatus(board, paid.id, 'collected')).toBe('id-check-needed');
		expect((await orders.atPlace(MAIN_STAGE.id)).open[0]?.status).toBe('ready');
		// An order without age-restricted goods needs no check, and takes none.
		expect(await orders.checkId(board, plain.id)).toBeNull();
		expect(await orders.setStatus(board, plain.id, 'collected')).toBe('done');

		expect(await orders.checkId(board, paid.id)).toMatchObject({ recorded: true });
		expect(await orders.checkId(board, paid.id)).toMatchObject({ recorded: false });
		expect((await orders.atPlace(MAIN_STAGE.id)).open[0]?.idChecked).toBe(true);
		expect(await orders.setStatus(board, paid.id, 'collected')).toBe('done');
	});

	it('a board cannot touch what it does not show: another place, an unpaid sale, an unknown id', async () => {
		const { orders, sales, feed, board, kiosk, gardenKiosk } = await freshBoard(engine);
		const elsewhere = await sales.create(sale(gardenKiosk, 'completed', 'K-001'));
		const unpaid = await sales.create(sale(kiosk, 'credits-previewed'));
		await feed.current(); // the sales' own announcements are out before the board listens
		const listener = vi.fn();
		feed.subscribe(listener);

		expect(await orders.setStatus(board, elsewhere.id, 'collected')).toBe('unknown-order');
		expect(await orders.setStatus(board, unpaid.id, 'ready')).toBe('unknown-order');
		expect(await orders.setStatus(board, 'no-such-sale', 'ready')).toBe('unknown-order');
		expect((await orders.atPlace(MAIN_STAGE.id)).open).toEqual([]);
		await feed.current();
		expect(listener).not.toHaveBeenCalled();
	});

	it('a board whose place is not known yet says so and shows nothing', async () => {
		const { orders, sales, lostBoard, kiosk } = await freshBoard(engine);
		const paid = await sales.create(sale(kiosk, 'completed', 'K-001'));
		expect(await orders.setStatus(lostBoard, paid.id, 'ready')).toBe('unknown-order');
		expect(await orders.atPlace('place_unknown')).toEqual({ open: [], collected: [] });
	});

	it('keeps the history of every status staff gave an order', async () => {
		const { orders, sales, board, kiosk } = await freshBoard(engine);
		const paid = await sales.create(sale(kiosk, 'completed', 'K-001'));
		await orders.setStatus(board, paid.id, 'ready');
		await orders.setStatus(board, paid.id, 'new'); // undo
		await orders.setStatus(board, paid.id, 'ready');
		expect((await orders.history(paid.id)).map((entry) => entry.status)).toEqual([
			'ready',
			'new',
			'ready'
		]);
	});

	it('shows the last day’s orders only: order numbers start again each day', async () => {
		const { orders, sales, kiosk } = await freshBoard(engine);
		const old = sale(kiosk, 'completed', 'K-001');
		await sales.create({
			...old,
			createdAt: new Date(NOW.getTime() - 25 * 3_600_000).toISOString()
		});
		await sales.create(sale(kiosk, 'completed', 'K-002'));
		expect((await orders.atPlace(MAIN_STAGE.id)).open.map((order) => order.orderNumber)).toEqual([
			'K-002'
		]);
	});

	it('keeps the most recently collected orders in view, newest first', async () => {
		const { orders, sales, board, kiosk } = await freshBoard(engine);
		const count = RECENTLY_COLLECTED + 2;
		for (let index = 1; index <= count; index += 1) {
			const paid = await sales.create(
				sale(kiosk, 'completed', `K-${String(index).padStart(3, '0')}`)
			);
			await orders.setStatus(board, paid.id, 'collected');
		}
		const collected = (await orders.atPlace(MAIN_STAGE.id)).collected.map(
			(order) => order.orderNumber
		);
		expect(collected).toHaveLength(RECENTLY_COLLECTED);
		expect(collected[0]).toBe(`K-00${count}`);
		expect(collected.at(-1)).toBe('K-003');
	});

	it('the boards hear of a sale once it is paid, not while it is being priced', async () => {
		const { sales, feed, kiosk } = await freshBoard(engine);
		const listener = vi.fn();
		feed.subscribe(listener);
		const draft = await sales.create(sale(kiosk, 'quoted'));
		const previewed = await sales.save({ ...draft, state: 'credits-previewed' });
		await feed.current();
		expect(listener).not.toHaveBeenCalled();
		await sales.save({ ...previewed, state: 'paid', orderNumber: 'K-001' });
		await feed.current();
		expect(listener).toHaveBeenCalledTimes(1);
	});
});
