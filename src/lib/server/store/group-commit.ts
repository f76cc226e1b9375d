/**
 * Group commit: writes that must be durable before their caller answers, and that arrive
 * together (a burst of requests read in one turn of the event loop), share one transaction.
 * Each commit of the store waits for the disk (its write-ahead log flushed), so fifty
 * writes of one row each cost fifty waits, and fifty rows in one transaction cost one; every
 * caller still learns only after its own row is on disk.
 *
 * `add` queues an item and resolves once the transaction that holds it has committed, with what
 * the write answered for that item, if anything (rejects when it failed: none of that group is
 * written). The group is written in the check phase of
 * the loop (`setImmediate`), after every request of this turn has been read. `write` is
 * asynchronous (the store may be PostgreSQL, a network away): one transaction per group, one
 * group at a time.
 */
export class GroupCommit<T, R = void> {
	readonly #write: (items: readonly T[]) => Promise<readonly R[] | void>;
	#waiting: { item: T; done: (result: R) => void; failed: (error: unknown) => void }[] = [];
	#writing = false;

	/**
	 * `write` stores every item of one group atomically (in one transaction), and may answer a
	 * result per item, in their order.
	 */
	constructor(write: (items: readonly T[]) => Promise<readonly R[] | void>) {
		this.#write = write;
	}

	add(item: T): Promise<R> {
		return new Promise((done, failed) => {
			if (this.#waiting.length === 0 && !this.#writing) setImmediate(() => void this.#commit());
			this.#waiting.push({ item, done, failed });
		});
	}

	/**
	 * One group at a time: what arrives while a group is being written waits and becomes the
	 * next group, written as soon as this one is done (a larger group, one more commit).
	 */
	async #commit(): Promise<void> {
		const group = this.#waiting;
		this.#waiting = [];
		this.#writing = true;
		try {
			const results = await this.#write(group.map((entry) => entry.item));
			group.forEach((entry, index) => entry.done(results?.[index] as R));
		} catch (error) {
			for (const entry of group) entry.failed(error);
		} finally {
			this.#writing = false;
			if (this.#waiting.length > 0) void this.#commit();
		}
	}
}
