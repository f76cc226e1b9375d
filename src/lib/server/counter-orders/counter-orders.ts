/**
 * Counter orders (spec 2) on this server, wired once: the callback tokens and inbox, the
 * fetched counter orders, the outbox of staff steps with its sender, the desks, the reconciliation
 * and the platform's health as seen from here. `start` runs the workers: due inbox rows and
 * outbox steps every second (each is also woken at once by a callback or a step), and
 * reconciliation every `reconcileMs` while a board is open.
 *
 * A callback is answered from its durable write alone (`received`); fetching its order and
 * reconciling wait for a lull in the callbacks (CALLBACK_LULL), so a burst's answers do not
 * queue behind them on the one thread. What a crash leaves in the inbox is fetched after the
 * restart (order-fetcher.ts).
 */
import type { CounterOrder } from '../platform/counter-orders.ts';
import type { PlatformViewStore } from '../devices/platform-view.ts';
import type { KnownPlaces } from '../devices/known-places.ts';
import type { Journal } from '../journal/journal.ts';
import type { OrderFeed } from '../orders/order-feed.ts';
import type { PlatformFor } from '../platform/client.ts';
import type { Keyring } from '../store/keyring.ts';
import type { Store } from '../store/store.ts';
import { GroupCommit } from '../store/group-commit.ts';
import { CounterOrderRepository } from './counter-order-repository.ts';
import { BoardDesks } from './board-desks.ts';
import { CallbackLull, type LullTiming } from './callback-lull.ts';
import { CallbackTokens } from './callback-tokens.ts';
import { OrderFetcher } from './order-fetcher.ts';
import { OrderInbox, UNKNOWN_ORDERS, type RecordOutcome } from './order-inbox.ts';
import { OrderOutbox } from './order-outbox.ts';
import { OrderReconciler, type ReconcileSummary } from './order-reconciler.ts';
import { DeviceHealthTracker } from './device-health.ts';
import { StaffSteps } from './staff-steps.ts';
import { orderOfReference, StepSender } from './step-sender.ts';
import { log, messageOf } from '../logging/logger.ts';

const WORKER_TICK_MS = 1_000;

/**
 * The answers first: fetching and reconciling share the thread that answers the callbacks, and
 * a batch fetched in the middle of a burst also sets the open boards reading. So that work waits
 * for 50 ms without a callback, a second at most: with a batch every 200 ms, a burst of 500
 * callbacks met three batches and the answers waited for them; and under a loaded machine 10 ms
 * of quiet came in the middle of a burst. A burst of that size is answered within a second, its
 * orders are on the board a second or two after it.
 */
const CALLBACK_LULL: LullTiming = { quietMs: 50, maxWaitMs: 1_000 };

/** A callback as it came: the keyed hash of its address's token, and the order id it named. */
interface AddressedCallback {
	tokenHash: string;
	orderId: string;
}

/** What became of a callback: recorded or refused (order-inbox.ts), or its address is unknown. */
export type CallbackOutcome = RecordOutcome | 'unknown-callback';

/** A callback's outcome in its group, with the device its address named. */
type AddressedOutcome =
	{ outcome: 'unknown-callback' } | { outcome: RecordOutcome; deviceId: string };

export interface CounterOrdersDeps {
	store: Store;
	/** Seals the callback tokens and makes their hashes. */
	keyring: Keyring;
	journal: Journal;
	views: PlatformViewStore;
	places: KnownPlaces;
	feed: OrderFeed;
	platformFor: PlatformFor;
	reconcileMs: number;
	/** The clock of every part (tests move it instead of sleeping). */
	now?: () => Date;
	/** The jitter of the retry delays, in [0, 1). */
	random?: () => number;
	/** "Picked up" waits for the ID check of an age-restricted order (StaffSteps). */
	idCheckPending?(order: CounterOrder): Promise<boolean>;
}

export class CounterOrders {
	readonly tokens: CallbackTokens;
	readonly inbox: OrderInbox;
	readonly orders: CounterOrderRepository;
	readonly outbox: OrderOutbox;
	readonly health: DeviceHealthTracker;
	readonly desks: BoardDesks;
	readonly fetcher: OrderFetcher;
	readonly sender: StepSender;
	readonly steps: StaffSteps;
	readonly reconciler: OrderReconciler;
	readonly #deps: CounterOrdersDeps;
	readonly #now: () => Date;
	readonly #lull = new CallbackLull(CALLBACK_LULL);
	readonly #callbacks: GroupCommit<AddressedCallback, AddressedOutcome>;
	/** Per device, when this server last logged that its callbacks are refused. */
	readonly #refusalLogged = new Map<string, number>();
	#timers: ReturnType<typeof setInterval>[] = [];

