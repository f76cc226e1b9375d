/**
 * "Something changed on the order board": every change (a counter order fetched or moved, a kiosk
 * order paid or moved, a step queued or settled, desks changed) bumps one sequence number in the
 * store and tells the open boards and pickup screens (server-sent events). Listeners learn only
 * *that* something changed and which sequence number it was; they load the board again.
 *
 * The number lives in the store, not in memory, so a board that reconnects says which number it
 * saw last (Last-Event-ID) and catches up on what it missed, also after a restart. With several
 * kiosk servers on one database every announcement is also published as a change notice
 * (store/change-notices.ts: LISTEN/NOTIFY on PostgreSQL), so a sale paid on server A reaches the
 * boards served by B; after B's listening connection was lost and is back, B reads the number
 * again and tells its boards if it moved meanwhile. A number is delivered once, in order: an
 * older or repeated one (this server hears its own notices too) is dropped.
 */
import { sql } from 'kysely';
import type { Store } from '../store/store.ts';
import { log, messageOf } from '../logging/logger.ts';

export type FeedListener = (sequence: number) => void;

export class OrderFeed {
	readonly #store: Store;
	readonly #listeners = new Set<FeedListener>();
	readonly #spacingMs: number;
	/** Announcements being written: `current` waits for them. */
	readonly #publishing = new Set<Promise<void>>();
	readonly #unsubscribe: () => void;
	#gathering: ReturnType<typeof setTimeout> | null = null;
	#lastAnnounced = -Infinity;
	#lastDelivered = -Infinity;

	/**
	 * `spacingMs` > 0: announcements are at least that far apart, and the changes in between
	 * make one (one write, one event per screen). A burst of 500 fetched orders would otherwise
	 * announce hundreds of times, and every open board would read all its cards again each time
	 * — work that holds up the callbacks of the same burst. A change after a quiet spell is
	 * announced at once (in the next turn, with whatever else that turn changed).
	 */
	constructor(store: Store, spacingMs = 0) {
		this.#store = store;
		this.#spacingMs = spacingMs;
		this.#unsubscribe = store.notices.subscribe(NOTICE_TOPIC, {
			notice: (payload) => {
				const sequence = Number(payload);
				if (Number.isSafeInteger(sequence)) this.deliver(sequence);
			},
			reconnected: () => {
				this.current().then(
					(sequence) => this.deliver(sequence),
					(error: unknown) => logFailure(error)
				);
			}
		});
	}

	/** Calls `listener` on every change until the returned function is called. */
	subscribe(listener: FeedListener): () => void {
		this.#listeners.add(listener);
		return () => this.#listeners.delete(listener);
	}

	/** How many screens listen now (reconciliation runs only while a board is open). */
	get listening(): number {
		return this.#listeners.size;
	}

	/** The number of the latest change (counting the changes this server is announcing now). */
	async current(): Promise<number> {
		await Promise.all(this.#publishing);
		const row = await this.#store.db
			.selectFrom('order_feed')
			.select('sequence')
			.where('id', '=', 1)
			.executeTakeFirstOrThrow();
		return row.sequence;
	}

	/**
	 * Something changed. Nobody waits for the announcement (the change itself is stored already;
	 * a failed announcement is logged, and the boards catch up with the next one).
	 */
	changed(): void {
		if (this.#spacingMs === 0) return this.#publish();
		if (this.#gathering) return;
		const sinceLast = Date.now() - this.#lastAnnounced;
		// A clock set back counts as "just announced": never longer than one spacing.
		const wait = sinceLast < 0 ? this.#spacingMs : Math.max(0, this.#spacingMs - sinceLast);
		this.#gathering = setTimeout(() => {
			this.#gathering = null;
			this.#lastAnnounced = Date.now();
			this.#publish();
		}, wait);
		this.#gathering.unref();
	}

	/** The store closes: a gathered change is not announced any more. */
	close(): void {
		if (this.#gathering) clearTimeout(this.#gathering);
		this.#gathering = null;
		this.#unsubscribe();
	}

	#publish(): void {
		const publishing = this.#store.db
			.updateTable('order_feed')
			.set({ sequence: sql<number>`order_feed.sequence + 1` })
			.where('id', '=', 1)
			.returning('sequence')
			.executeTakeFirstOrThrow()
			.then(async (row) => {
				this.deliver(row.sequence);
				await this.#store.notices.publish(NOTICE_TOPIC, String(row.sequence));
			})
			.catch(logFailure)
			.finally(() => this.#publishing.delete(publishing));
		this.#publishing.add(publishing);
	}

	/** Tells this server's listeners about change `sequence`, unless they heard of it already. */
	deliver(sequence: number): void {
		if (sequence <= this.#lastDelivered) return;
		this.#lastDelivered = sequence;
		for (const listener of this.#listeners) listener(sequence);
	}
}

/** The change notices of the order feed between servers. */
const NOTICE_TOPIC = 'order_feed';

function logFailure(error: unknown): void {
	log.error(`order feed: ${messageOf(error)}`);
}
