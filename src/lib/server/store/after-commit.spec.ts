import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { afterCommit, transact } from './after-commit.ts';
import type { Store } from './store.ts';
import { ENGINES, openTestStore } from './testing/test-stores.ts';

describe.each(ENGINES)('after-commit hooks on %s', (engine) => {
	let store: Store;
	beforeEach(async () => {
		store = await openTestStore(engine);
	});
	afterEach(() => store.close());

	const putSetting = (db: Store['db'], value: string) =>
		db.insertInto('settings').values({ key: 'after-commit', value }).execute();
	const settingSeen = async () =>
		(
			await store.db
				.selectFrom('settings')
				.select('value')
				.where('key', '=', 'after-commit')
				.executeTakeFirst()
		)?.value;

	it('runs a transaction’s hooks after its commit, in order, seeing what it wrote', async () => {
		const heard: string[] = [];
		await transact(store.db, async (trx) => {
			await putSetting(trx, 'committed');
			afterCommit(trx, () => heard.push('first'));
			afterCommit(trx, () => heard.push('second'));
			expect(heard).toEqual([]);
		});
		expect(heard).toEqual(['first', 'second']);
		expect(await settingSeen()).toBe('committed');
	});

	it('drops the hooks of a transaction that rolls back', async () => {
		const heard: string[] = [];
		await expect(
			transact(store.db, async (trx) => {
				await putSetting(trx, 'rolled back');
				afterCommit(trx, () => heard.push('told'));
				throw new Error('refused');
			})
		).rejects.toThrow('refused');
		expect(heard).toEqual([]);
		expect(await settingSeen()).toBeUndefined();
	});

	it('refuses a hook in a transaction it did not begin: nothing would wait for that commit', async () => {
		const heard: string[] = [];
		await expect(
			store.db.transaction().execute(async (trx) => {
				await putSetting(trx, 'begun elsewhere');
				afterCommit(trx, () => heard.push('told'));
			})
		).rejects.toThrow('transact');
		expect(heard).toEqual([]);
		expect(await settingSeen()).toBeUndefined();
	});

	it('on the store’s own db, whose statements commit one by one, runs the hook at once', () => {
		const heard: string[] = [];
		afterCommit(store.db, () => heard.push('now'));
		expect(heard).toEqual(['now']);
	});
});
