/**
 * One step at a time per sale inside this server: a scan, a payment, a release or a recovery of
 * the same sale run one after the other, never interleaved. Correctness does not rest on it: the
 * sale's version (compare-and-set in the store) refuses a stale save, and the claim saved with it
 * keeps other servers off a payment under way (checkout.ts). This keeps this server's own steps
 * from colliding in the first place, and tells the recovery pass which sales a live request is
 * driving.
 */
export class SaleLocks {
	readonly #tails = new Map<string, Promise<void>>();

	/** Runs `work` once every earlier step of the sale has ended (whatever its outcome). */
	run<T>(saleId: string, work: () => Promise<T>): Promise<T> {
		const previous = this.#tails.get(saleId) ?? Promise.resolve();
		const result = previous.then(work);
		const tail = result.then(
			() => undefined,
			() => undefined
		);
		this.#tails.set(saleId, tail);
		void tail.then(() => {
			if (this.#tails.get(saleId) === tail) this.#tails.delete(saleId);
		});
		return result;
	}

	/** A step of the sale is running or waiting here. */
	isBusy(saleId: string): boolean {
		return this.#tails.has(saleId);
	}
}
