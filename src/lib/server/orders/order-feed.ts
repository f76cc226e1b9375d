/**
 * "Something changed on the order board": every change (an app order fetched or moved, a kiosk
 * order paid or moved, a step queued or settled, desks changed) bumps one sequence number in the
 * store and tells the open boards and pickup screens (server-sent events). Listeners learn only
 * *that* something changed and which sequence number it was; they load the board again.
 *
 * The number lives in the store, not in memory, so a board that reconnects says which number it
 * saw last (Last-Event-ID) and catches up on what it missed, also after a restart; with several
 * kiosk servers on one database a notification from the database can call `deliver` with the
 * other server's number (a later issue).
 */
import { sql } from 'kysely';
import type { Store } from '../store/store.ts';

export type FeedListener = (sequence: number) => void;

export class OrderFeed {
	readonly #store: Store;
	readonly #listeners = new Set<FeedListener>();
	readonly #spacingMs: number;
	/** Announcements being written: `current` waits for them. */
	readonly #publishing = new Set<Promise<void>>();
	#gathering: ReturnType<typeof setTimeout> | null = null;
	#lastAnnounced = -Infinity;

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
	}

	#publish(): void {
		const publishing = this.#store.db
			.updateTable('order_feed')
			.set({ sequence: sql<number>`order_feed.sequence + 1` })
			.where('id', '=', 1)
			.returning('sequence')
			.executeTakeFirstOrThrow()
			.then(
				(row) => this.deliver(row.sequence),
				(error: unknown) =>
					console.error(`order feed: ${error instanceof Error ? error.message : String(error)}`)
			)
			.finally(() => this.#publishing.delete(publishing));
		this.#publishing.add(publishing);
	}

	/** Tells this server's listeners about change `sequence`. */
	deliver(sequence: number): void {
		for (const listener of this.#listeners) listener(sequence);
	}
}
