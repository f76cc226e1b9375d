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
	readonly #gatherMs: number;
	#gathering: ReturnType<typeof setTimeout> | null = null;

	/**
	 * `gatherMs` > 0: the changes of that many milliseconds make one change (one write, one event
	 * per screen) — a burst of 500 fetched orders would otherwise write and announce 500 times,
	 * each making every open board read itself again.
	 */
	constructor(db: Database, gatherMs = 0) {
		this.#db = db;
		this.#gatherMs = gatherMs;
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
		if (this.#gatherMs === 0) return this.#publish();
		if (this.#gathering) return;
		this.#gathering = setTimeout(() => {
			this.#gathering = null;
			this.#publish();
		}, this.#gatherMs);
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
