/**
 * Fetches the orders the inbox holds (spec 2, Events: after the callback "the integrator then
 * fetches the order with GET /v1/integrations/counter-orders/{orderId}"), after the callback was
 * answered. Woken by each callback, and by a timer for the retries; rows a restart left behind
 * are due at once. Each row is claimed with a lease, so two servers never fetch the same one.
 *
 * Failures: a 404 or 403 is the platform saying this device cannot have the order (an old or
 * forged id), so it is not retried until a callback names it again; anything else — unreachable,
 * a time-out, a 5xx, a refused key — is retried with backoff (full jitter, 1 s doubling to 60 s)
 * for as long as it takes: an order announced by the platform is never dropped.
 */
import { randomUUID } from 'node:crypto';
import type { OrderFeed } from '../orders/order-feed.ts';
import type { PlatformFor } from '../platform/client.ts';
import { isOrderOutOfReach } from '../platform/counter-orders.ts';
import { PlatformApiError, PlatformClientError } from '../platform/errors.ts';
import { backoffDelay } from '../platform/transport.ts';
import { QueueDrain } from '../store/queue-drain.ts';
import type { CounterOrderRepository } from './counter-order-repository.ts';
import type { InboxEntry, OrderInbox } from './order-inbox.ts';
import type { DeviceHealthTracker } from './device-health.ts';

export const FETCH_BACKOFF = { baseDelayMs: 1_000, maxDelayMs: 60_000 };

/** Renewed every third of it while fetching: a killed server's rows are due again soon. */
const LEASE_MS = 15_000;
/** Orders claimed and read at once. */
export const FETCH_BATCH = 16;

export interface OrderFetcherDeps {
	inbox: OrderInbox;
	orders: CounterOrderRepository;
	platformFor: PlatformFor;
	/** The place of the device (its identity), fetched if not known yet. */
	placeOf(deviceId: string): Promise<string | undefined>;
	feed: OrderFeed;
	health: DeviceHealthTracker;
	/** Resolves at a lull in the order callbacks (callback-lull.ts): each batch waits for one. */
	quiet(): Promise<void>;
	random?: () => number;
}

export class OrderFetcher {
	readonly #deps: OrderFetcherDeps;
	readonly #owner = `fetcher-${randomUUID()}`;
	readonly #queue = new QueueDrain({
		name: 'order fetcher',
		round: async () => {
			await this.#deps.quiet();
			const due = await this.#deps.inbox.claim(this.#owner, LEASE_MS, FETCH_BATCH);
			const stored = await Promise.all(due.map((entry) => this.#fetch(entry)));
			return { claimed: due.length, finished: stored.filter(Boolean).length };
		},
		renew: () => this.#deps.inbox.renew(this.#owner, LEASE_MS),
		renewMs: LEASE_MS / 3
	});

	constructor(deps: OrderFetcherDeps) {
		this.#deps = deps;
	}

	/** A callback was recorded: fetch soon, once the callbacks let up (`quiet`). */
	wake(): void {
		this.#queue.wake();
	}

	/** A drain nobody awaits (the timer): failures are logged. */
	background(): void {
		this.#queue.background();
	}

	/** Fetches every due entry; resolves with how many orders were stored. */
	drain(): Promise<number> {
		return this.#queue.drain();
	}

	/** True when the order is stored. */
	async #fetch(entry: InboxEntry): Promise<boolean> {
		const { inbox, orders, feed, health } = this.#deps;
		try {
			const placeId = await this.#deps.placeOf(entry.deviceId);
			if (!placeId) throw new Error('the place of the device is not known yet');
			const platform = await this.#deps.platformFor(entry.deviceId);
			const order = await platform.counterOrders.getOrder(entry.orderId);
			health.answered(entry.deviceId);
			const changed = await orders.save(entry.deviceId, placeId, order);
			await inbox.fetched(entry.orderId, this.#owner);
			if (changed) feed.changed();
			return true;
		} catch (error) {
			health.failed(entry.deviceId, error);
			const reason = describe(error);
			if (isOrderOutOfReach(error)) {
				await inbox.failed(entry.orderId, this.#owner, reason);
			} else {
				const delay = backoffDelay(
					FETCH_BACKOFF,
					entry.attempts + 1,
					this.#deps.random ?? Math.random
				);
				await inbox.retryLater(entry.orderId, this.#owner, reason, Math.max(250, delay));
			}
			return false;
		}
	}
}

function describe(error: unknown): string {
	if (error instanceof PlatformApiError) return `${error.status} ${error.errorCode}`;
	if (error instanceof PlatformClientError) return error.kind;
	return error instanceof Error ? error.message : String(error);
}
