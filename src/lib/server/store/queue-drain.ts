/**
 * Works a leased queue (store/leases.ts) until nothing is due: `round` claims one batch and
 * works it, answering how many rows it claimed; `renew` extends the leases every `renewMs` while
 * it works. One drain runs at a time in this process; a wake during a drain makes it go round
 * once more, so a row written meanwhile is not left for the periodic tick. Other processes drain
 * the same queue safely: the leases keep them apart.
 */
export class QueueDrain {
	readonly #round: () => Promise<number>;
	readonly #renew: () => void;
	readonly #renewMs: number;
	#running: Promise<void> | null = null;
	#again = false;

	constructor(work: { round: () => Promise<number>; renew: () => void; renewMs: number }) {
		this.#round = work.round;
		this.#renew = work.renew;
		this.#renewMs = work.renewMs;
	}

	/** Something was queued: drain soon, without holding up the caller. */
	wake(): void {
		setImmediate(() => void this.drain());
	}

	drain(): Promise<void> {
		if (this.#running) {
			this.#again = true;
			return this.#running;
		}
		this.#running = this.#all().finally(() => (this.#running = null));
		return this.#running;
	}

	async #all(): Promise<void> {
		const renewal = setInterval(this.#renew, this.#renewMs);
		try {
			do {
				this.#again = false;
				while ((await this.#round()) > 0);
			} while (this.#again);
		} finally {
			clearInterval(renewal);
		}
	}
}
