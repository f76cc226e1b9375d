/**
 * The store of the contract tests that keep state (the checkout, returns, the journal and the
 * platform view): SQLite in the `contract` project, PostgreSQL (a schema of the run's throwaway
 * cluster, tests/postgres) in `contract-postgres`, which runs the same files: the
 * same code and the same tests on both engines.
 */
import type { Engine, Store } from '#lib/server/store/store.ts';
import { openTestStore } from '#lib/server/store/testing/test-stores.ts';

const CONTRACT_ENGINE: Engine = process.env.CONTRACT_STORE === 'postgres' ? 'postgres' : 'sqlite';

/** A new, empty store on the project's engine. */
export function contractStore(): Promise<Store> {
	return openTestStore(CONTRACT_ENGINE);
}
