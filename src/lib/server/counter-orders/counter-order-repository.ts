/**
 * The counter orders this server has fetched (spec 2 Order, in minor units), one row per order id
 * with the place of the device that received it, so every board of that place shows it. A read
 * that arrives after a newer one never takes an order back (order-steps.ts `isNotBehind`).
 */
import type { CounterOrder } from '../platform/counter-orders.ts';
import { touchedOne, type Store } from '../store/store.ts';
import type { Row } from '../store/tables.ts';
import { isNotBehind, TERMINAL_STATUSES } from './order-steps.ts';

export interface StoredCounterOrder {
	order: CounterOrder;
	/** The device whose callback brought it (its key reads it again). */
	deviceId: string;
	placeId: string;
	/** When the callback's fetch first stored it: the counter's clock starts here. */
	receivedAt: string;
	updatedAt: string;
}

const toStored = (row: Row<'app_orders'>): StoredCounterOrder => ({
	order: JSON.parse(row.body) as CounterOrder,
	deviceId: row.device_id,
	placeId: row.place_id,
	receivedAt: row.received_at,
	updatedAt: row.updated_at
});

export class CounterOrderRepository {
	readonly #store: Store;
	readonly #now: () => Date;

	constructor(store: Store, now: () => Date = () => new Date()) {
		this.#store = store;
		this.#now = now;
	}

	/**
	 * Stores a fresh read of an order; false when it changed nothing (the same or an older
	 * state), so callers tell the boards only about real changes.
	 *
	 * Written only if the row is still what was compared (an insert only if there was none, an
	 * update only of the body read): when another server's read slipped in between, the
	 * comparison is made again with it, so a newer read is never overwritten by an older one.
	 */
	async save(deviceId: string, placeId: string, order: CounterOrder): Promise<boolean> {
		const body = JSON.stringify(order);
		for (;;) {
			const known = await this.#row(order.id);
			if (known) {
				const stored = JSON.parse(known.body) as CounterOrder;
				if (!isNotBehind(order, stored) || known.body === body) return false;
			}
			const at = this.#now().toISOString();
			const written = known
				? await this.#store.db
						.updateTable('app_orders')
						.set({ status: order.status, body, updated_at: at })
						.where('order_id', '=', order.id)
						.where('body', '=', known.body)
						.executeTakeFirst()
						.then(touchedOne)
				: await this.#store.db
						.insertInto('app_orders')
						.values({
							order_id: order.id,
							device_id: deviceId,
							place_id: placeId,
							status: order.status,
							body,
							received_at: at,
							updated_at: at
						})
						.onConflict((conflict) => conflict.column('order_id').doNothing())
						.executeTakeFirst()
						.then(touchedOne);
			if (written) return true;
		}
	}

	async get(orderId: string): Promise<StoredCounterOrder | undefined> {
		const row = await this.#row(orderId);
		return row && toStored(row);
	}

	/** The place's orders still in progress, and its `recentlyDone` last finished ones. */
	async atPlace(placeId: string, recentlyDone: number): Promise<StoredCounterOrder[]> {
		const atPlace = this.#store.db
			.selectFrom('app_orders')
			.selectAll()
			.where('place_id', '=', placeId);
		const [open, done] = await Promise.all([
			atPlace
				.where('status', 'not in', TERMINAL_STATUSES)
				.orderBy('received_at')
				.orderBy('order_id')
				.execute(),
			atPlace
				.where('status', 'in', TERMINAL_STATUSES)
				.orderBy('updated_at', 'desc')
				.limit(recentlyDone)
				.execute()
		]);
		return [...open, ...done].map(toStored);
	}

	/** Every order not yet in a terminal status at these places: what reconciliation re-reads. */
	async inProgress(placeIds: string[]): Promise<StoredCounterOrder[]> {
		if (placeIds.length === 0) return [];
		const rows = await this.#store.db
			.selectFrom('app_orders')
			.selectAll()
			.where('place_id', 'in', placeIds)
			.where('status', 'not in', TERMINAL_STATUSES)
			.orderBy('updated_at')
			.execute();
		return rows.map(toStored);
	}

	#row(orderId: string): Promise<Row<'app_orders'> | undefined> {
		return this.#store.db
			.selectFrom('app_orders')
			.selectAll()
			.where('order_id', '=', orderId)
			.executeTakeFirst();
	}
}