	constructor(deps: CounterOrdersDeps) {
		this.#deps = deps;
		this.#now = deps.now ?? (() => new Date());
		const { store, keyring, journal, feed, platformFor, views, places, now, random } = deps;
		const health = (this.health = new DeviceHealthTracker(now));
		this.tokens = new CallbackTokens(store, keyring, now);
		this.inbox = new OrderInbox(store, now);
		this.#callbacks = new GroupCommit((callbacks) => this.#record(callbacks));
		this.orders = new CounterOrderRepository(store, now);
		this.outbox = new OrderOutbox(store, now);
		this.desks = new BoardDesks({ platformFor, feed, health });
		this.fetcher = new OrderFetcher({
			inbox: this.inbox,
			orders: this.orders,
			platformFor,
			// A board paired a moment ago may not have read its identity yet: read it now.
			placeOf: async (deviceId) =>
				(await places.placeOf(deviceId))?.id ??
				(await views.refresh(deviceId, await platformFor(deviceId))).identity?.place.id,
			feed,
			health,
			quiet: () => this.#lull.quiet(),
			random
		});
		this.sender = new StepSender({
			outbox: this.outbox,
			orders: this.orders,
			journal,
			platformFor,
			feed,
			health,
			random
		});
		const placeOf = async (deviceId: string) => (await places.placeOf(deviceId))?.id;
		this.steps = new StaffSteps({
			orders: this.orders,
			outbox: this.outbox,
			placeOf,
			queued: () => {
				this.sender.wake();
				feed.changed();
			},
			idCheckPending: deps.idCheckPending
		});
		this.reconciler = new OrderReconciler({
			orders: this.orders,
			desks: this.desks,
			platformFor,
			boards: async () =>
				(await places.placed('board')).map(({ device, place }) => ({
					deviceId: device.id,
					placeId: place.id
				})),
			feed,
			health,
			quiet: () => this.#lull.quiet()
		});
	}

	/**
	 * A callback at the address with this token: resolves once it is on disk ('recorded'),
	 * fetched after that — or refused, nothing recorded, while the device's callbacks name too
	 * many orders the platform does not know (order-inbox.ts), or 'unknown-callback' when no
	 * device has the address. Nothing else is done before it resolves: the callbacks of one burst
	 * share one transaction (store/group-commit.ts) that finds their devices and writes their ids
	 * — one wait for the disk and a few statements, not fifty of each — and the fetch, the board
	 * and its screens come after the answer (order-fetcher.ts).
	 */
	async received(token: string, orderId: string): Promise<CallbackOutcome> {
		this.#lull.callback();
		const tokenHash = this.tokens.hashOf(token);
		if (tokenHash === undefined) return 'unknown-callback';
		const result = await this.#callbacks.add({ tokenHash, orderId });
		if (result.outcome === 'recorded') this.fetcher.wake();
		else if (result.outcome === 'refused') this.#logRefusal(result.deviceId);
		return result.outcome;
	}

	/** One group of callbacks: their devices found and their ids recorded in one transaction. */
	#record(callbacks: readonly AddressedCallback[]): Promise<AddressedOutcome[]> {
		return this.#deps.store.db.transaction().execute(async (trx) => {
			const devices = await this.tokens.devicesOf(
				callbacks.map((callback) => callback.tokenHash),
				trx
			);
			const addressed = callbacks.flatMap(({ tokenHash, orderId }) => {
				const deviceId = devices.get(tokenHash);
				return deviceId === undefined ? [] : [{ deviceId, orderId }];
			});
			const outcomes = await this.inbox.record(addressed, trx);
			return callbacks.map(({ tokenHash }) => {
				const deviceId = devices.get(tokenHash);
				if (deviceId === undefined) return { outcome: 'unknown-callback' };
				return { outcome: outcomes.shift()!, deviceId };
			});
		});
	}

	/** Once a window per device: someone may be announcing made-up orders at its address. */
	#logRefusal(deviceId: string): void {
		const at = this.#now().getTime();
		if (at - (this.#refusalLogged.get(deviceId) ?? -Infinity) < UNKNOWN_ORDERS.windowMs) return;
		this.#refusalLogged.set(deviceId, at);
		log.warn(
			`Order callbacks of device ${deviceId} named ${UNKNOWN_ORDERS.budget} or more orders the ` +
				'platform does not know within a minute: new order ids are refused for now (the ' +
				'platform sends them again). If this goes on, the callback address has leaked: rotate ' +
				"it on the device's page."
		);
	}

	/**
	 * What removing the device would drop: orders announced but not fetched yet, and staff steps
	 * not sent yet (a money step among them is left in the journal for staff: device removed).
	 */
	async unfinishedOf(deviceId: string): Promise<{ unfetched: number; unsent: number }> {
		const [inbox, unsent] = await Promise.all([
			this.inbox.health([deviceId]),
			this.outbox.unsentOf(deviceId)
		]);
		return { unfetched: inbox.waiting, unsent };
	}

	/** The journal entries of an order whose money step is still on its way are settled here. */
	async ownsJournalReference(reference: string): Promise<boolean> {
		const orderId = orderOfReference(reference);
		return orderId !== null && (await this.outbox.owns(orderId));
	}

	/** Re-reads what the open boards show; nothing while no board is open. */
	async reconcile(): Promise<ReconcileSummary | null> {
		if (this.#deps.feed.listening === 0) return null;
		return this.reconciler.run();
	}

	start(): void {
		const tick = setInterval(() => {
			this.fetcher.background();
			this.sender.background();
		}, WORKER_TICK_MS);
		const reconcile = setInterval(() => {
			this.reconcile().catch((error: unknown) => {
				log.error(`order reconciliation: ${messageOf(error)}`);
			});
		}, this.#deps.reconcileMs);
		for (const timer of [tick, reconcile]) timer.unref();
		this.#timers = [tick, reconcile];
	}

	stop(): void {
		for (const timer of this.#timers) clearInterval(timer);
		this.#timers = [];
	}
}
