/**
 * A missed callback must not lose an order, and a change made elsewhere (the guest cancels,
 * another system moves the order) must reach the board. Spec 2 has no list of orders — the only
 * way to discover an order is its callback — so while a board is open this re-reads every order
 * it knows that is not terminal, and the desks of each board, at a steady interval; the inbox
 * keeps retrying callbacks whose fetch failed. docs/platform-assumptions.md says what this
 * cannot find.
 */
import type { OrderFeed } from '../orders/order-feed.ts';
import type { PlatformFor } from '../platform/client.ts';
import type { CounterOrderRepository } from './counter-order-repository.ts';
import type { BoardDesks } from './board-desks.ts';
import type { DeviceHealthTracker } from './device-health.ts';

/** At most this many reads at once, so a long queue does not flood the platform. */
const PARALLEL_READS = 8;

export interface ReconcilerDeps {
	orders: CounterOrderRepository;
	desks: BoardDesks;
	platformFor: PlatformFor;
	/** The board devices (with their places) whose orders and desks to re-read. */
	boards(): Promise<{ deviceId: string; placeId: string }[]>;
	feed: OrderFeed;
	health: DeviceHealthTracker;
	/** Resolves at a lull in the order callbacks (callback-lull.ts): each read waits for one. */
	quiet(): Promise<void>;
}

export interface ReconcileSummary {
	read: number;
	changed: number;
	failed: number;
}

export class OrderReconciler {
	readonly #deps: ReconcilerDeps;
	#running: Promise<ReconcileSummary> | null = null;

	constructor(deps: ReconcilerDeps) {
		this.#deps = deps;
	}

	/**
	 * Re-reads the open orders and desks of every board. One run at a time: each read waits for a
	 * lull in the callbacks, so under a long stream of them a run can outlast the interval, and a
	 * run asked for meanwhile is that one.
	 */
	run(): Promise<ReconcileSummary> {
		this.#running ??= this.#run().finally(() => (this.#running = null));
		return this.#running;
	}

	async #run(): Promise<ReconcileSummary> {
		const { orders, desks, feed, health } = this.#deps;
		const boards = await this.#deps.boards();
		const summary: ReconcileSummary = { read: 0, changed: 0, failed: 0 };
		const queue = await orders.inProgress([...new Set(boards.map((board) => board.placeId))]);
		const worker = async () => {
			for (let stored = queue.shift(); stored; stored = queue.shift()) {
				await this.#deps.quiet();
				try {
					const platform = await this.#deps.platformFor(stored.deviceId);
					const order = await platform.counterOrders.getOrder(stored.order.id);
					health.answered(stored.deviceId);
					summary.read += 1;
					if (await orders.save(stored.deviceId, stored.placeId, order)) {
						summary.changed += 1;
						feed.changed();
					}
				} catch (error) {
					health.failed(stored.deviceId, error);
					summary.failed += 1;
				}
			}
		};
		await Promise.all([
			...Array.from({ length: PARALLEL_READS }, worker),
			...boards.map((board) => desks.refresh(board.deviceId))
		]);
		return summary;
	}
}
