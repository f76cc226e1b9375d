/**
 * Where a simulated card payment (simulated-terminal.ts) that waits for the screen's answer meets
 * an answer given to another kiosk server. The terminal itself settles the payments waiting on
 * its own server; a rendezvous is what it needs besides, and only a store shared with other
 * servers needs one (`sharedWithOtherServers`):
 *
 * - **One server** (SQLite: the store's one writer) has no other server to meet: `alone` writes
 *   nothing and reads nothing for a wait, and every payment that starts waiting is told in
 *   process, so an early answer never needs to look again.
 * - **Several servers** behind a load balancer: `StoreRendezvous`. A waiting payment is also a
 *   row in the store. An answer given to another server is written into the row, and the
 *   waiting server hears of it by a change notice (store/change-notices.ts) or, should that be
 *   lost, by reading the row again every `pollMs`. A payment that starts waiting publishes a
 *   notice too, for an answer given to another server a moment early; only should that notice be
 *   lost does such an answer look again, every `answerRetryMs`.
 *
 * Invariants:
 * - A payment's row is on the store before the payment waits, and it is deleted in the commit
 *   that records the payment's outcome: no answer can be written into a row nobody reads.
 * - The rows are written lazily (Store `writeLazily`): one lost in a power cut leaves its payment
 *   to time out, charging nothing.
 */
import { sharedWithOtherServers, type Store, type StoreDb } from '../store/store.ts';
import type { TerminalOutcome } from './payment-terminal.ts';

export interface AnswerRendezvous {
	/** How long an answer that found no payment waits before it looks again (see above). */
	readonly answerRetryMs: number;
	/** Told when a payment starts waiting on another server (null: one may have, unheard). */
	onStartElsewhere(started: (reference: string | null) => void): void;
	/** Before the payment waits: where other servers find it. */
	open(reference: string): Promise<void>;
	/** While it waits: an answer given to another server is told to `hear`. Returns the end. */
	listen(reference: string, hear: (answer: TerminalOutcome) => void): () => void;
	/** Gives `outcome` to the payments of `referenceOrSale` waiting on other servers: any? */
	answerElsewhere(referenceOrSale: string, outcome: TerminalOutcome): Promise<boolean>;
	/** The payment's record (`write`), and its wait gone, in one commit. */
	recorded(reference: string, write: (db: StoreDb) => Promise<unknown>): Promise<void>;
}

export interface RendezvousTiming {
	pollMs?: number;
	answerRetryMs?: number;
	/** An answer finds no row older than this: its payment has timed out. */
	timeoutMs: number;
	now: () => Date;
}

/** The store's rendezvous: none on one server, the rows and notices with several. */
export function rendezvousOf(store: Store, timing: RendezvousTiming): AnswerRendezvous {
	return sharedWithOtherServers(store) ? new StoreRendezvous(store, timing) : alone(store);
}

const alone = (store: Store): AnswerRendezvous => ({
	answerRetryMs: Infinity,
	onStartElsewhere: () => {},
	open: async () => {},
	listen: () => () => {},
	answerElsewhere: async () => false,
	recorded: async (_, write) => void (await write(store.db))
});

/** The change notices of answers given to waiting payments. */
const ANSWER_TOPIC = 'terminal_answer';

/** The change notices of payments that start waiting for an answer. */
const WAIT_TOPIC = 'terminal_wait';

class StoreRendezvous implements AnswerRendezvous {
	readonly answerRetryMs: number;
	readonly #store: Store;
	readonly #pollMs: number;
	readonly #timeoutMs: number;
	readonly #now: () => Date;
	/** The payments waiting here: how to read each one's row for an answer. */
	readonly #listening = new Map<string, () => void>();
	readonly #startsElsewhere = new Set<(reference: string | null) => void>();

	constructor(
		store: Store,
		{ pollMs = 1_000, answerRetryMs = 500, timeoutMs, now }: RendezvousTiming
	) {
		this.#store = store;
		this.#pollMs = pollMs;
		this.answerRetryMs = answerRetryMs;
		this.#timeoutMs = timeoutMs;
		this.#now = now;
		// Listened to from the start, not per payment: a notice sent before a listener's LISTEN
		// took effect would go unheard.
		store.notices.subscribe(WAIT_TOPIC, {
			notice: (reference) => this.#startedElsewhere(reference),
			reconnected: () => this.#startedElsewhere(null)
		});
		store.notices.subscribe(ANSWER_TOPIC, {
			notice: (reference) => this.#listening.get(reference)?.(),
			reconnected: () => {
				for (const readAnswer of this.#listening.values()) readAnswer();
			}
		});
	}

	onStartElsewhere(started: (reference: string | null) => void): void {
		this.#startsElsewhere.add(started);
	}

	#startedElsewhere(reference: string | null): void {
		for (const started of this.#startsElsewhere) started(reference);
	}

	async open(reference: string): Promise<void> {
		const startedAt = this.#now().toISOString();
		await this.#store.writeLazily((db) =>
			db
				.insertInto('simulated_terminal_waits')
				.values({ reference, answer: null, started_at: startedAt })
				.onConflict((conflict) =>
					conflict.column('reference').doUpdateSet({ answer: null, started_at: startedAt })
				)
		);
	}

	listen(reference: string, hear: (answer: TerminalOutcome) => void): () => void {
		const readAnswer = () => {
			this.#answerOf(reference).then(
				(answer) => answer && hear(answer),
				() => {} // the store is busy or closing: the next poll reads again
			);
		};
		const poll = setInterval(readAnswer, this.#pollMs);
		poll.unref?.();
		this.#listening.set(reference, readAnswer);
		// An answer given to another server meanwhile: it looks for this payment now.
		this.#store.notices.publish(WAIT_TOPIC, reference).catch(() => {});
		// An answer written into the row before this wait listened, its notice gone unheard.
		readAnswer();
		return () => {
			clearInterval(poll);
			this.#listening.delete(reference);
		};
	}

	async answerElsewhere(referenceOrSale: string, outcome: TerminalOutcome): Promise<boolean> {
		const since = new Date(this.#now().getTime() - this.#timeoutMs).toISOString();
		// Lazily, as the waiting row itself: an answer lost in a power cut lets the payment time
		// out, charging nothing.
		const answered = await this.#store.writeLazily((db) =>
			db
				.updateTable('simulated_terminal_waits')
				.set({ answer: outcome })
				.where((eb) =>
					eb.or([
						eb('reference', '=', referenceOrSale),
						eb('reference', 'like', `${referenceOrSale.replaceAll(/[%_\\]/g, '')}.%`)
					])
				)
				.where('answer', 'is', null)
				.where('started_at', '>', since)
				.returning('reference')
		);
		for (const { reference } of answered) {
			await this.#store.notices.publish(ANSWER_TOPIC, reference);
		}
		return answered.length > 0;
	}

	async recorded(reference: string, write: (db: StoreDb) => Promise<unknown>): Promise<void> {
		await this.#store.db.transaction().execute(async (db) => {
			await db.deleteFrom('simulated_terminal_waits').where('reference', '=', reference).execute();
			await write(db);
		});
	}

	async #answerOf(reference: string): Promise<TerminalOutcome | null> {
		const row = await this.#store.db
			.selectFrom('simulated_terminal_waits')
			.select('answer')
			.where('reference', '=', reference)
			.executeTakeFirst();
		return row?.answer ?? null;
	}
}
