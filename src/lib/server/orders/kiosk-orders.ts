/**
 * The ordering kiosks' orders on the order board (issue 4: "Kiosk orders get an order number and
 * appear on the order board (local orders) so the counter knows what to prepare"). A paid sale is
 * an order; staff move it new → ready → collected (and back, to undo a tap). These orders never
 * go to the platform (its counter orders are the app's), so their status and its history live
 * here. A board sees the orders of the kiosks at its own place (each device's cached identity);
 * the sales themselves come from their repository.
 */
import type { KioskOrder, KioskOrderBoard, KioskOrderStatus } from '#lib/board/kiosk-order.ts';
import type { KnownPlaces } from '../devices/known-places.ts';
import type { Sale } from '../sales/sale.ts';
import type { SaleRepository } from '../sales/sale-repository.ts';
import { transaction, type Database } from '../store/database.ts';
import type { OrderFeed } from './order-feed.ts';

/** How many collected orders the board keeps in view (to reopen one tapped by mistake). */
export const RECENTLY_COLLECTED = 6;

/** A board shows the orders of the last day: order numbers count per day. */
const BOARD_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface KioskOrdersDeps {
	db: Database;
	places: Pick<KnownPlaces, 'placeOf' | 'devicesAt'>;
	sales: Pick<SaleRepository, 'ordersOf'>;
	feed: OrderFeed;
}

/** A sale was saved: once it has an order number (it is paid), the boards learn of it. */
export function announcePaidSale(feed: OrderFeed, sale: Sale): void {
	if (sale.orderNumber && ['paid', 'completed', 'needs-staff'].includes(sale.state)) {
		feed.changed();
	}
}

export class KioskOrders {
	readonly #deps: KioskOrdersDeps;
	readonly #now: () => Date;

	constructor(deps: KioskOrdersDeps, now: () => Date = () => new Date()) {
		this.#deps = deps;
		this.#now = now;
	}

	/** The open and the recently collected kiosk orders of the place, oldest first. */
	atPlace(placeId: string): KioskOrderBoard {
		const kiosks = this.#kiosksAt(placeId);
		const sales = this.#deps.sales.ordersOf(
			[...kiosks.keys()],
			new Date(this.#now().getTime() - BOARD_WINDOW_MS)
		);
		const statuses = this.#statuses(sales.map((sale) => sale.id));
		const orders = sales.map((sale) => toOrder(sale, statuses.get(sale.id) ?? 'new', kiosks));
		return {
			open: orders.filter((order) => order.status !== 'collected'),
			collected: orders
				.filter((order) => order.status === 'collected')
				.slice(-RECENTLY_COLLECTED)
				.reverse()
		};
	}

	/** Moves an order of the board's place to `status`; false when the board cannot see it. */
	setStatus(boardDeviceId: string, saleId: string, status: KioskOrderStatus): boolean {
		const placeId = this.#deps.places.placeOf(boardDeviceId)?.id;
		if (!placeId) return false;
		const { open, collected } = this.atPlace(placeId);
		if (![...open, ...collected].some((order) => order.saleId === saleId)) return false;
		const { db } = this.#deps;
		const at = this.#now().toISOString();
		transaction(db, () => {
			db.prepare(
				`INSERT INTO kiosk_order_status (sale_id, status, updated_at) VALUES (?, ?, ?)
				 ON CONFLICT (sale_id) DO UPDATE SET status = excluded.status, updated_at = excluded.updated_at`
			).run(saleId, status, at);
			db.prepare('INSERT INTO kiosk_order_history (sale_id, status, at) VALUES (?, ?, ?)').run(
				saleId,
				status,
				at
			);
		});
		this.#deps.feed.changed();
		return true;
	}

	/** Every status staff gave the order, oldest first (the server-side history). */
	history(saleId: string): { status: KioskOrderStatus; at: string }[] {
		return this.#deps.db
			.prepare('SELECT status, at FROM kiosk_order_history WHERE sale_id = ? ORDER BY id')
			.all(saleId) as unknown as { status: KioskOrderStatus; at: string }[];
	}

	#statuses(saleIds: string[]): Map<string, KioskOrderStatus> {
		if (saleIds.length === 0) return new Map();
		const rows = this.#deps.db
			.prepare(
				`SELECT sale_id, status FROM kiosk_order_status
				 WHERE sale_id IN (${saleIds.map(() => '?').join(', ')})`
			)
			.all(...saleIds) as unknown as { sale_id: string; status: KioskOrderStatus }[];
		return new Map(rows.map((row) => [row.sale_id, row.status]));
	}

	/** The ordering kiosks (id → name) at the place. */
	#kiosksAt(placeId: string): Map<string, string> {
		return new Map(
			this.#deps.places.devicesAt(placeId, 'kiosk').map((device) => [device.id, device.name])
		);
	}
}

function toOrder(sale: Sale, status: KioskOrderStatus, kiosks: Map<string, string>): KioskOrder {
	return {
		saleId: sale.id,
		orderNumber: sale.orderNumber ?? '',
		kioskName: kiosks.get(sale.deviceId) ?? '',
		orderedAt: sale.createdAt,
		status,
		lines: sale.quote.lines.map((line) => ({
			productId: line.productId,
			name: line.name,
			quantity: line.quantity
		})),
		containers: sale.quote.depositLines.map((line) => ({
			name: line.name,
			quantity: line.quantity
		}))
	};
}
