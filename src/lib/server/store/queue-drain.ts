/**
 * Works a leased queue (store/leases.ts) until nothing is due: `round` claims one batch and
 * works it, answering how many rows it claimed and how many it finished; `renew` extends the
 * leases every `renewMs` while it works. One drain runs at a time in this process; a wake during
 * a drain makes it go round once more, so a row written meanwhile is not left for the periodic
 * tick. Other processes drain the same queue safely: the leases keep them apart.
 */
import { log, messageOf } from '../logging/logger.ts';
export interface QueueWork {
	/** Names the queue in the log. */
	name: string;
	round: () => Promise<{ claimed: number; finished: number }>;
	renew: () => Promise<void>;
	renewMs: number;
}

export class QueueDrain {
	readonly #work: QueueWork;
	#running: Promise<number> | null = null;
	#again = false;

	constructor(work: QueueWork) {
		this.#work = work;
	}

	/** Something was queued: drain soon, without holding up the caller. */
	wake(): void {
		setImmediate(() => this.background());
	}

	/**
	 * A drain nobody awaits (a wake-up, the timer): a failure (the store closed at shutdown, a
	 * busy store) is logged; as an unhandled rejection it would end the server.
	 */
	background(): void {
		this.drain().catch((error: unknown) => this.#log(error));
	}

	/** Works every due row; resolves with how many it finished. */
	drain(): Promise<number> {
		if (this.#running) {
			this.#again = true;
			return this.#running;
		}
		this.#running = this.#all().finally(() => (this.#running = null));
		return this.#running;
	}

	async #all(): Promise<number> {
		// A renewal that fails (a busy store) is logged; the next one, a third of a lease later, may
		// still keep the rows.
		const renewal = setInterval(
			() => void this.#work.renew().catch((error: unknown) => this.#log(error)),
			this.#work.renewMs
		);
		let finished = 0;
		try {
			do {
				this.#again = false;
				for (;;) {
					const round = await this.#work.round();
					finished += round.finished;
					if (round.claimed === 0) break;
				}
			} while (this.#again);
		} finally {
			clearInterval(renewal);
		}
		return finished;
	}

	#log(error: unknown): void {
		log.error(`${this.#work.name}: ${messageOf(error)}`);
	}
}
