/**
 * The store's choice of one query builder on two engines, checked: Kysely runs the same code — an
 * atomic counter as one upsert with RETURNING, a version compare-and-set, a transaction that rolls
 * back — on node:sqlite (through node-sqlite-dialect.ts) and on PostgreSQL (Kysely's own dialect
 * over `pg`), with the same results, also under concurrency.
 */
import { DatabaseSync } from 'node:sqlite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testSchema, type TestSchema } from '../../../../tests/postgres/schema.ts';
import { NodeSqliteDialect } from './node-sqlite-dialect.ts';
import type { Engine } from './store.ts';
import { ENGINES } from './testing/test-stores.ts';

interface Tables {
	counters: { name: string; last: number };
	sales: { id: string; version: number; state: string; paid: boolean };
}

/** The schema, built once for both engines (identical column types). */
async function createTables(db: Kysely<Tables>): Promise<void> {
	await db.schema
		.createTable('counters')
		.addColumn('name', 'text', (column) => column.primaryKey())
		.addColumn('last', 'integer', (column) => column.notNull())
		.execute();
	await db.schema
		.createTable('sales')
		.addColumn('id', 'text', (column) => column.primaryKey())
		.addColumn('version', 'integer', (column) => column.notNull())
		.addColumn('state', 'text', (column) => column.notNull())
		.addColumn('paid', 'boolean', (column) => column.notNull())
		.execute();
}

/** The next number of a counter: one statement, whoever else counts at the same time. */
async function next(db: Kysely<Tables>, name: string): Promise<number> {
	const row = await db
		.insertInto('counters')
		.values({ name, last: 1 })
		.onConflict((conflict) =>
			conflict.column('name').doUpdateSet({ last: sql<number>`counters.last + 1` })
		)
		.returning('last')
		.executeTakeFirstOrThrow();
	return Number(row.last);
}

/** Moves a sale on only if nobody did since `version` was read; whether it did. */
async function claim(db: Kysely<Tables>, id: string, version: number): Promise<boolean> {
	const result = await db
		.updateTable('sales')
		.set({ version: version + 1, state: 'paying' })
		.where('id', '=', id)
		.where('version', '=', version)
		.executeTakeFirst();
	return result.numUpdatedRows === 1n;
}

const engines: {
	engine: Engine;
	name: string;
	open(): Promise<{ db: Kysely<Tables>; close(): Promise<void> }>;
}[] = [
	{
		engine: 'sqlite',
		name: 'node:sqlite',
		async open() {
			const database = new DatabaseSync(':memory:');
			const db = new Kysely<Tables>({ dialect: new NodeSqliteDialect(database, null) });
			return {
				db,
				async close() {
					await db.destroy();
					database.close();
				}
			};
		}
	},
	{
		engine: 'postgres',
		name: 'PostgreSQL',
		async open() {
			schema = await testSchema();
			const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool: schema.pool }) });
			return {
				db,
				async close() {
					await schema!.drop();
				}
			};
		}
	}
];
let schema: TestSchema | undefined;

describe.each(engines.filter(({ engine }) => ENGINES.includes(engine)))(
	'the store’s queries on $name',
	(engine) => {
		let db: Kysely<Tables>;
		let close: () => Promise<void>;
		beforeAll(async () => {
			({ db, close } = await engine.open());
			await createTables(db);
		});
		afterAll(async () => close());

		it('a counter is one atomic upsert: 50 at once get 1…50, each once', async () => {
			const numbers = await Promise.all(Array.from({ length: 50 }, () => next(db, 'K')));
			expect([...numbers].sort((a, b) => a - b)).toEqual(
				Array.from({ length: 50 }, (_, i) => i + 1)
			);
			expect(await next(db, 'other')).toBe(1);
		});

		it('a version compare-and-set: of two claims on one version, one wins', async () => {
			await db
				.insertInto('sales')
				.values({ id: 's1', version: 0, state: 'quoted', paid: false })
				.execute();
			const claims = await Promise.all([claim(db, 's1', 0), claim(db, 's1', 0)]);
			expect(claims.filter(Boolean)).toHaveLength(1);
			expect(await db.selectFrom('sales').select(['version', 'state']).executeTakeFirst()).toEqual({
				version: 1,
				state: 'paying'
			});
		});

		it('a transaction that fails leaves nothing; one that ends keeps all, booleans included', async () => {
			await expect(
				db.transaction().execute(async (tx) => {
					await tx
						.insertInto('sales')
						.values({ id: 's2', version: 0, state: 'quoted', paid: true })
						.execute();
					throw new Error('the step failed');
				})
			).rejects.toThrow('the step failed');
			expect(await db.selectFrom('sales').select('id').where('id', '=', 's2').execute()).toEqual(
				[]
			);

			await db.transaction().execute(async (tx) => {
				await tx
					.insertInto('sales')
					.values({ id: 's3', version: 0, state: 'quoted', paid: true })
					.execute();
				await tx.updateTable('sales').set({ state: 'completed' }).where('id', '=', 's3').execute();
			});
			const row = await db
				.selectFrom('sales')
				.select(['state', 'paid'])
				.where('id', '=', 's3')
				.executeTakeFirstOrThrow();
			expect(row.state).toBe('completed');
			expect(Boolean(row.paid)).toBe(true);
		});

		it('transactions at once do not interleave', async () => {
			await Promise.all(
				Array.from({ length: 20 }, (_, i) =>
					db.transaction().execute(async (tx) => {
						const value = await next(tx, 'T');
						await tx
							.insertInto('sales')
							.values({ id: `t${i}`, version: value, state: 'quoted', paid: false })
							.execute();
					})
				)
			);
			const versions = await db
				.selectFrom('sales')
				.select('version')
				.where('id', 'like', 't%')
				.execute();
			expect(versions.map((row) => Number(row.version)).sort((a, b) => a - b)).toEqual(
				Array.from({ length: 20 }, (_, i) => i + 1)
			);
		});
	}
);
