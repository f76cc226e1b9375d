/**
 * The order board of a place: the platform's counter orders (spec 2) and the kiosks' own paid
 * orders in one queue, with the desks, the health of the way orders arrive, and the board's
 * settings. Read-only: staff steps go through StaffSteps (counter orders) and KioskOrders (kiosk
 * orders).
 */
import type {
	BoardHealth,
	BoardOrder,
	BoardSettings,
	KioskBoardOrder,
	OrderBoardView
} from '#lib/shared/order-board.ts';
import type { KioskOrder, KioskOrderStatus } from '#lib/shared/kiosk-order.ts';
import { NO_AGE } from '#lib/shared/age-limits.ts';
import { optionProductId } from '#lib/shared/product-options.ts';
import type { Translated, VenueNames } from '#lib/shared/translated.ts';
import type { PlatformViewStore } from '../devices/platform-view.ts';
import type { CounterOrderRepository } from '../counter-orders/counter-order-repository.ts';
import { counterOrderCard, counterOrderKey } from '../counter-orders/counter-order-card.ts';
import type { BoardDesks } from '../counter-orders/board-desks.ts';
import type { OrderInbox } from '../counter-orders/order-inbox.ts';
import type { OrderOutbox } from '../counter-orders/order-outbox.ts';
import type { DeviceHealthTracker } from '../counter-orders/device-health.ts';
import type { KnownPlaces } from '../devices/known-places.ts';
import { appOrderAge, type IdChecks } from './id-checks.ts';
import type { KioskOrders } from './kiosk-orders.ts';

/** How many finished counter orders stay in view (to see what happened to one). */
const RECENTLY_DONE = 6;

export interface OrderBoardDeps {
	places: Pick<KnownPlaces, 'placeOf' | 'devicesAt'>;
	views: PlatformViewStore;
	counterOrders: CounterOrderRepository;
	outbox: OrderOutbox;
	inbox: OrderInbox;
	kioskOrders: KioskOrders;
	desks: BoardDesks;
	health: DeviceHealthTracker;
	/**
	 * The menu's names by product id (spec 2: an item's productId is "the integrator's own
	 * product id"), read once per view.
	 */
	productNames(): Promise<ReadonlyMap<string, Translated>>;
	/**
	 * The age each product of the menu is sold from (#lib/shared/age-limits.ts), by id: an app
	 * order holding a known restricted product is checked like a kiosk order; read once per view.
	 */
	productAges(): Promise<ReadonlyMap<string, number>>;
	idChecks: Pick<IdChecks, 'checked'>;
	/** The names staff gave the container categories (catalog/menu-names.ts), read once per view. */
	containerNames(): Promise<VenueNames['containers']>;
	settings(): Promise<BoardSettings>;
	now?: () => Date;
}

const KIOSK_STAGE = { new: 'preparing', ready: 'ready', collected: 'done' } as const;
const KIOSK_NEXT: Record<KioskOrderStatus, KioskOrderStatus | null> = {
	new: 'ready',
	ready: 'collected',
	collected: null
};
const KIOSK_PREVIOUS: Record<KioskOrderStatus, KioskOrderStatus | null> = {
	new: null,
	ready: 'new',
	collected: 'ready'
};

export function kioskCard(
	order: KioskOrder,
	containerNames: VenueNames['containers'] = {}
): KioskBoardOrder {
	return {
		kind: 'kiosk',
		key: `kiosk:${order.saleId}`,
		saleId: order.saleId,
		orderNumber: order.orderNumber,
		stage: KIOSK_STAGE[order.status],
		since: order.orderedAt,
		lines: order.lines.map((line) => ({
			productId: line.productId,
			name: line.name,
			quantity: line.quantity,
			takeaway: false,
			// The same ids the platform knows a priced option by (#lib/shared/product-options.ts), so
			// "all day" counts a choice across orders.
			modifiers: line.options.map((option) => ({
				productId: optionProductId(line.productId, option.id),
				name: option.name
			}))
		})),
		kioskName: order.kioskName,
		status: order.status,
		containers: order.containers.map(({ categoryId, name, quantity }) => ({
			name,
			names: containerNames[categoryId],
			quantity
		})),
		next: KIOSK_NEXT[order.status],
		previous: KIOSK_PREVIOUS[order.status],
		idCheck: order.minAge === NO_AGE ? null : { age: order.minAge, checked: order.idChecked }
	};
}

