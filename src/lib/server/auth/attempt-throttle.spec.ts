import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../store/store.ts';
import { ENGINES, openTestStore } from '../store/testing/test-stores.ts';
import { AttemptThrottle, LOGIN_BACKOFF, waitAfter } from './attempt-throttle.ts';

describe('the backoff', () => {
	it('is free for 5 failures, then 1 s doubling after each further one, capped at 15 minutes', () => {
		const waits = Array.from({ length: 17 }, (_, i) => waitAfter(i + 1, LOGIN_BACKOFF) / 1_000);
		expect(waits).toEqual([0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900]);
		expect(waitAfter(10_000, LOGIN_BACKOFF)).toBe(15 * 60_000);
	});
});

describe.each(ENGINES)('AttemptThrottle on %s', (engine) => {
	let store: Store;
	let now: number;
	beforeEach(async () => {
		store = await openTestStore(engine);
		now = Date.parse('2026-06-01T12:00:00Z');
	});
	afterEach(() => store.close());

	const throttle = () => new AttemptThrottle(store, LOGIN_BACKOFF, () => now);

	it('lets the free failures through, then makes each further attempt wait twice as long', async () => {
		const counters = throttle();
		for (let i = 0; i < 6; i += 1) {
			expect(await counters.attempt('address:a')).toEqual({ waitMs: 0, failuresBefore: i });
		}
		// The 6th failure's wait: refused, and not counted.
		expect(await counters.attempt('address:a')).toEqual({ waitMs: 1_000, failuresBefore: 6 });
		now += 999;
		expect((await counters.attempt('address:a')).waitMs).toBe(1);
		now += 1;
		expect(await counters.attempt('address:a')).toEqual({ waitMs: 0, failuresBefore: 6 });
		expect((await counters.attempt('address:a')).waitMs).toBe(2_000);
		// Other counters are untouched.
		expect(await counters.attempt('address:b')).toEqual({ waitMs: 0, failuresBefore: 0 });
	});

	it('never waits longer than the cap, and forgets a counter a day after its last failure', async () => {
		const counters = throttle();
		for (let counted = 0; counted < 30;) {
			const { waitMs } = await counters.attempt('name:eve');
			expect(waitMs).toBeLessThanOrEqual(15 * 60_000);
			if (waitMs === 0) counted += 1;
			now += waitMs;
		}
		expect(await counters.peek('name:eve')).toEqual({ waitMs: 15 * 60_000, failuresBefore: 30 });
		now += 24 * 3_600_000;
		expect(await counters.peek('name:eve')).toEqual({ waitMs: 0, failuresBefore: 0 });
		expect(await counters.attempt('name:eve')).toEqual({ waitMs: 0, failuresBefore: 0 });
	});

	it('a success clears its counters; count() counts even while a counter waits', async () => {
		const counters = throttle();
		for (let i = 0; i < 6; i += 1) await counters.count('name:sam');
		expect((await counters.peek('name:sam')).waitMs).toBe(1_000);
		await counters.count('name:sam');
		expect(await counters.peek('name:sam')).toEqual({ waitMs: 2_000, failuresBefore: 7 });
		await counters.succeed('name:sam', 'address:a');
		expect(await counters.peek('name:sam')).toEqual({ waitMs: 0, failuresBefore: 0 });
	});

	it('two servers on one store count the same failures', async () => {
		const [serverA, serverB] = [throttle(), throttle()];
		for (let i = 0; i < 6; i += 1) {
			expect((await (i % 2 ? serverB : serverA).attempt('screen:x')).waitMs).toBe(0);
		}
		expect((await serverB.attempt('screen:x')).waitMs).toBe(1_000);
		expect((await serverA.attempt('screen:x')).waitMs).toBe(1_000);
	});

	it('of 20 attempts at once, the free ones and one more get through; the rest wait, uncounted', async () => {
		const counters = throttle();
		const attempts = await Promise.all(
			Array.from({ length: 20 }, () => counters.attempt('address:10.0.0.1'))
		);
		expect(attempts.filter((attempt) => attempt.waitMs === 0)).toHaveLength(6);
		expect(await counters.peek('address:10.0.0.1')).toMatchObject({ failuresBefore: 6 });
	});
});
