/**
 * Rows every request reads and staff seldom change (the venue's settings, the device records),
 * kept in memory between their changes, so a sale does not read them from the store again at
 * every step.
 *
 * A change is published as a change notice of this cache's topic once it is stored: every cache
 * of that topic on the store drops the key, not only the one whose owner wrote it. A read under
 * way while the key changes is not kept: the next read loads the stored value. A notice of a
 * topic in `clearedBy` drops every key: rows that another table's change deletes with it (a
 * device's screen sessions go with the device).
 *
 * On SQLite this server is the store's one writer (docs/server.md): every change is made in this
 * process, its notice delivered here at once, and a value is kept until it changes. On PostgreSQL
 * another server may write, its notice arrives a moment after its commit, and a notice can go
 * missing while the listening connection is down: there nothing is kept unless the cache asks
 * for it (`keptOnSharedStore`: rows whose change may take a moment to reach every server, as the
 * venue's settings and the menu), and then for at most `SHARED_STORE_MAX_AGE_MS`, so a change
 * made elsewhere is seen within that however its notice fared. Rows that must end at once on
 * every server (a revoked session, a removed device) are read from the store every time there.
 */
import { sharedWithOtherServers, type Store } from './store.ts';

/** How long a value read from a store other servers write (PostgreSQL) is kept at most. */
export const SHARED_STORE_MAX_AGE_MS = 1_000;

export interface ReadCacheOptions {
	/** Topics whose notice drops every key (rows deleted with another table's). */
	clearedBy?: readonly string[];
	/** True: on a store other servers write too, a value is kept, for at most a second. */
	keptOnSharedStore?: boolean;
	/** Milliseconds on a steady clock (tests pass their own). */
	now?: () => number;
}

interface Kept<Value> {
	value: Promise<Value>;
	/** When it is read again however it fared (on a shared store); Infinity on SQLite. */
	until: number;
}

export class StoreReadCache<Value> {
	readonly #store: Store;
	readonly #topic: string;
	readonly #entries = new Map<string, Kept<Value>>();
	readonly #enabled: boolean;
	readonly #maxAgeMs: number;
	readonly #now: () => number;

	constructor(
		store: Store,
		topic: string,
		{
			clearedBy = [],
			keptOnSharedStore = false,
			now = () => performance.now()
		}: ReadCacheOptions = {}
	) {
		this.#store = store;
		this.#topic = topic;
		const shared = sharedWithOtherServers(store);
		this.#enabled = !shared || keptOnSharedStore;
		this.#maxAgeMs = shared ? SHARED_STORE_MAX_AGE_MS : Infinity;
		this.#now = now;
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
		const now = this.#now();
		const cached = this.#entries.get(key);
		if (cached && now < cached.until) return cached.value;
		const loading = load();
		const kept = { value: loading, until: now + this.#maxAgeMs };
		this.#entries.set(key, kept);
		const forget = () => {
			if (this.#entries.get(key) === kept) this.#entries.delete(key);
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