export class OrderBoard {
	readonly #deps: OrderBoardDeps;

	constructor(deps: OrderBoardDeps) {
		this.#deps = deps;
	}

	/**
	 * The board of `boardDeviceId`. Desks not read since the server started are read now, without
	 * holding up the board: the feed brings them once read.
	 */
	async view(boardDeviceId: string): Promise<OrderBoardView> {
		const { views, desks, settings } = this.#deps;
		const [place, view] = await Promise.all([
			this.#deps.places.placeOf(boardDeviceId),
			views.get(boardDeviceId)
		]);
		const receivesCounterOrders = view.identity?.authorities.includes('ORDER') ?? false;
		const knownDesks = receivesCounterOrders ? desks.known(boardDeviceId) : null;
		if (receivesCounterOrders && knownDesks === null) void desks.refresh(boardDeviceId);
		return {
			placeKnown: place !== null,
			receivesCounterOrders,
			orders: place ? await this.ordersAtPlace(place.id) : [],
			desks: knownDesks,
			health: await this.#health(boardDeviceId, place?.id),
			settings: await settings()
		};
	}

	/** Every order of the place in progress, and the last few done, oldest first. */
	async ordersAtPlace(placeId: string): Promise<BoardOrder[]> {
		const { counterOrders, outbox, kioskOrders } = this.#deps;
		const [names, ages, containerNames] = await Promise.all([
			this.#deps.productNames(),
			this.#deps.productAges(),
			this.#deps.containerNames()
		]);
		const nameOf = (productId: string) => names.get(productId) ?? null;
		const stored = await counterOrders.atPlace(placeId, RECENTLY_DONE);
		const ids = stored.map((entry) => entry.order.id);
		const [sending, problems, kiosk, checked] = await Promise.all([
			outbox.pending(ids),
			outbox.problems(ids),
			kioskOrders.atPlace(placeId),
			this.#deps.idChecks.checked(ids.map(counterOrderKey))
		]);
		const app = stored.map((entry) => {
			const age = appOrderAge(entry.order.items, ages);
			return counterOrderCard(entry, {
				nameOf,
				sending: sending.get(entry.order.id) ?? null,
				problem: problems.get(entry.order.id) ?? null,
				idCheck:
					age === NO_AGE ? null : { age, checked: checked.has(counterOrderKey(entry.order.id)) }
			});
		});
		const local = [...kiosk.open, ...kiosk.collected].map((order) =>
			kioskCard(order, containerNames)
		);
		return [...app, ...local].sort((a, b) => a.since.localeCompare(b.since));
	}

	/** The callbacks of the place's boards and the platform's answers to this board. */
	async #health(boardDeviceId: string, placeId: string | undefined): Promise<BoardHealth> {
		const { places, inbox, health } = this.#deps;
		const now = (this.#deps.now ?? (() => new Date()))();
		const boards = placeId
			? (await places.devicesAt(placeId, 'board')).map((device) => device.id)
			: [boardDeviceId];
		const callbacks = await inbox.health(boards);
		const platform = health.of(boardDeviceId);
		return {
			lastCallbackAt: callbacks.lastCallbackAt,
			platformDown: platform.failing,
			lastPlatformAnswerAt: platform.lastAnswerAt,
			unfetched: callbacks.waiting,
			oldestUnfetchedMs: callbacks.oldestWaitingSince
				? Math.max(0, now.getTime() - Date.parse(callbacks.oldestWaitingSince))
				: 0
		};
	}
}
