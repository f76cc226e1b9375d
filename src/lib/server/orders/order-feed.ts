/**
 * "Something changed on the order board": the kiosk server tells every open board at once
 * (server-sent events), so staff see a new order without reloading. Listeners only learn *that*
 * something changed and load the board again; nothing about an order travels here.
 */
export class OrderFeed {
	readonly #listeners = new Set<() => void>();

	/** Calls `listener` on every change until the returned function is called. */
	subscribe(listener: () => void): () => void {
		this.#listeners.add(listener);
		return () => this.#listeners.delete(listener);
	}

	changed(): void {
		for (const listener of this.#listeners) listener();
	}
}
