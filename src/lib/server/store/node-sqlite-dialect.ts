/**
 * Kysely on `node:sqlite` (one query builder over SQLite and PostgreSQL: store.ts). Kysely's own
 * SQLite dialect drives better-sqlite3, whose statements differ from node:sqlite's (parameters
 * as one array, `stmt.reader`), so this small driver adapts them; Kysely's SQLite compiler and
 * introspector are used as they are.
 *
 * One connection, one query or transaction at a time: the driver lends its connection to one
 * caller until it is given back (Kysely's own lock for single-connection adapters would hold it
 * until after the disk wait below). Transactions begin IMMEDIATE — the write lock at once, as
 * the store has always taken it — so two processes on one file never deadlock upgrading a read
 * lock. node:sqlite binds no booleans: they go in as 1 and 0, the way the schema stores them.
 *
 * Durable commits: a commit (or a write outside a transaction) is on disk before its caller goes
 * on — the connection is given back first, then the driver waits for the write-ahead log's flush
 * off the event loop (wal-sync.ts), so other queries run meanwhile. A write run through
 * `lazily` skips that wait (Store `writeLazily`).
 */
import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import type { WalSync } from './wal-sync.ts';
import {
	CompiledQuery,
	SqliteAdapter,
	SqliteIntrospector,
	SqliteQueryCompiler,
	type DatabaseConnection,
	type DatabaseIntrospector,
	type Dialect,
	type Driver,
	type Kysely,
	type QueryResult
} from 'kysely';

export class NodeSqliteDialect implements Dialect {
	readonly #driver: NodeSqliteDriver;

	/** `wal` flushes the log of a file store; an in-memory one (null) has nothing to flush. */
	constructor(database: DatabaseSync, wal: WalSync | null) {
		this.#driver = new NodeSqliteDriver(database, wal);
	}

	createDriver(): Driver {
		return this.#driver;
	}

	/**
	 * Runs `work`, whose commit does not wait for the disk. Only while its caller holds the one
	 * connection (`db.connection()`), so no other commit is made meanwhile.
	 */
	lazily<T>(work: () => Promise<T>): Promise<T> {
		return this.#driver.lazily(work);
	}

	createQueryCompiler() {
		return new SqliteQueryCompiler();
	}

	createAdapter() {
		return new NodeSqliteAdapter();
	}

	createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
		return new SqliteIntrospector(db);
	}
}

/** SQLite's SQL; the driver lends its one connection itself (NodeSqliteDriver). */
class NodeSqliteAdapter extends SqliteAdapter {
	override get supportsMultipleConnections(): boolean {
		return true;
	}
}

class NodeSqliteDriver implements Driver {
	readonly #connection: NodeSqliteConnection;
	readonly #wal: WalSync | null;
	readonly #lent = new Lock();
	#lazy = false;

	constructor(database: DatabaseSync, wal: WalSync | null) {
		this.#connection = new NodeSqliteConnection(database, () => this.#lazy);
		this.#wal = wal;
	}

	async init(): Promise<void> {}

	async lazily<T>(work: () => Promise<T>): Promise<T> {
		this.#lazy = true;
		try {
			return await work();
		} finally {
			this.#lazy = false;
		}
	}

	async acquireConnection(): Promise<DatabaseConnection> {
		await this.#lent.obtain();
		return this.#connection;
	}

	/** Given back at once; its caller goes on once what it committed is on disk. */
	async releaseConnection(): Promise<void> {
		const unflushed = this.#connection.takeUnflushed();
		this.#lent.release();
		if (unflushed && this.#wal) await this.#wal.synced();
	}

	async beginTransaction(connection: DatabaseConnection): Promise<void> {
		await connection.executeQuery(CompiledQuery.raw('BEGIN IMMEDIATE'));
	}

	async commitTransaction(connection: DatabaseConnection): Promise<void> {
		await connection.executeQuery(CompiledQuery.raw('COMMIT'));
	}

	async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
		await connection.executeQuery(CompiledQuery.raw('ROLLBACK'));
	}

	/** The database is the store's: whoever opened it closes it. */
	async destroy(): Promise<void> {}
}

/**
 * How many prepared statements a connection keeps: more than the distinct queries the server
 * runs, so that a busy server parses each once; the least recently used goes first.
 */
const STATEMENT_CACHE_SIZE = 500;

interface PreparedQuery {
	statement: StatementSync;
	/** A statement with result columns (a SELECT, or a write with RETURNING) gives rows. */
	givesRows: boolean;
}

/** One holder at a time; the others wait in turn. */
class Lock {
	#held: Promise<void> | null = null;
	#release: (() => void) | null = null;

	async obtain(): Promise<void> {
		while (this.#held) await this.#held;
		this.#held = new Promise((release) => (this.#release = release));
	}

	release(): void {
		const release = this.#release;
		this.#held = null;
		this.#release = null;
		release?.();
	}
}

/** Statements that change nothing on disk when run outside a transaction. */
const CHANGES_NOTHING = /^\s*(select|begin|rollback)\b/i;

class NodeSqliteConnection implements DatabaseConnection {
	readonly #database: DatabaseSync;
	readonly #lazy: () => boolean;
	/** A commit made since the connection was lent, not yet flushed. */
	#unflushed = false;
	/**
	 * Statements by their SQL, prepared once: parsing and planning a query took more of the
	 * server's time than running it. SQLite prepares a statement again by itself when the schema
	 * under it changes.
	 */
	readonly #prepared = new Map<string, PreparedQuery>();

	constructor(database: DatabaseSync, lazy: () => boolean) {
		this.#database = database;
		this.#lazy = lazy;
	}

	async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
		const { statement, givesRows } = this.#prepare(compiled.sql);
		const parameters = compiled.parameters.map(bindable);
		try {
			if (givesRows) return { rows: statement.all(...parameters) as R[] };
			const { changes, lastInsertRowid } = statement.run(...parameters);
			return { rows: [], numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid) };
		} finally {
			// A COMMIT, or a write on its own, has committed (a failed one may have, in part).
			if (!this.#database.isTransaction && !CHANGES_NOTHING.test(compiled.sql) && !this.#lazy())
				this.#unflushed = true;
		}
	}

	/** Whether the disk must be waited for, and forgets it. */
	takeUnflushed(): boolean {
		const unflushed = this.#unflushed;
		this.#unflushed = false;
		return unflushed;
	}

	#prepare(sql: string): PreparedQuery {
		let prepared = this.#prepared.get(sql);
		if (prepared) {
			// Most recently used last: the first in the map is the one to let go.
			this.#prepared.delete(sql);
		} else {
			const statement = this.#database.prepare(sql);
			prepared = { statement, givesRows: statement.columns().length > 0 };
			if (this.#prepared.size >= STATEMENT_CACHE_SIZE) {
				this.#prepared.delete(this.#prepared.keys().next().value!);
			}
		}
		this.#prepared.set(sql, prepared);
		return prepared;
	}

	// eslint-disable-next-line require-yield -- the interface asks for a generator
	async *streamQuery(): AsyncIterableIterator<QueryResult<never>> {
		throw new Error('streaming is not used with node:sqlite');
	}
}

function bindable(value: unknown): SQLInputValue {
	if (typeof value === 'boolean') return value ? 1 : 0;
	return value as SQLInputValue;
}
