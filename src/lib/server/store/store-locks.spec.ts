/**
 * A lock per thing across the servers of one store, on both engines: a second server waits
 * until the first is done, then works; it gives up when the holder keeps it too long; a dead
 * holder's lock frees itself when its lease runs out.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { claimLease } from './job-leases.ts';
import type { Store } from './store.ts';
import { LockTimeoutError, StoreLocks } from './store-locks.ts';
import { ENGINES, openSharedTestStores } from './testing/test-stores.ts';

describe.each(ENGINES)('store locks on %s', (engine) => {
	let stores: Store[];
	beforeEach(async () => {
		stores = await openSharedTestStores(engine, 2);
	});
	afterEach(async () => {
		await Promise.all(stores.map((store) => store.close()));
	});

	it('two servers working on one thing at once take turns; other things run beside them', async () => {
		// Waits long enough for any machine's load: what is tried is that they take turns.
		const a = new StoreLocks(stores[0]!, { leaseMs: 10_000, waitMs: 30_000, retryMs: 10 });
		const b = new StoreLocks(stores[1]!, { leaseMs: 10_000, waitMs: 30_000, retryMs: 10 });
		const log: string[] = [];
		const work = (who: string) => async () => {
			log.push(`${who} starts`);
			await new Promise((resolve) => setTimeout(resolve, 50));
			log.push(`${who} ends`);
			return who;
		};
		const results = await Promise.all([a.run('code-1', work('a')), b.run('code-1', work('b'))]);
		expect(results).toEqual(['a', 'b']);
		expect(log[1]).toMatch(/ends$/);
		expect(log[3]).toMatch(/ends$/);
		expect(await b.run('code-2', async () => 'free')).toBe('free');
	});

	it('gives up when another server holds the thing too long; a dead holder’s lock lapses', async () => {
		// A server died holding the lock: its lease runs 200 ms of the leases' clock.
		let clock = new Date('2026-11-23T10:00:00.000Z');
		const now = () => clock;
		expect(
			await claimLease(stores[0]!, { name: 'code-3', owner: 'dead', now: clock, ms: 200 })
		).toBe(true);
		const b = new StoreLocks(stores[1]!, { leaseMs: 10_000, waitMs: 50, retryMs: 10, now });
		await expect(b.run('code-3', async () => 'b')).rejects.toThrow(LockTimeoutError);
		clock = new Date(clock.getTime() + 200);
		expect(await b.run('code-3', async () => 'b')).toBe('b');
	});
});
