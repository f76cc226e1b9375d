/**
 * The ordering kiosks' orders on the order board: kiosk orders get an order number and
 * appear on the order board (local orders), so the counter knows what to prepare. A paid sale is
 * an order; staff move it new → ready → collected (and back, to undo a tap). These orders never
 * go to the platform (its counter orders are the app's), so their status and its history live
 * here. A board sees the orders of the kiosks at its own place (each device's cached identity);
 * the sales themselves come from their repository.
 *
 * An order of age-restricted goods (the age its sale was quoted with, #lib/shared/age-limits.ts)
 * is handed over only after staff checked the guest's ID (JuSchG § 2 Abs. 2): "collected" is
 * refused here, whatever the board's buttons show, until the check is recorded (`checkId`,
 * orders/id-checks.ts).
 */
import { NO_AGE } from '#lib/shared/age-limits.ts';
import type { KioskOrder, KioskOrderBoard, KioskOrderStatus } from '#lib/shared/kiosk-order.ts';
import type { KnownPlaces } from '../devices/known-places.ts';
import type { Sale } from '../sales/sale.ts';
import type { SaleRepository } from '../sales/sale-repository.ts';
import type { Store } from '../store/store.ts';
import type { IdChecks } from './id-checks.ts';
import type { OrderFeed } from './order-feed.ts';

/** How many collected orders the board keeps in view (to reopen one tapped by mistake). */
export const RECENTLY_COLLECTED = 6;

/** A board shows the orders of the last day: order numbers count per day. */
const BOARD_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface KioskOrdersDeps {
	store: Store;
	places: Pick<KnownPlaces, 'placeOf' | 'devicesAt'>;
	sales: Pick<SaleRepository, 'ordersOf'>;
	feed: OrderFeed;
	idChecks: IdChecks;
}

/** What came of a staff step on a kiosk order. */
export type KioskStepOutcome = 'done' | 'unknown-order' | 'id-check-needed';

/** The order's key on the board and in `order_id_checks`. */
export const kioskOrderKey = (saleId: string) => `kiosk:${saleId}`;

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
	async atPlace(placeId: string): Promise<KioskOrderBoard> {
		const kiosks = await this.#kiosksAt(placeId);
		const sales = await this.#deps.sales.ordersOf(
			[...kiosks.keys()],
			new Date(this.#now().getTime() - BOARD_WINDOW_MS)
		);
		const ids = sales.map((sale) => sale.id);
		const [statuses, checked] = await Promise.all([this.#statuses(ids), this.#idChecked(ids)]);
		const orders = sales.map((sale) =>
			toOrder(sale, statuses.get(sale.id) ?? 'new', kiosks, checked.has(sale.id))
		);
		return {
			open: orders.filter((order) => order.status !== 'collected'),
			collected: orders
				.filter((order) => order.status === 'collected')
				.slice(-RECENTLY_COLLECTED)
				.reverse()
		};
	}

	/**
	 * Moves an order of the board's place to `status`: `unknown-order` when the board cannot see
	 * it, `id-check-needed` for "collected" before the ID check of an age-restricted order.
	 */
	async setStatus(
		boardDeviceId: string,
		saleId: string,
		status: KioskOrderStatus
	): Promise<KioskStepOutcome> {
		const order = await this.#visible(boardDeviceId, saleId);
		if (!order) return 'unknown-order';
		if (status === 'collected' && order.minAge !== NO_AGE && !order.idChecked)
			return 'id-check-needed';
		const at = this.#now().toISOString();
		await this.#deps.store.db.transaction().execute(async (trx) => {
			await trx
				.insertInto('kiosk_order_status')
				.values({ sale_id: saleId, status, updated_at: at })
				.onConflict((conflict) =>
					conflict.column('sale_id').doUpdateSet((eb) => ({
						status: eb.ref('excluded.status'),
						updated_at: eb.ref('excluded.updated_at')
					}))
				)
				.execute();
			await trx.insertInto('kiosk_order_history').values({ sale_id: saleId, status, at }).execute();
		});
		this.#deps.feed.changed();
		return 'done';
	}

	/**
	 * Staff checked the guest's ID for an age-restricted order of the board's place: recorded
	 * once. The order, or null when the board cannot see it or it needs no check; `recorded`:
	 * false for a repeated tap (nothing changed).
	 */
	async checkId(
		boardDeviceId: string,
		saleId: string
	): Promise<{ order: KioskOrder; recorded: boolean } | null> {
		const order = await this.#visible(boardDeviceId, saleId);
		if (!order || order.minAge === NO_AGE) return null;
		const recorded = await this.#deps.idChecks.record(kioskOrderKey(saleId));
		if (recorded) this.#deps.feed.changed();
		return { order, recorded };
	}

	/** The order `saleId` if the board's place has it on its board. */
	async #visible(boardDeviceId: string, saleId: string): Promise<KioskOrder | undefined> {
		const placeId = (await this.#deps.places.placeOf(boardDeviceId))?.id;
		if (!placeId) return undefined;
		const { open, collected } = await this.atPlace(placeId);
		return [...open, ...collected].find((order) => order.saleId === saleId);
	}

	/** The sales of `saleIds` whose ID check staff recorded. */
	async #idChecked(saleIds: string[]): Promise<Set<string>> {
		const checked = await this.#deps.idChecks.checked(saleIds.map(kioskOrderKey));
		return new Set(saleIds.filter((saleId) => checked.has(kioskOrderKey(saleId))));
	}

	/** Every status staff gave the order, oldest first (the server-side history). */
	async history(saleId: string): Promise<{ status: KioskOrderStatus; at: string }[]> {
		const rows = await this.#deps.store.db
			.selectFrom('kiosk_order_history')
			.select(['status', 'at'])
			.where('sale_id', '=', saleId)
			.orderBy('id')
			.execute();
		return rows as { status: KioskOrderStatus; at: string }[];
	}

	async #statuses(saleIds: string[]): Promise<Map<string, KioskOrderStatus>> {
		if (saleIds.length === 0) return new Map();
		const rows = await this.#deps.store.db
			.selectFrom('kiosk_order_status')
			.select(['sale_id', 'status'])
			.where('sale_id', 'in', saleIds)
			.execute();
		return new Map(rows.map((row) => [row.sale_id, row.status]));
	}

	/** The ordering kiosks (id → name) at the place. */
	async #kiosksAt(placeId: string): Promise<Map<string, string>> {
		const kiosks = await this.#deps.places.devicesAt(placeId, 'kiosk');
		return new Map(kiosks.map((device) => [device.id, device.name]));
	}
}

function toOrder(
	sale: Sale,
	status: KioskOrderStatus,
	kiosks: Map<string, string>,
	idChecked: boolean
): KioskOrder {
	return {
		saleId: sale.id,
		orderNumber: sale.orderNumber ?? '',
		kioskName: kiosks.get(sale.deviceId) ?? '',
		orderedAt: sale.createdAt,
		status,
		lines: sale.quote.lines.map((line) => ({
			productId: line.productId,
			name: line.name,
			options: line.options.map((option) => ({ id: option.id, name: option.name })),
			quantity: line.quantity
		})),
		containers: sale.quote.depositLines.map((line) => ({
			categoryId: line.categoryId,
			name: line.name,
			quantity: line.quantity
		})),
		minAge: sale.quote.minAge ?? NO_AGE,
		idChecked
	};
}
