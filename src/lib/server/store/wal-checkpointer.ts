/**
 * The SQLite store's checkpoints run on a thread of their own.
 *
 * A checkpoint copies the write-ahead log's pages into the database file and flushes both. SQLite
 * runs one by itself inside the COMMIT that takes the log past 1,000 pages — on the connection
 * that commits, which here is the server's one thread: every few hundred sales a commit held the
 * event loop for the copy and two flushes, and every kiosk on the server waited with it. So the
 * store's connection does not checkpoint (`wal_autocheckpoint = 0`), and a worker thread with its
 * own connection to the file checkpoints PASSIVE-ly every `everyMs`: it copies what no reader
 * still needs and never waits for the writer, so a commit never waits for it either.
 *
 * Invariants:
 * - Durability is SQLite's: the worker's connection flushes the log before it copies pages and
 *   the database file after (`synchronous` FULL), so a commit once copied stays on disk when the
 *   log is reused; a checkpoint killed midway is repaired from the log on the next open.
 * - If the worker cannot run (it fails, or its thread ends other than by `close`), the store's
 *   connection checkpoints by itself again (`wal_autocheckpoint` back to SQLite's 1,000 pages):
 *   the log never grows without bound.
 */
import { Worker } from 'node:worker_threads';
import type { DatabaseSync } from 'node:sqlite';

/** SQLite's own threshold, restored when the worker is gone. */
const AUTOCHECKPOINT_PAGES = 1000;

export interface WalCheckpointerOptions {
	/** How often the worker checkpoints. */
	everyMs: number;
	/** Told when the worker has gone and the store checkpoints by itself again. */
	onFallback: (reason: Error) => void;
}

export class WalCheckpointer {
	readonly #worker: Worker;
	#closing = false;

	/** Starts checkpointing `file`, the database file that `database` (the store's) has open. */
	constructor(database: DatabaseSync, file: string, options: WalCheckpointerOptions) {
		database.exec('PRAGMA wal_autocheckpoint = 0');
		this.#worker = new Worker(`(${checkpointLoop.toString()})()`, {
			eval: true,
			workerData: { file, everyMs: options.everyMs }
		});
		// The worker's thread alone keeps no process alive: a server stops when its work is done.
		this.#worker.unref();
		const fallBack = (reason: Error) => {
			if (this.#closing || !database.isOpen) return;
			this.#closing = true;
			database.exec(`PRAGMA wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
			options.onFallback(reason);
		};
		this.#worker.on('error', fallBack);
		this.#worker.on('exit', (code) =>
			fallBack(new Error(`the checkpoint thread ended with code ${code}`))
		);
	}

	/** Ends the worker's thread and its connection; before the store's connection closes. */
	async close(): Promise<void> {
		this.#closing = true;
		await this.#worker.terminate();
	}
}

/**
 * The worker's whole program, run from its source text (the server's bundle has no file for a
 * worker to load): a connection of its own, and a PASSIVE checkpoint every `everyMs`. A checkpoint
 * that finds the file busy does what it can and the next one goes on; any other failure ends the
 * thread, and the store falls back (above).
 */
function checkpointLoop() {
	// Built-ins by name, not by `require` or `import`: the server's bundler rewrites those, and
	// this source runs outside the bundle.
	const { workerData } = process.getBuiltinModule('node:worker_threads');
	const { DatabaseSync } = process.getBuiltinModule('node:sqlite');
	const { file, everyMs } = workerData as { file: string; everyMs: number };
	const database = new DatabaseSync(file);
	database.exec('PRAGMA synchronous = FULL');
	setInterval(() => {
		try {
			database.exec('PRAGMA wal_checkpoint(PASSIVE)');
		} catch (error) {
			if ((error as { errcode?: number }).errcode !== 5 /* SQLITE_BUSY */) throw error;
		}
	}, everyMs);
}
