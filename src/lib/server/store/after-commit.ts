/**
 * Work that must wait for a transaction's commit: telling others (the order board's feed, the
 * metrics) of a row a transaction wrote. Told before the commit, they would hear of a paid sale
 * that a failed commit never stored.
 *
 * `transact` runs `work` in one transaction of `db` and runs the hooks `afterCommit` registered
 * in it once the commit has returned, in order; a rolled-back transaction drops them. On the
 * store's own `db`, whose statements commit one by one, `afterCommit` runs its hook at once. In a
 * transaction begun any other way it throws: nothing would run the hook after that commit, and
 * running it at once would tell of a row the commit may yet lose.
 */
import type { StoreDb } from './store.ts';

const hooksOf = new WeakMap<StoreDb, Array<() => void>>();

export async function transact<T>(db: StoreDb, work: (trx: StoreDb) => Promise<T>): Promise<T> {
	const hooks: Array<() => void> = [];
	const result = await db.transaction().execute((trx) => {
		hooksOf.set(trx, hooks);
		return work(trx);
	});
	for (const hook of hooks) hook();
	return result;
}

export function afterCommit(db: StoreDb, hook: () => void): void {
	const hooks = hooksOf.get(db);
	if (hooks) hooks.push(hook);
	else if (db.isTransaction)
		throw new Error('afterCommit in a transaction not begun by transact: begin it with transact');
	else hook();
}
