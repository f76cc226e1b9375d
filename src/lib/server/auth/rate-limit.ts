/**
 * Login attempts per client address: at most `limit` failures in `windowMs`; a success clears
 * them. In memory on purpose: forgetting them on a restart costs nothing.
 */
export class AttemptLimiter {
	readonly #limit: number;
	readonly #windowMs: number;
	readonly #now: () => number;
	readonly #failures = new Map<string, number[]>();

	constructor(limit = 5, windowMs = 15 * 60_000, now: () => number = Date.now) {
		this.#limit = limit;
		this.#windowMs = windowMs;
		this.#now = now;
	}

	/** Milliseconds until `client` may try again; 0 when it may try now. */
	retryAfter(client: string): number {
		const recent = this.#recent(client);
		if (recent.length < this.#limit) return 0;
		return recent[0]! + this.#windowMs - this.#now();
	}

	fail(client: string): void {
		this.#failures.set(client, [...this.#recent(client), this.#now()]);
	}

	succeed(client: string): void {
		this.#failures.delete(client);
	}

	#recent(client: string): number[] {
		const since = this.#now() - this.#windowMs;
		const recent = (this.#failures.get(client) ?? []).filter((at) => at > since);
		if (recent.length) this.#failures.set(client, recent);
		else this.#failures.delete(client);
		return recent;
	}
}
