import { describe, expect, it } from 'vitest';
import { openDatabase, transaction } from './database.ts';
import { GroupCommit } from './group-commit.ts';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('GroupCommit', () => {
	it('writes what arrives in one turn as one group, and resolves each add only after it', async () => {
		const groups: string[][] = [];
		const commit = new GroupCommit<string>((items) => groups.push([...items]));
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

	it('fails every add of a failed group, and writes the next group afresh', async () => {
		const refused = new Error('database or disk is full');
		let fail = true;
		const written: string[] = [];
		const commit = new GroupCommit<string>((items) => {
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

	it('with a store transaction: a group is on disk all or nothing', async () => {
		const db = openDatabase(':memory:');
		db.exec('CREATE TABLE t (id TEXT PRIMARY KEY)');
		const insert = db.prepare('INSERT INTO t (id) VALUES (?)');
		const commit = new GroupCommit<string>((items) =>
			transaction(db, () => items.forEach((item) => insert.run(item)))
		);
		const clash = await Promise.allSettled([commit.add('x'), commit.add('x')]);
		expect(clash.map((result) => result.status)).toEqual(['rejected', 'rejected']);
		expect(db.prepare('SELECT count(*) AS n FROM t').get()).toEqual({ n: 0 });
		await Promise.all([commit.add('x'), commit.add('y')]);
		await nextTurn();
		expect(db.prepare('SELECT id FROM t ORDER BY id').all()).toEqual([{ id: 'x' }, { id: 'y' }]);
	});
});
