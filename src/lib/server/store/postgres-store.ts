/**
 * The shared store: PostgreSQL through `pg`'s pools under Kysely's own dialect. Several kiosk
 * servers open it at once, so the migrations run under an advisory lock: the first server to
 * start applies them, the others wait for it and then find nothing left to do.
 *
 * Of the server's connections, a fifth (at least one) form a pool of their own for the lazy
 * writes (Store `writeLazily`): their sessions commit with `synchronous_commit` off, set once as
 * each connects. A lazy write is then its one statement alone — no `SET LOCAL`, no BEGIN and
 * COMMIT around it (a demo sale on PostgreSQL makes three such writes; each took four round
 * trips, now one) — and a commit on the other pool never meets that setting.
 */
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { log } from '../logging/logger.ts';
import { observeCommit } from '../metrics/store-commits.ts';
import { PostgresNotices } from './change-notices.ts';
import { postgresMigrations } from './postgres-migrations.ts';
import type { Store } from './store.ts';
import { timedCommits } from './timed-commits.ts';
import type { KioskTables } from './tables.ts';

/** Names this application's migration lock among the database's advisory locks. */
const MIGRATION_LOCK = 0x6b696f73; // "kios"

const INT8 = 20;

export interface PostgresLocation {
	url: string;
	/** The schema to work in (tests give each file its own); the server's default otherwise. */
	schema?: string;
	/**
	 * Connections the store opens (2 at least), those of the lazy writes among them; the change
	 * notices' listening connection comes on top.
	 */
	connections?: number;
	/** How long an idle connection stays open (pg's default: 10 s). */
	idleMs?: number;
}

/** The connections of the pool for lazy writes, of `total`: a fifth, at least one. */
const lazyConnectionsOf = (total: number): number => Math.max(1, Math.round(total / 5));

export async function openPostgresStore(location: PostgresLocation): Promise<Store> {
	const total = location.connections ?? 10;
	const schemaPath = location.schema ? [`search_path=${location.schema}`] : [];
	/** A connection to the store whose session starts with `settings` (name=value). */
	const connectionWith = (settings: string[]): pg.ClientConfig => ({
		connectionString: location.url,
		...(settings.length > 0
			? { options: settings.map((setting) => `-c ${setting}`).join(' ') }
			: {})
	});
	const connection = connectionWith(schemaPath);
	const { pool, db } = openPool(location, {
		...connection,
		max: Math.max(1, total - lazyConnectionsOf(total))
	});
	const lazy = openPool(location, {
		...connectionWith([...schemaPath, 'synchronous_commit=off']),
		max: lazyConnectionsOf(total)
	});
	const destroy = () => Promise.all([db.destroy(), lazy.db.destroy()]);
	try {
		await migratePostgres(db);
	} catch (error) {
		await destroy();
		throw error;
	}
	const notices = new PostgresNotices({
		connection,
		query: (text, values) => pool.query(text, values),
		schema: location.schema ?? 'public'
	});
	return {
		engine: 'postgres',
		db,
		notices,
		writeLazily: (statement) => statement(lazy.db).execute(),
		async close() {
			await notices.close();
			await destroy();
		}
	};
}

/** A pool of `config`'s connections and the store's query builder over it. */
function openPool(
	location: PostgresLocation,
	config: pg.PoolConfig
): { pool: pg.Pool; db: Kysely<KioskTables> } {
	const pool = new pg.Pool({
		...config,
		...(location.idleMs === undefined ? {} : { idleTimeoutMillis: location.idleMs }),
		// count(*) and sums come back as int8, which pg gives as text to keep its precision; the
		// store's whole numbers (counts, minor units, ids) stay far below 2^53.
		types: {
			getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
				oid === INT8
					? Number
					: pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser
		}
	});
	// An idle connection the server drops (a restart, a fail-over) is an error event on the pool;
	// unhandled it would end the process. The next query takes a new connection.
	pool.on('error', (error) => log.error(`PostgreSQL connection: ${error.message}`));
	const db = new Kysely<KioskTables>({
		dialect: timedCommits(new PostgresDialect({ pool }), (seconds) =>
			observeCommit('postgres', seconds)
		)
	});
	return { pool, db };
}

/** Applies the pending migrations in one transaction, holding the migration lock. */
export async function migratePostgres(db: Kysely<KioskTables>): Promise<void> {
	await db.transaction().execute(async (trx) => {
		await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(trx);
		await sql`CREATE TABLE IF NOT EXISTS kiosk_schema (
			id integer PRIMARY KEY CHECK (id = 1),
			version integer NOT NULL
		)`.execute(trx);
		const { rows } = await sql<{ version: number }>`SELECT version FROM kiosk_schema`.execute(trx);
		const applied = rows[0]?.version ?? 0;
		for (let index = applied; index < postgresMigrations.length; index += 1) {
			await sql.raw(postgresMigrations[index]!).execute(trx);
		}
		if (applied < postgresMigrations.length) {
			await sql`INSERT INTO kiosk_schema (id, version) VALUES (1, ${postgresMigrations.length})
				ON CONFLICT (id) DO UPDATE SET version = excluded.version`.execute(trx);
		}
	});
}
