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
 * - A failed flush rejects every caller waiting for it; the next call tries again.
 *
 * NORMAL still flushes the log before a checkpoint copies it into the database file and the
 * database file after it (SQLite, "Write-Ahead Logging", synchronous), so a commit once flushed
 * stays on disk when the log is reused.
 */
import { closeSync, fdatasync, openSync } from 'node:fs';
import { promisify } from 'node:util';

const datasync = promisify(fdatasync);

export class WalSync {
	readonly #flush: () => Promise<void>;
	readonly #close: () => void;
	#running: Promise<void> | null = null;
	#next: Promise<void> | null = null;

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
		const run = this.#flush();
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
