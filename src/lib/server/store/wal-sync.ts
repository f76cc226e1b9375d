/**
 * The SQLite store's commits reach the disk off the event loop, several at a time.
 *
 * `node:sqlite` runs a statement on the server's one thread; with `synchronous` FULL each commit
 * waits there for the write-ahead log to be flushed (`fdatasync`), and every kiosk on the server
 * waits with it. So the store commits with `synchronous` NORMAL — the commit's log frames are
 * written (a process crash keeps them: they are in the operating system's cache) but not flushed
 * — and the driver (node-sqlite-dialect.ts) then asks this class to flush the log on libuv's
 * thread pool before the commit's caller goes on. The caller therefore learns of its commit only
 * once it is on disk, as with FULL; meanwhile the server answers other requests.
 *
 * Invariants:
 * - `synced()` resolves only after a flush that began after the call: the log then holds every
 *   commit made before the call (the log is one file, written in order).
 * - Commits that ask while a flush runs share the next one (group commit): under load one flush
 *   serves many sales.
 * - A failed flush is final: it rejects every caller waiting for it and every later one
 *   (`StoreLogBroken`). After a failed fsync the system may have dropped the log's unwritten
 *   pages and marked them clean, so a later flush that succeeds would not mean that what was
 *   written before it is on disk (PostgreSQL stops for the same reason). The store refuses every
 *   commit from then on; a restart recovers it from what the disk holds.
 *
 * NORMAL still flushes the log before a checkpoint copies it into the database file and the
 * database file after it (SQLite, "Write-Ahead Logging", synchronous), so a commit once flushed
 * stays on disk when the log is reused.
 */
import { closeSync, fdatasync, openSync } from 'node:fs';
import { promisify } from 'node:util';

const datasync = promisify(fdatasync);

/** Every commit's answer once a flush of the store's log has failed. */
export class StoreLogBroken extends Error {
	constructor(cause: unknown) {
		super(
			`The store's log could not be flushed (${cause instanceof Error ? cause.message : String(cause)}): ` +
				'no commit is trusted from now on. Restart the server; it recovers the store from the disk.',
			{ cause }
		);
		this.name = 'StoreLogBroken';
	}
}

export class WalSync {
	readonly #flush: () => Promise<void>;
	readonly #close: () => void;
	#running: Promise<void> | null = null;
	#next: Promise<void> | null = null;
	#broken: StoreLogBroken | null = null;
	/** Told once, when a flush has failed. */
	onBroken: (error: StoreLogBroken) => void = () => undefined;

	/**
	 * Flushes the log file at `walPath`, opened now, once the store has opened it: the file
	 * SQLite writes for as long as the store is open, whatever becomes of its name.
	 */
	static ofFile(walPath: string): WalSync {
		const descriptor = openSync(walPath, 'r+');
		return new WalSync(
			() => datasync(descriptor),
			() => closeSync(descriptor)
		);
	}

	/** `flush` makes the log durable; `close` lets go of what it flushes. */
	constructor(flush: () => Promise<void>, close: () => void = () => undefined) {
		this.#flush = flush;
		this.#close = close;
	}

	/** Once the store is closed. */
	close(): void {
		this.#close();
	}

	/** Resolves once every commit made before this call is on disk. */
	synced(): Promise<void> {
		if (this.#broken) return Promise.reject(this.#broken);
		if (this.#running === null) return this.#start();
		// The flush running may have begun before this commit was written: the next one covers it.
		this.#next ??= this.#running
			.catch(() => undefined)
			.then(() => {
				this.#next = null;
				return this.#start();
			});
		return this.#next;
	}

	#start(): Promise<void> {
		if (this.#broken) return Promise.reject(this.#broken);
		const run = this.#flush().catch((cause: unknown) => {
			if (!this.#broken) {
				this.#broken = new StoreLogBroken(cause);
				this.onBroken(this.#broken);
			}
			throw this.#broken;
		});
		this.#running = run;
		run.then(
			() => this.#ended(run),
			() => this.#ended(run)
		);
		return run;
	}

	#ended(run: Promise<void>): void {
		if (this.#running === run) this.#running = null;
	}
}
