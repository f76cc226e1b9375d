/**
 * The ordering kiosks' orders on the order board (issue 4: "Kiosk orders get an order number and
 * appear on the order board (local orders) so the counter knows what to prepare"). A paid sale is
 * an order; staff move it new → ready → collected. These orders never go to the platform (its
 * counter orders are the app's), so their status lives here. A board sees the orders of the
 * kiosks at its own place (the place of each device's cached identity).
 */
import type { KioskOrder, KioskOrderBoard, KioskOrderStatus } from '#lib/board/kiosk-order.ts';
import type { DeviceRepository } from '../devices/device-repository.ts';
import type { PlatformViewStore } from '../devices/platform-view.ts';
import type { Sale } from '../sales/sale.ts';
import type { Database } from '../store/database.ts';
import type { OrderFeed } from './order-feed.ts';

/** Sale states in which the guest has paid: the counter prepares the order. */
const PAID_STATES = ['paid', 'completed', 'needs-staff'] as const;

/** How many collected orders the board keeps in view (to reopen one tapped by mistake). */
export const RECENTLY_COLLECTED = 6;

interface OrderRow {
	body: string;
	status: KioskOrderStatus;
}

export class KioskOrders {
	readonly #db: Database;
	readonly #devices: DeviceRepository;
	readonly #views: PlatformViewStore;
	readonly #feed: OrderFeed;
	readonly #now: () => Date;

	constructor(
		deps: { db: Database; devices: DeviceRepository; views: PlatformViewStore; feed: OrderFeed },
		now: () => Date = () => new Date()
	) {
		this.#db = deps.db;
		this.#devices = deps.devices;
		this.#views = deps.views;
		this.#feed = deps.feed;
		this.#now = now;
	}

	/** A sale was saved: once it has an order number and is paid, the boards learn of it. */
	saleSaved(sale: Sale): void {
		if (sale.orderNumber && (PAID_STATES as readonly string[]).includes(sale.state)) {
			this.#feed.changed();
		}
	}

	/** The open and the recently collected kiosk orders of the board's place, oldest first. */
	board(boardDeviceId: string): KioskOrderBoard {
		const kiosks = this.#kiosksAtPlaceOf(boardDeviceId);
		if (!kiosks) return { placeKnown: false, open: [], collected: [] };
		const orders = this.#orders([...kiosks.keys()]).map((row) => toOrder(row, kiosks));
		return {
			placeKnown: true,
			open: orders.filter((order) => order.status !== 'collected'),
			collected: orders
				.filter((order) => order.status === 'collected')
				.slice(-RECENTLY_COLLECTED)
				.reverse()
		};
	}

	/** Moves an order of the board's place to `status`; false when the board cannot see it. */
	setStatus(boardDeviceId: string, saleId: string, status: KioskOrderStatus): boolean {
		const kiosks = this.#kiosksAtPlaceOf(boardDeviceId);
		if (!kiosks || !this.#orders([...kiosks.keys()], saleId).length) return false;
		this.#db
			.prepare(
				`INSERT INTO kiosk_order_status (sale_id, status, updated_at) VALUES (?, ?, ?)
				 ON CONFLICT (sale_id) DO UPDATE SET status = excluded.status, updated_at = excluded.updated_at`
			)
			.run(saleId, status, this.#now().toISOString());
		this.#feed.changed();
		return true;
	}

	/** The ordering kiosks (id → name) at the board's place, or null when that place is unknown. */
	#kiosksAtPlaceOf(boardDeviceId: string): Map<string, string> | null {
		const placeId = this.#views.get(boardDeviceId).identity?.place.id;
		if (!placeId) return null;
		return new Map(
			this.#devices
				.list()
				.filter(
					(device) =>
						device.mode === 'kiosk' && this.#views.get(device.id).identity?.place.id === placeId
				)
				.map((device) => [device.id, device.name])
		);
	}

	#orders(kioskIds: string[], saleId?: string): OrderRow[] {
		if (kioskIds.length === 0) return [];
		const marks = (count: number) => Array.from({ length: count }, () => '?').join(', ');
		return this.#db
			.prepare(
				`SELECT s.body, COALESCE(o.status, 'new') AS status
				 FROM sales s LEFT JOIN kiosk_order_status o ON o.sale_id = s.id
				 WHERE s.order_number IS NOT NULL
				   AND s.state IN (${marks(PAID_STATES.length)})
				   AND s.device_id IN (${marks(kioskIds.length)})
				   ${saleId ? 'AND s.id = ?' : ''}
				 ORDER BY s.created_at, s.order_number`
			)
			.all(...PAID_STATES, ...kioskIds, ...(saleId ? [saleId] : [])) as unknown as OrderRow[];
	}
}

function toOrder(row: OrderRow, kiosks: Map<string, string>): KioskOrder {
	const sale = JSON.parse(row.body) as Sale;
	return {
		saleId: sale.id,
		orderNumber: sale.orderNumber ?? '',
		kioskName: kiosks.get(sale.deviceId) ?? '',
		orderedAt: sale.createdAt,
		status: row.status,
		lines: sale.quote.lines.map((line) => ({ name: line.name, quantity: line.quantity })),
		containers: sale.quote.depositLines.map((line) => ({
			name: line.name,
			quantity: line.quantity
		}))
	};
}
