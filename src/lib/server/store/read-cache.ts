/**
 * Rows every request reads and staff seldom change (the venue's settings, the device records),
 * kept in memory between their changes, so a sale does not read them from the store again at
 * every step.
 *
 * Only on SQLite, where this server is the store's one writer (docs/server.md: several servers
 * share PostgreSQL): every change there is made in this process, and the code that makes it calls
 * `changed` once it is stored. On PostgreSQL another server may change a row, and a change notice
 * can go missing while the listening connection is down, so there every read goes to the store.
 *
 * A change is also published as a change notice of this cache's topic (in this process on SQLite):
 * every cache of that topic on the store drops the key, not only the one whose owner wrote it. A
 * read under way while the key changes is not kept: the next read loads the stored value. A
 * notice of a topic in `clearedBy` drops every key: rows that another table's change deletes with
 * it (a device's screen sessions go with the device).
 */
import type { Store } from './store.ts';

export class StoreReadCache<Value> {
	readonly #store: Store;
	readonly #topic: string;
	readonly #entries = new Map<string, Promise<Value>>();
	readonly #enabled: boolean;

	constructor(store: Store, topic: string, clearedBy: readonly string[] = []) {
		this.#store = store;
		this.#topic = topic;
		this.#enabled = store.engine === 'sqlite';
		if (this.#enabled) {
			const clear = () => this.#entries.clear();
			store.notices.subscribe(topic, {
				notice: (key) => this.#entries.delete(key),
				reconnected: clear
			});
			for (const other of clearedBy)
				store.notices.subscribe(other, { notice: clear, reconnected: clear });
		}
	}

	/**
	 * The value of `key`: the one loaded before, or `load`'s. A rejected load is not kept, nor is
	 * one `keep` refuses (e.g. a row not found: a cache of misses would grow with every wrong id).
	 */
	read(key: string, load: () => Promise<Value>, keep: (value: Value) => boolean = () => true) {
		if (!this.#enabled) return load();
		const cached = this.#entries.get(key);
		if (cached) return cached;
		const loading = load();
		this.#entries.set(key, loading);
		const forget = () => {
			if (this.#entries.get(key) === loading) this.#entries.delete(key);
		};
		loading.then((value) => {
			if (!keep(value)) forget();
		}, forget);
		return loading;
	}

	/** `key` was written (after the write is stored): every cache of this topic reads it again. */
	async changed(key: string): Promise<void> {
		if (!this.#enabled) return;
		this.#entries.delete(key);
		await this.#store.notices.publish(this.#topic, key);
	}
}
