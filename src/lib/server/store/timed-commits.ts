/**
 * Times the store's transaction commits on either engine (metrics/store-commits.ts): a Kysely
 * dialect whose driver notes when COMMIT is sent and reports once the connection is given back —
 * on SQLite that is when the commit is on disk (node-sqlite-dialect.ts waits for the log's flush
 * there), on PostgreSQL right after the server confirmed it. The start is taken before the
 * connection is given back, as the next holder of SQLite's one connection may commit while this
 * caller still waits for the disk.
 */
import type {
	DatabaseConnection,
	DatabaseIntrospector,
	Dialect,
	DialectAdapter,
	Driver,
	Kysely,
	QueryCompiler
} from 'kysely';

export function timedCommits(dialect: Dialect, observe: (seconds: number) => void): Dialect {
	return {
		createDriver: (): Driver => new TimedDriver(dialect.createDriver(), observe),
		createQueryCompiler: (): QueryCompiler => dialect.createQueryCompiler(),
		createAdapter: (): DialectAdapter => dialect.createAdapter(),
		createIntrospector: (db: Kysely<unknown>): DatabaseIntrospector =>
			dialect.createIntrospector(db)
	};
}

class TimedDriver implements Driver {
	readonly #driver: Driver;
	readonly #observe: (seconds: number) => void;
	readonly #committing = new WeakMap<DatabaseConnection, number>();

	constructor(driver: Driver, observe: (seconds: number) => void) {
		this.#driver = driver;
		this.#observe = observe;
		if (driver.savepoint) this.savepoint = driver.savepoint.bind(driver);
		if (driver.rollbackToSavepoint)
			this.rollbackToSavepoint = driver.rollbackToSavepoint.bind(driver);
		if (driver.releaseSavepoint) this.releaseSavepoint = driver.releaseSavepoint.bind(driver);
	}

	savepoint?: Driver['savepoint'];
	rollbackToSavepoint?: Driver['rollbackToSavepoint'];
	releaseSavepoint?: Driver['releaseSavepoint'];

	init: Driver['init'] = (options) => this.#driver.init(options);
	acquireConnection: Driver['acquireConnection'] = (options) =>
		this.#driver.acquireConnection(options);
	beginTransaction: Driver['beginTransaction'] = (connection, settings) =>
		this.#driver.beginTransaction(connection, settings);
	rollbackTransaction: Driver['rollbackTransaction'] = (connection) =>
		this.#driver.rollbackTransaction(connection);
	destroy: Driver['destroy'] = (options) => this.#driver.destroy(options);

	commitTransaction: Driver['commitTransaction'] = (connection) => {
		this.#committing.set(connection, performance.now());
		return this.#driver.commitTransaction(connection);
	};

	releaseConnection: Driver['releaseConnection'] = async (connection, options) => {
		const started = this.#committing.get(connection);
		this.#committing.delete(connection);
		await this.#driver.releaseConnection(connection, options);
		if (started !== undefined) this.#observe((performance.now() - started) / 1000);
	};
}
