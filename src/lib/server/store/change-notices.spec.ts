/**
 * Changes reach every server on the store: on PostgreSQL through LISTEN/NOTIFY, also after the
 * listening connection was cut (the listeners are told to read again); on SQLite within the one
 * process that owns the file.
 */
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { PostgresNotices, type NoticeListener } from './change-notices.ts';
import type { Store } from './store.ts';
import { openSharedTestStores, openTestStore, runsOn } from './testing/test-stores.ts';

function recorder(): NoticeListener & { notices: string[]; reconnects: number } {
	const record = {
		notices: [] as string[],
		reconnects: 0,
		notice: (payload: string) => void record.notices.push(payload),
		reconnected: () => void (record.reconnects += 1)
	};
	return record;
}

let stores: Store[] = [];
afterEach(async () => {
	await Promise.all(stores.map((store) => store.close()));
	stores = [];
});

describe.runIf(runsOn('postgres'))('change notices on PostgreSQL', () => {
	it('a change published on server A reaches the listeners of A and B, of that topic only', async () => {
		stores = await openSharedTestStores('postgres', 2);
		const [a, b] = stores as [Store, Store];
		const onA = recorder();
		const onB = recorder();
		const otherTopic = recorder();
		a.notices.subscribe('order_feed', onA);
		b.notices.subscribe('order_feed', onB);
		b.notices.subscribe('other', otherTopic);
		await Promise.all([
			(a.notices as PostgresNotices).ready(),
			(b.notices as PostgresNotices).ready()
		]);

		await a.notices.publish('order_feed', '7');
		// Each server hears it on its own listening connection, in no set order between them.
		await expect.poll(() => onB.notices).toEqual(['7']);
		await expect.poll(() => onA.notices).toEqual(['7']);
		expect(otherTopic.notices).toEqual([]);
	});

	it('stores in other schemas of the same database do not hear each other', async () => {
		const [one, two] = await Promise.all([openTestStore('postgres'), openTestStore('postgres')]);
		stores = [one, two];
		const onTwo = recorder();
		two.notices.subscribe('order_feed', onTwo);
		await (two.notices as PostgresNotices).ready();
		await one.notices.publish('order_feed', '1');
		await two.notices.publish('order_feed', '2');
		await expect.poll(() => onTwo.notices).toEqual(['2']);
	});

	it('a cut listening connection comes back by itself and says so; later changes arrive again', async () => {
		stores = await openSharedTestStores('postgres', 2);
		const [a, b] = stores as [Store, Store];
		const onB = recorder();
		b.notices.subscribe('order_feed', onB);
		await (b.notices as PostgresNotices).ready();

		// The database ends B's listening session (a fail-over, a restart); only this test's
		// schema, so listeners of other test files are left alone.
		const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(a.db);
		const listening = `LISTEN "${rows[0]!.schema}_order_feed"`;
		const ended = await sql<{ ended: boolean }>`SELECT pg_terminate_backend(pid) AS ended
			FROM pg_stat_activity WHERE query = ${listening}`.execute(a.db);
		expect(ended.rows).toEqual([{ ended: true }]);
		await expect.poll(() => onB.reconnects).toBe(1);

		await a.notices.publish('order_feed', '8');
		await expect.poll(() => onB.notices).toEqual(['8']);
	});
});

describe.runIf(runsOn('sqlite'))('change notices on SQLite', () => {
	it('reach this process’s listeners of the topic', async () => {
		stores = [await openTestStore('sqlite')];
		const listener = recorder();
		const unsubscribe = stores[0]!.notices.subscribe('order_feed', listener);
		await stores[0]!.notices.publish('order_feed', '3');
		unsubscribe();
		await stores[0]!.notices.publish('order_feed', '4');
		expect(listener.notices).toEqual(['3']);
	});
});
