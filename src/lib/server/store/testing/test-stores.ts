/**
 * Stores for specs, on both engines (the same code and the same tests on SQLite and
 * PostgreSQL): an in-memory SQLite store, or a fresh schema in the run's PostgreSQL cluster
 * (tests/postgres) with the migrations applied. Use with `describe.each(ENGINES)`: the vitest
 * project picks the engine (vite.config.ts) — SQLite in `unit`, which starts no database server,
 * PostgreSQL in `unit-postgres`, which runs every spec importing this file again.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testSchema } from '../../../../../tests/postgres/schema.ts';
import { openPostgresStore } from '../postgres-store.ts';
import { openSqliteStore } from '../sqlite-store.ts';
import type { Engine, Store } from '../store.ts';

/** The engine of this project's run, as a list for `describe.each` (its name shows in the test's). */
export const ENGINES: readonly Engine[] = [
	process.env.UNIT_STORE === 'postgres' ? 'postgres' : 'sqlite'
];

/** Whether this run is on `engine`: for the specs of one engine's own (or of both at once). */
export const runsOn = (engine: Engine): boolean => ENGINES.includes(engine);

/** A new, empty store on `engine`; `close` also removes a PostgreSQL schema. */
export async function openTestStore(engine: Engine): Promise<Store> {
	const [store] = await openSharedTestStores(engine, 1);
	return store!;
}

/**
 * `count` stores over one new database, as `count` kiosk servers would open it: one SQLite file
 * opened `count` times, or one PostgreSQL schema with a pool each. Closing the last one removes
 * the database.
 */
export async function openSharedTestStores(engine: Engine, count: number): Promise<Store[]> {
	let remove: () => Promise<void>;
	let stores: Store[];
	if (engine === 'sqlite') {
		const dir = count === 1 ? ':memory:' : mkdtempSync(join(tmpdir(), 'kiosk-store-'));
		stores = Array.from({ length: count }, () => openSqliteStore(dir));
		remove = async () => {
			if (dir !== ':memory:') rmSync(dir, { recursive: true, force: true });
		};
	} else {
		const schema = await testSchema();
		stores = [];
		for (let index = 0; index < count; index += 1) {
			stores.push(
				// Test stores come and go by the hundred: their idle connections close soon.
				await openPostgresStore({
					url: schema.url,
					schema: schema.name,
					connections: 5,
					idleMs: 500
				})
			);
		}
		remove = () => schema.drop();
	}
	let open = count;
	return stores.map((store) => ({
		...store,
		async close() {
			await store.close();
			open -= 1;
			if (open === 0) await remove();
		}
	}));
}
