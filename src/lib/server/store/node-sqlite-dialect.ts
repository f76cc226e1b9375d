/**
 * Kysely on `node:sqlite` (one query builder over SQLite and PostgreSQL: store.ts). Kysely's own
 * SQLite dialect drives better-sqlite3, whose statements differ from node:sqlite's (parameters
 * as one array, `stmt.reader`), so this small driver adapts them; Kysely's SQLite compiler,
 * adapter and introspector are used as they are.
 *
 * One connection, one query or transaction at a time: Kysely itself queues for it, as for any
 * adapter without multiple connections (SqliteAdapter). Transactions begin IMMEDIATE — the write lock at once, as the store has always taken it — so two processes
 * on one file never deadlock upgrading a read lock. node:sqlite binds no booleans: they go in as
 * 1 and 0, the way the schema stores them.
 */
import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
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
	readonly #database: DatabaseSync;

	constructor(database: DatabaseSync) {
		this.#database = database;
	}

	createDriver(): Driver {
		return new NodeSqliteDriver(this.#database);
	}

	createQueryCompiler() {
		return new SqliteQueryCompiler();
	}

	createAdapter() {
		return new SqliteAdapter();
	}

	createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
		return new SqliteIntrospector(db);
	}
}

class NodeSqliteDriver implements Driver {
	readonly #connection: NodeSqliteConnection;

	constructor(database: DatabaseSync) {
		this.#connection = new NodeSqliteConnection(database);
	}

	async init(): Promise<void> {}

	async acquireConnection(): Promise<DatabaseConnection> {
		return this.#connection;
	}

	async releaseConnection(): Promise<void> {}

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

class NodeSqliteConnection implements DatabaseConnection {
	readonly #database: DatabaseSync;
	/**
	 * Statements by their SQL, prepared once: parsing and planning a query took more of the
	 * server's time than running it. SQLite prepares a statement again by itself when the schema
	 * under it changes.
	 */
	readonly #prepared = new Map<string, PreparedQuery>();

	constructor(database: DatabaseSync) {
		this.#database = database;
	}

	async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
		const { statement, givesRows } = this.#prepare(compiled.sql);
		const parameters = compiled.parameters.map(bindable);
		if (givesRows) return { rows: statement.all(...parameters) as R[] };
		const { changes, lastInsertRowid } = statement.run(...parameters);
		return { rows: [], numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid) };
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
