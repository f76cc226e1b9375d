/**
 * Stores for specs, on both engines (issue 12: the same code and the same tests on SQLite and
 * PostgreSQL): an in-memory SQLite store, or a fresh schema in the run's PostgreSQL cluster
 * (tests/postgres) with the migrations applied. Use with `describe.each(ENGINES)`.
 */
import { testSchema } from '../../../../../tests/postgres/schema.ts';
import { openPostgresStore } from '../postgres-store.ts';
import { openSqliteStore } from '../sqlite-store.ts';
import type { Engine, Store } from '../store.ts';

export const ENGINES: readonly Engine[] = ['sqlite', 'postgres'];

/** A new, empty store on `engine`; `close` also removes a PostgreSQL schema. */
export async function openTestStore(engine: Engine): Promise<Store> {
	if (engine === 'sqlite') return openSqliteStore(':memory:');
	const schema = await testSchema();
	const store = await openPostgresStore({ url: schema.url, schema: schema.name, connections: 5 });
	return {
		...store,
		async close() {
			await store.close();
			await schema.drop();
		}
	};
}
