/**
 * Group commit: writes that must be durable before their caller answers, and that arrive
 * together (a burst of requests read in one turn of the event loop), share one transaction.
 * Each commit of the store waits for the disk (write-ahead log, `synchronous` FULL), so fifty
 * writes of one row each cost fifty waits, and fifty rows in one transaction cost one; every
 * caller still learns only after its own row is on disk.
 *
 * `add` queues an item and resolves once the transaction that holds it has committed (rejects
 * when it failed: none of that group is written). The group is written in the check phase of
 * the loop (`setImmediate`), after every request of this turn has been read.
 */
export class GroupCommit<T> {
	readonly #write: (items: readonly T[]) => void;
	#waiting: { item: T; done: () => void; failed: (error: unknown) => void }[] = [];

	/** `write` stores every item of one group atomically (in one transaction). */
	constructor(write: (items: readonly T[]) => void) {
		this.#write = write;
	}

	add(item: T): Promise<void> {
		return new Promise((done, failed) => {
			if (this.#waiting.length === 0) setImmediate(() => this.#commit());
			this.#waiting.push({ item, done, failed });
		});
	}

	#commit(): void {
		const group = this.#waiting;
		this.#waiting = [];
		try {
			this.#write(group.map((entry) => entry.item));
		} catch (error) {
			for (const entry of group) entry.failed(error);
			return;
		}
		for (const entry of group) entry.done();
	}
}
