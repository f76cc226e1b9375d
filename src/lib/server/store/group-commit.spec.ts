import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GroupCommit } from './group-commit.ts';
import type { Store, StoreDb } from './store.ts';
import { ENGINES, openTestStore } from './testing/test-stores.ts';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('GroupCommit', () => {
	it('writes what arrives in one turn as one group, and resolves each add only after it', async () => {
		const groups: string[][] = [];
		const commit = new GroupCommit<string>(async (items) => void groups.push([...items]));
		const settled: string[] = [];
		const adds = ['a', 'b', 'c'].map((item) => commit.add(item).then(() => settled.push(item)));
		await Promise.resolve();
		expect(groups).toEqual([]);
		expect(settled).toEqual([]);
		await Promise.all(adds);
		expect(groups).toEqual([['a', 'b', 'c']]);
		expect(settled).toEqual(['a', 'b', 'c']);

		await commit.add('d');
		expect(groups).toEqual([['a', 'b', 'c'], ['d']]);
	});

	it('answers each add with what the write answered for its own item', async () => {
		const commit = new GroupCommit<string, string>(async (items) =>
			items.map((item) => item.toUpperCase())
		);
		expect(await Promise.all(['a', 'b'].map((item) => commit.add(item)))).toEqual(['A', 'B']);
	});

	it('writes one group at a time: what arrives meanwhile is the next group', async () => {
		const groups: string[][] = [];
		let release = () => {};
		const commit = new GroupCommit<string>(async (items) => {
			groups.push([...items]);
			if (groups.length === 1) await new Promise<void>((resolve) => (release = resolve));
		});
		const first = commit.add('a');
		await nextTurn();
		const later = [commit.add('b'), commit.add('c')];
		await nextTurn();
		expect(groups).toEqual([['a']]);
		release();
		await Promise.all([first, ...later]);
		expect(groups).toEqual([['a'], ['b', 'c']]);
	});

	it('fails every add of a failed group, and writes the next group afresh', async () => {
		const refused = new Error('database or disk is full');
		let fail = true;
		const written: string[] = [];
		const commit = new GroupCommit<string>(async (items) => {
			if (fail) throw refused;
			written.push(...items);
		});
		const results = await Promise.allSettled([commit.add('a'), commit.add('b')]);
		expect(results).toEqual([
			{ status: 'rejected', reason: refused },
			{ status: 'rejected', reason: refused }
		]);
		fail = false;
		await commit.add('c');
		expect(written).toEqual(['c']);
	});
});

describe.each(ENGINES)('GroupCommit with a transaction on %s', (engine) => {
	let store: Store;
	beforeEach(async () => {
		store = await openTestStore(engine);
	});
	afterEach(() => store.close());

	const tableT = (db: StoreDb) => db.withTables<{ t: { id: string } }>();

	it('puts a group in the store all or nothing', async () => {
		await tableT(store.db)
			.schema.createTable('t')
			.addColumn('id', 'text', (column) => column.primaryKey())
			.execute();
		const commit = new GroupCommit<string>((items) =>
			store.db.transaction().execute(async (trx) => {
				for (const id of items) await tableT(trx).insertInto('t').values({ id }).execute();
			})
		);
		const clash = await Promise.allSettled([commit.add('x'), commit.add('x')]);
		expect(clash.map((result) => result.status)).toEqual(['rejected', 'rejected']);
		const count = await tableT(store.db)
			.selectFrom('t')
			.select((eb) => eb.fn.countAll<number>().as('n'))
			.executeTakeFirstOrThrow();
		expect(Number(count.n)).toBe(0);
		await Promise.all([commit.add('x'), commit.add('y')]);
		await nextTurn();
		expect(await tableT(store.db).selectFrom('t').select('id').orderBy('id').execute()).toEqual([
			{ id: 'x' },
			{ id: 'y' }
		]);
	});
});
