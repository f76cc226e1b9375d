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
import type { Database } from '../store/database.ts';

export type FeedListener = (sequence: number) => void;

export class OrderFeed {
	readonly #db: Database;
	readonly #listeners = new Set<FeedListener>();
	readonly #spacingMs: number;
	#gathering: ReturnType<typeof setTimeout> | null = null;
	#lastAnnounced = -Infinity;

	/**
	 * `spacingMs` > 0: announcements are at least that far apart, and the changes in between
	 * make one (one write, one event per screen). A burst of 500 fetched orders would otherwise
	 * announce hundreds of times, and every open board would read all its cards again each time
	 * — work that holds up the callbacks of the same burst. A change after a quiet spell is
	 * announced at once (in the next turn, with whatever else that turn changed).
	 */
	constructor(db: Database, spacingMs = 0) {
		this.#db = db;
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

	/** The number of the latest change. */
	current(): number {
		const row = this.#db.prepare('SELECT sequence FROM order_feed WHERE id = 1').get() as {
			sequence: number;
		};
		return row.sequence;
	}

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
		const row = this.#db
			.prepare('UPDATE order_feed SET sequence = sequence + 1 WHERE id = 1 RETURNING sequence')
			.get() as { sequence: number };
		this.deliver(row.sequence);
	}

	/** Tells this server's listeners about change `sequence`. */
	deliver(sequence: number): void {
		for (const listener of this.#listeners) listener(sequence);
	}
}
