/**
 * Answers before the work that follows them: the platform expects a callback answered "promptly"
 * (spec 2, Events), and fetching an order or re-reading the open ones is work on the same thread
 * (reading, checking and storing them). So in a burst of callbacks the fetcher waits for a lull —
 * no callback for `quietMs` — before each batch it claims, and the reconciliation before each
 * read, but never longer than `maxWaitMs`, so a steady stream of callbacks still has its orders
 * fetched.
 */
export interface LullTiming {
	quietMs: number;
	maxWaitMs: number;
	/** A monotonic clock in ms. */
	now?: () => number;
}

export class CallbackLull {
	readonly #timing: Required<LullTiming>;
	#lastCallback = -Infinity;

	constructor(timing: LullTiming) {
		this.#timing = { now: () => performance.now(), ...timing };
	}

	/** A callback came. */
	callback(): void {
		this.#lastCallback = this.#timing.now();
	}

	/** Resolves once no callback came for `quietMs`, or `maxWaitMs` from now at the latest. */
	async quiet(): Promise<void> {
		const { quietMs, maxWaitMs, now } = this.#timing;
		const deadline = now() + maxWaitMs;
		for (;;) {
			const left = Math.min(quietMs - (now() - this.#lastCallback), deadline - now());
			if (left <= 0) return;
			await new Promise((resolve) => setTimeout(resolve, left));
		}
	}
}
