/**
 * Works a leased queue (store/leases.ts) until nothing is due: `round` claims one batch and
 * works it, answering how many rows it claimed. One drain runs at a time in this process; a wake
 * during a drain makes it go round once more, so a row written meanwhile is not left for the
 * periodic tick. Other processes drain the same queue safely: the leases keep them apart.
 */
export class QueueDrain {
	readonly #round: () => Promise<number>;
	#running: Promise<void> | null = null;
	#again = false;

	constructor(round: () => Promise<number>) {
		this.#round = round;
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
		do {
			this.#again = false;
			while ((await this.#round()) > 0);
		} while (this.#again);
	}
}
