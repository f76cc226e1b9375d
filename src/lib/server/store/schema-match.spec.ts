/**
 * The two engines' migrations build one schema: the same tables with the same
 * columns, types, nullability, defaults and identities, as read back from each database by
 * Kysely's introspection, and as tables.ts describes them to the code.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from './store.ts';
import { openTestStore, runsOn } from './testing/test-stores.ts';

/** SQLite's declared types and PostgreSQL's type names, as one vocabulary. */
const TYPE_NAMES: Record<string, string> = {
	TEXT: 'text',
	INTEGER: 'integer',
	BLOB: 'bytes',
	text: 'text',
	int4: 'integer',
	bytea: 'bytes'
};

interface ColumnShape {
	type: string;
	nullable: boolean;
	default: boolean;
	identity: boolean;
}

async function schemaOf(store: Store): Promise<Record<string, Record<string, ColumnShape>>> {
	const tables = await store.db.introspection.getTables();
	const declaredIdentities = await identityTables(store);
	const shape: Record<string, Record<string, ColumnShape>> = {};
	for (const table of tables.filter((candidate) => candidate.name !== 'kiosk_schema')) {
		shape[table.name] = Object.fromEntries(
			table.columns.map((column) => [
				column.name,
				{
					type: TYPE_NAMES[column.dataType] ?? `unknown ${column.dataType}`,
					// SQLite reports a primary key column as nullable unless declared NOT NULL;
					// a primary key never holds null on either engine.
					nullable: column.isNullable && !isPrimaryKey(table.name, column.name),
					// An identity column is filled by the database; PostgreSQL reports its
					// sequence as a default, SQLite does not.
					default: column.hasDefaultValue && !column.isAutoIncrementing,
					identity: column.isAutoIncrementing && declaredIdentities.has(table.name)
				}
			])
		);
	}
	return shape;
}

/**
 * The tables with a declared identity. Kysely reports every integer primary key of SQLite as
 * auto-incrementing (it is an alias of the row id); an identity is what AUTOINCREMENT declares,
 * as PostgreSQL's GENERATED … AS IDENTITY does.
 */
async function identityTables(store: Store): Promise<Set<string>> {
	if (store.engine === 'postgres') {
		const tables = await store.db.introspection.getTables();
		return new Set(tables.map((table) => table.name));
	}
	const { rows } = await sql<{
		name: string;
	}>`SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE '%AUTOINCREMENT%'`.execute(
		store.db
	);
	return new Set(rows.map((row) => row.name));
}

const PRIMARY_KEYS = new Set([
	'journal.id',
	'order_outbox.id',
	'kiosk_order_history.id',
	'order_id_checks.order_key',
	'screen_heartbeats.device_id',
	'devices.id',
	'staff_credentials.id',
	'manager_credentials.id',
	'audit_log.id',
	'sessions.token_hash',
	'products.id',
	'product_images.product_id',
	'settings.key',
	'sales.id',
	'kiosk_order_status.sale_id',
	'simulated_terminal_payments.reference',
	'simulated_terminal_waits.reference',
	'order_callback_tokens.device_id',
	'unsealed_callback_tokens.device_id',
	'order_inbox.order_id',
	'app_orders.order_id',
	'order_feed.id',
	'attempt_counts.key',
	'job_leases.name'
]);

function isPrimaryKey(table: string, column: string): boolean {
	return PRIMARY_KEYS.has(`${table}.${column}`);
}

// Both engines at once: in the run that has a PostgreSQL cluster.
describe.runIf(runsOn('postgres'))('the schema on SQLite and on PostgreSQL', () => {
	let sqlite: Store;
	let postgres: Store;
	beforeAll(async () => {
		[sqlite, postgres] = await Promise.all([openTestStore('sqlite'), openTestStore('postgres')]);
	});
	afterAll(async () => {
		await Promise.all([sqlite.close(), postgres.close()]);
	});

	it('has the same tables and columns with the same types, nullability, defaults and identities', async () => {
		const [onSqlite, onPostgres] = await Promise.all([schemaOf(sqlite), schemaOf(postgres)]);
		expect(Object.keys(onSqlite).length).toBe(28);
		expect(JSON.stringify(onPostgres, null, 1)).not.toContain('unknown');
		expect(onPostgres).toEqual(onSqlite);
	});

	it('runs the identity columns the same way: ids count up from 1 on both', async () => {
		for (const store of [sqlite, postgres]) {
			const at = '2026-11-23T10:00:00.000Z';
			const rows = [];
			for (const reference of ['a', 'b']) {
				rows.push(
					await store.db
						.insertInto('journal')
						.values({
							device_id: 'd',
							operation: 'op',
							reference,
							request: '{}',
							status: 'pending',
							error_code: null,
							result: null,
							created_at: at,
							updated_at: at
						})
						.returning(['id', 'attempts'])
						.executeTakeFirstOrThrow()
				);
			}
			expect(rows, store.engine).toEqual([
				{ id: 1, attempts: 0 },
				{ id: 2, attempts: 0 }
			]);
		}
	});

	it('applies PostgreSQL’s migrations once, also when two servers start at the same time', async () => {
		const { migratePostgres } = await import('./postgres-store.ts');
		await Promise.all([migratePostgres(postgres.db), migratePostgres(postgres.db)]);
		const count = await postgres.db
			.selectFrom('order_feed')
			.select((eb) => eb.fn.countAll<number>().as('rows'))
			.executeTakeFirstOrThrow();
		expect(count.rows).toBe(1);
	});
});
