/**
 * The app orders this server has fetched (spec 2 Order, in minor units), one row per order id
 * with the place of the device that received it, so every board of that place shows it. A read
 * that arrives after a newer one never takes an order back (order-steps.ts `isNotBehind`).
 */
import type { CounterOrder } from '../platform/counter-orders.ts';
import { transaction, type Database } from '../store/database.ts';
import { isNotBehind, TERMINAL_STATUSES } from './order-steps.ts';

export interface StoredAppOrder {
	order: CounterOrder;
	/** The device whose callback brought it (its key reads it again). */
	deviceId: string;
	placeId: string;
	/** When the callback's fetch first stored it: the counter's clock starts here. */
	receivedAt: string;
	updatedAt: string;
}

interface AppOrderRow {
	order_id: string;
	device_id: string;
	place_id: string;
	body: string;
	received_at: string;
	updated_at: string;
}

const toStored = (row: AppOrderRow): StoredAppOrder => ({
	order: JSON.parse(row.body) as CounterOrder,
	deviceId: row.device_id,
	placeId: row.place_id,
	receivedAt: row.received_at,
	updatedAt: row.updated_at
});

const TERMINAL = TERMINAL_STATUSES.map((status) => `'${status}'`).join(', ');

export class AppOrderRepository {
	readonly #db: Database;
	readonly #now: () => Date;

	constructor(db: Database, now: () => Date = () => new Date()) {
		this.#db = db;
		this.#now = now;
	}

	/**
	 * Stores a fresh read of an order; false when it changed nothing (the same or an older
	 * state), so callers tell the boards only about real changes.
	 */
	save(deviceId: string, placeId: string, order: CounterOrder): boolean {
		// Compared and written in one transaction: a second server's newer read cannot slip between.
		return transaction(this.#db, () => {
			const known = this.get(order.id);
			if (known && !isNotBehind(order, known.order)) return false;
			const body = JSON.stringify(order);
			if (known && JSON.stringify(known.order) === body) return false;
			const at = this.#now().toISOString();
			this.#db
				.prepare(
					`INSERT INTO app_orders (order_id, device_id, place_id, status, body, received_at, updated_at)
					 VALUES (?, ?, ?, ?, ?, ?, ?)
					 ON CONFLICT (order_id) DO UPDATE SET
						status = excluded.status, body = excluded.body, updated_at = excluded.updated_at`
				)
				.run(order.id, deviceId, placeId, order.status, body, at, at);
			return true;
		});
	}

	get(orderId: string): StoredAppOrder | undefined {
		const row = this.#db.prepare('SELECT * FROM app_orders WHERE order_id = ?').get(orderId);
		return row ? toStored(row as unknown as AppOrderRow) : undefined;
	}

	/** The place's orders still in progress, and its `recentlyDone` last finished ones. */
	atPlace(placeId: string, recentlyDone: number): StoredAppOrder[] {
		const open = this.#db
			.prepare(
				`SELECT * FROM app_orders WHERE place_id = ? AND status NOT IN (${TERMINAL})
				 ORDER BY received_at`
			)
			.all(placeId) as unknown as AppOrderRow[];
		const done = this.#db
			.prepare(
				`SELECT * FROM app_orders WHERE place_id = ? AND status IN (${TERMINAL})
				 ORDER BY updated_at DESC LIMIT ?`
			)
			.all(placeId, recentlyDone) as unknown as AppOrderRow[];
		return [...open, ...done].map(toStored);
	}

	/** Every order not yet in a terminal status at these places: what reconciliation re-reads. */
	inProgress(placeIds: string[]): StoredAppOrder[] {
		if (placeIds.length === 0) return [];
		const marks = placeIds.map(() => '?').join(', ');
		return (
			this.#db
				.prepare(
					`SELECT * FROM app_orders WHERE place_id IN (${marks}) AND status NOT IN (${TERMINAL})
					 ORDER BY updated_at`
				)
				.all(...placeIds) as unknown as AppOrderRow[]
		).map(toStored);
	}
}
