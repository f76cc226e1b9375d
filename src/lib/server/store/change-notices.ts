/**
 * "Something changed" between kiosk servers on one database: a topic (e.g. the order feed) and
 * a short payload (its new sequence number). On PostgreSQL this is LISTEN/NOTIFY: a publish is a
 * `pg_notify` through the pool; every server (the publisher included) holds one connection of
 * its own that listens, and on a lost connection it reconnects with a growing pause and tells
 * its listeners `reconnected()`, so they read the state again instead of trusting that nothing
 * was missed meanwhile (notifications are not queued for a session that is gone). On SQLite
 * there is one server per file: a publish is delivered in this process only.
 *
 * Listeners learn only that a topic moved; the state itself is always read from the store.
 */
import pg from 'pg';

export interface NoticeListener {
	notice(payload: string): void;
	/** The connection to the database was lost and is back: notices may have been missed. */
	reconnected(): void;
}

export interface ChangeNotices {
	publish(topic: string, payload: string): Promise<void>;
	subscribe(topic: string, listener: NoticeListener): () => void;
	close(): Promise<void>;
}

/** One process, one store: notices go straight to this process's listeners. */
export class LocalNotices implements ChangeNotices {
	readonly #listeners = new Map<string, Set<NoticeListener>>();

	async publish(topic: string, payload: string): Promise<void> {
		for (const listener of this.#listeners.get(topic) ?? []) listener.notice(payload);
	}

	subscribe(topic: string, listener: NoticeListener): () => void {
		const set = this.#listeners.get(topic) ?? new Set();
		this.#listeners.set(topic, set);
		set.add(listener);
		return () => set.delete(listener);
	}

	async close(): Promise<void> {
		this.#listeners.clear();
	}
}

export interface PostgresNoticesOptions {
	/** Connection settings of the listening connection (the store's own, schema included). */
	connection: pg.ClientConfig;
	/** Publishes: a query through the store's pool. */
	query: (text: string, values: string[]) => Promise<unknown>;
	/** Channels are per schema: tests (and venues) sharing one database do not hear each other. */
	schema: string;
	/** The first pause before reconnecting; it doubles up to `maxRetryMs`. */
	retryMs?: number;
	maxRetryMs?: number;
}

export class PostgresNotices implements ChangeNotices {
	readonly #options: PostgresNoticesOptions;
	readonly #listeners = new Map<string, Set<NoticeListener>>();
	#client: pg.Client | null = null;
	#connecting: Promise<void> | null = null;
	#retry: ReturnType<typeof setTimeout> | null = null;
	#failures = 0;
	#closed = false;

	constructor(options: PostgresNoticesOptions) {
		this.#options = options;
	}

	async publish(topic: string, payload: string): Promise<void> {
		await this.#options.query('SELECT pg_notify($1, $2)', [this.#channel(topic), payload]);
	}

	subscribe(topic: string, listener: NoticeListener): () => void {
		const set = this.#listeners.get(topic) ?? new Set();
		const isNew = set.size === 0;
		this.#listeners.set(topic, set);
		set.add(listener);
		if (!this.#client && !this.#connecting) this.#connect(false);
		else if (isNew && this.#client) void this.#listen(this.#client, topic).catch(() => {});
		return () => set.delete(listener);
	}

	/** Resolves once the listening connection is up and listens to every topic (for tests). */
	async ready(): Promise<void> {
		while (!this.#client && !this.#closed) {
			await (this.#connecting ?? new Promise((resolve) => setTimeout(resolve, 20)));
		}
	}

	async close(): Promise<void> {
		this.#closed = true;
		if (this.#retry) clearTimeout(this.#retry);
		const client = this.#client;
		this.#client = null;
		await client?.end().catch(() => {});
	}

	#channel(topic: string): string {
		return `${this.#options.schema}_${topic}`;
	}

	#listen(client: pg.Client, topic: string): Promise<unknown> {
		return client.query(`LISTEN ${client.escapeIdentifier(this.#channel(topic))}`);
	}

	#connect(isReconnect: boolean): void {
		this.#connecting = (async () => {
			const client = new pg.Client(this.#options.connection);
			client.on('error', () => this.#lost(client));
			client.on('end', () => this.#lost(client));
			try {
				await client.connect();
				for (const topic of this.#listeners.keys()) await this.#listen(client, topic);
			} catch {
				await client.end().catch(() => {});
				this.#connecting = null;
				this.#scheduleReconnect();
				return;
			}
			if (this.#closed) {
				await client.end().catch(() => {});
				return;
			}
			client.on('notification', (message) => {
				const topic = [...this.#listeners.keys()].find(
					(candidate) => this.#channel(candidate) === message.channel
				);
				if (!topic) return;
				for (const listener of this.#listeners.get(topic) ?? [])
					listener.notice(message.payload ?? '');
			});
			this.#client = client;
			this.#connecting = null;
			this.#failures = 0;
			if (isReconnect) {
				for (const set of this.#listeners.values())
					for (const listener of set) listener.reconnected();
			}
		})();
	}

	#lost(client: pg.Client): void {
		if (this.#client !== client) return;
		this.#client = null;
		void client.end().catch(() => {});
		this.#scheduleReconnect();
	}

	#scheduleReconnect(): void {
		if (this.#closed || this.#retry) return;
		const first = this.#options.retryMs ?? 500;
		const pause = Math.min(first * 2 ** this.#failures, this.#options.maxRetryMs ?? 10_000);
		this.#failures += 1;
		this.#retry = setTimeout(() => {
			this.#retry = null;
			this.#connect(true);
		}, pause);
		this.#retry.unref();
	}
}
