/**
 * A periodic job runs on one server at a time, on both engines: of two servers whose timers
 * fire together one runs it; the holder runs it again on its next tick; the other takes over
 * only once the lease has lapsed; a run longer than the interval keeps its lease.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { JobLeases } from './job-leases.ts';
import type { Store } from './store.ts';
import { ENGINES, openSharedTestStores } from './testing/test-stores.ts';

describe.each(ENGINES)('job leases on %s', (engine) => {
	let stores: Store[];
	let clock: Date;
	const now = () => clock;
	beforeEach(async () => {
		stores = await openSharedTestStores(engine, 2);
		clock = new Date('2026-11-23T10:00:00.000Z');
	});
	afterEach(async () => {
		await Promise.all(stores.map((store) => store.close()));
	});
	const servers = () => [
		new JobLeases(stores[0]!, { owner: 'server-a', now }),
		new JobLeases(stores[1]!, { owner: 'server-b', now })
	];

	it('of two servers whose timers fire together, one runs the job', async () => {
		const [a, b] = servers() as [JobLeases, JobLeases];
		const ran: string[] = [];
		const results = await Promise.all([
			a.runExclusive('resolve-journal', 60_000, async () => ran.push('a')),
			b.runExclusive('resolve-journal', 60_000, async () => ran.push('b'))
		]);
		expect(ran).toHaveLength(1);
		expect(results.filter((result) => result === undefined)).toHaveLength(1);
	});

	it('the holder runs it again next tick; the other only once the lease has lapsed', async () => {
		const [a, b] = servers() as [JobLeases, JobLeases];
		const ran: string[] = [];
		await a.runExclusive('refresh', 60_000, async () => ran.push('a'));
		clock = new Date(clock.getTime() + 30_000);
		await b.runExclusive('refresh', 60_000, async () => ran.push('b'));
		await a.runExclusive('refresh', 60_000, async () => ran.push('a'));
		// A stops (killed): its lease, taken at +30 s, lapses at +90 s.
		clock = new Date(clock.getTime() + 59_999);
		await b.runExclusive('refresh', 60_000, async () => ran.push('b'));
		clock = new Date(clock.getTime() + 1);
		await b.runExclusive('refresh', 60_000, async () => ran.push('b'));
		await a.runExclusive('refresh', 60_000, async () => ran.push('a'));
		expect(ran).toEqual(['a', 'a', 'b']);
	});

	it('jobs have leases of their own', async () => {
		const [a, b] = servers() as [JobLeases, JobLeases];
		expect(await a.runExclusive('refresh', 60_000, async () => 'a')).toBe('a');
		expect(await b.runExclusive('recover-sales', 60_000, async () => 'b')).toBe('b');
	});

	it('a run longer than its interval keeps its lease', async () => {
		// The renewal's timer on the clock the lease is written with: each renewal is seen landing.
		vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
		try {
			const [a, b] = servers() as [JobLeases, JobLeases];
			const leaseUntil = async () =>
				(
					await stores[0]!.db
						.selectFrom('job_leases')
						.select('until')
						.where('name', '=', 'recover-sales')
						.executeTakeFirst()
				)?.until;
			let finish = () => {};
			const long = a.runExclusive(
				'recover-sales',
				40,
				() => new Promise<string>((done) => (finish = () => done('a')))
			);
			await expect.poll(() => vi.getTimerCount()).toBe(1);
			// Time passes beyond the interval: every half interval the lease is renewed.
			for (let step = 0; step < 4; step += 1) {
				clock = new Date(clock.getTime() + 20);
				vi.advanceTimersByTime(20);
				await expect.poll(leaseUntil).toBe(new Date(clock.getTime() + 40).toISOString());
			}
			expect(await b.runExclusive('recover-sales', 40, async () => 'b')).toBeUndefined();
			finish();
			expect(await long).toBe('a');
		} finally {
			vi.useRealTimers();
		}
	});
});
