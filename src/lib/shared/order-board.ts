/**
 * The order board as the server gives it to the staff tablet, and the pickup screen as it is shown
 * to guests (types and pure helpers only: shared by the server and both screens).
 *
 * One queue holds the platform's counter orders (spec 2, received by callback) and the ordering
 * kiosks' own paid orders. Both move through the same four stages; each order carries the steps
 * the server offers for it, so the screen never decides what the spec allows.
 */
import type {
	DeliveryOptionType,
	DeskType,
	OrderSource,
	OrderStatus,
	OrderTransactionStatus
} from '@venue-kiosk/vocabulary/platform-vocabulary.ts';
import type { StaffNames, Translated } from './translated.ts';
import type { KioskOrderStatus } from './kiosk-order.ts';

/** to approve → in preparation → ready → done (picked up, left, rejected, cancelled). */
export type BoardStage = 'approve' | 'preparing' | 'ready' | 'done';

/**
 * What staff can do with a counter order (each one platform call, spec 2):
 * collect → finalize-external-payment, payment-failed → cancel-external-payment,
 * approve → APPROVED, reject → REJECTED, ready → DONE, picked-up → COMPLETED, left → LEFT.
 */
export const COUNTER_ORDER_ACTIONS = [
	'collect',
	'payment-failed',
	'approve',
	'reject',
	'ready',
	'picked-up',
	'left'
] as const;
export type CounterOrderAction = (typeof COUNTER_ORDER_ACTIONS)[number];

/** Why the board refused a step or a desk change (the board shows each in words, nothing changed). */
export type BoardActionError =
	| 'bad-request'
	| 'unknown-order'
	| 'not-offered'
	| 'busy'
	| 'message-too-long'
	| 'desks-refused'
	| 'desks-unreachable'
	| 'unknown-product'
	/** "Collected" before staff tapped "ID checked" on an age-restricted order. */
	| 'id-check-needed';

/** A product of the menu on the board's sold-out list: staff mark it sold out and back. */
export interface SoldOutEntry {
	id: string;
	category: string;
	name: Translated;
	soldOut: boolean;
}

/** One line of an order: identical units (same product, modifiers, takeaway) counted together. */
export interface BoardOrderLine {
	productId: string;
	/** The menu's name of the product; null when the menu does not know the id. */
	name: Translated | null;
	quantity: number;
	takeaway: boolean;
	modifiers: { productId: string; name: Translated | null }[];
}

interface BoardOrderBase {
	/**
	 * Unique on the board: `app:<orderId>` (a counter order) or `kiosk:<saleId>`. Kept as it was
	 * named first: boards remember acknowledged keys, and each card's element id is made of it.
	 */
	key: string;
	orderNumber: string;
	stage: BoardStage;
	/** When the order reached the counter (ISO): the age timer runs from here. */
	since: string;
	lines: BoardOrderLine[];
	/**
	 * The order holds age-restricted goods (#lib/shared/age-limits.ts): the age to check the ID
	 * for at handover, and whether staff recorded the check; null: no check needed (or, for an
	 * app order, none of its products known to the menu as restricted).
	 */
	idCheck: { age: number; checked: boolean } | null;
}

export interface CounterBoardOrder extends BoardOrderBase {
	kind: 'counter';
	orderId: string;
	source: OrderSource;
	status: OrderStatus;
	transactionStatus: OrderTransactionStatus;
	/** EXTERNAL_MANUAL, EXTERNAL_AUTO, NONE or an in-app processor's own name (the board says "paid in the app"). */
	paymentProcessor: string;
	currencyCode: string;
	/** What staff collect at the counter (items, modifiers, tip, delivery fee), minor units. */
	collectMinor: number;
	tipMinor: number;
	desk: { id: string; name: string; type: DeskType };
	invoicingTypes: string[];
	comment: string | null;
	rejectionMessage: string | null;
	delivery: { type: DeliveryOptionType; feeMinor: number } | null;
	buyer: {
		name: string;
		companyName: string | null;
		taxNumber: string | null;
		address: string;
	} | null;
	deliveryAddress: { name: string; address: string; comment: string | null } | null;
	/** The steps spec 2 allows from here (and that the board's payment rule permits). */
	actions: CounterOrderAction[];
	/** A step is on its way to the platform (durable outbox): the card says "sending…". */
	sending: CounterOrderAction | null;
	/** The last step that did not go through, and why (a message key the screen translates). */
	problem: { action: CounterOrderAction; reason: OrderStepProblem } | null;
}

/** Why a step staff asked for did not happen. */
export type OrderStepProblem =
	/** 400: the order had moved on (another device, the guest); it was read again. */
	| 'invalid-transition'
	/** 403/404: the platform no longer lets this device see the order. */
	| 'not-accessible'
	/** The platform refused it otherwise. */
	| 'refused';

export interface KioskBoardOrder extends BoardOrderBase {
	kind: 'kiosk';
	saleId: string;
	kioskName: string;
	status: KioskOrderStatus;
	/**
	 * Reusable containers that go with the order, per category: the platform's `name` and the
	 * `names` staff gave it (format.ts containerName).
	 */
	containers: { name: string; names?: StaffNames; quantity: number }[];
	/** The local steps: forward, and back to undo the last one. */
	next: KioskOrderStatus | null;
	previous: KioskOrderStatus | null;
}

export type BoardOrder = CounterBoardOrder | KioskBoardOrder;

export interface BoardDesk {
	id: string;
	name: string;
	type: DeskType;
	enabled: boolean;
}

/** Is the way orders reach this board working? */
export interface BoardHealth {
	/** When the last callback arrived (ISO), null when none arrived since the server started. */
	lastCallbackAt: string | null;
	/** The last platform call of this board failed (unreachable, timing out, refusing the key). */
	platformDown: boolean;
	/** When the platform last answered this board (ISO). */
	lastPlatformAnswerAt: string | null;
	/** Callbacks recorded but not fetched yet, and for how long the oldest has waited (ms). */
	unfetched: number;
	oldestUnfetchedMs: number;
}

export interface BoardSettings {
	/** Age (minutes) at which a card turns amber, and red. */
	warnAfterMinutes: number;
	lateAfterMinutes: number;
	newestFirst: boolean;
}

export interface OrderBoardView {
	/** false: the board's place is not known yet (its identity was never fetched). */
	placeKnown: boolean;
	/** The key has the ORDER authority: counter orders and desks work. */
	receivesCounterOrders: boolean;
	/** Every order in the first three stages, and the last few done ones. */
	orders: BoardOrder[];
	/** null when the desks could not be read. */
	desks: BoardDesk[] | null;
	health: BoardHealth;
	settings: BoardSettings;
}

/** The pickup screen (guest-facing): numbers only, per stage, longest waiting first. */
export interface PickupView {
	placeName: string | null;
	preparing: { key: string; orderNumber: string }[];
	/**
	 * `desk`: where to collect (counter orders name their desk; kiosk orders have none);
	 * `idCheck`: the guest brings an ID (an age-restricted order not yet checked).
	 */
	ready: { key: string; orderNumber: string; desk: string | null; idCheck: boolean }[];
}

export const DEFAULT_BOARD_SETTINGS: BoardSettings = {
	warnAfterMinutes: 5,
	lateAfterMinutes: 10,
	newestFirst: false
};
