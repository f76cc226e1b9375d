import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openSqliteStore } from '../store/sqlite-store.ts';
import type { Store } from '../store/store.ts';
import type { PostgresNotices } from '../store/change-notices.ts';
import { ENGINES, openSharedTestStores, openTestStore } from '../store/testing/test-stores.ts';
import { OrderFeed } from './order-feed.ts';
import { log } from '../logging/logger.ts';

describe('OrderFeed on one SQLite file', () => {
	it('numbers every change in the store, so the number survives a restart', async () => {
		const dir = mkdtempSync(join(tmpdir(), 'feed-'));
		let store = openSqliteStore(dir);
		const feed = new OrderFeed(store);
		expect(await feed.current()).toBe(0);
		feed.changed();
		feed.changed();
		expect(await feed.current()).toBe(2);
		await store.close();
		store = openSqliteStore(dir);
		const after = new OrderFeed(store);
		expect(await after.current()).toBe(2);
		after.changed();
		expect(await after.current()).toBe(3);
		await store.close();
	});
});

/** Every server's announcements are written (each one's `current` waits for its own). */
const written = (...servers: OrderFeed[]) => Promise.all(servers.map((feed) => feed.current()));

describe.each(ENGINES)('OrderFeed on %s', (engine) => {
	let store: Store;
	beforeEach(async () => {
		store = await openTestStore(engine);
	});
	afterEach(() => store.close());

	it('shares one sequence between two servers on one store', async () => {
		const [a, b] = await openSharedTestStores(engine, 2);
		try {
			const one = new OrderFeed(a!);
			const two = new OrderFeed(b!);
			one.changed();
			two.changed();
			one.changed();
			await written(one, two);
			expect([await one.current(), await two.current()]).toEqual([3, 3]);
		} finally {
			await Promise.all([a!.close(), b!.close()]);
		}
	});

	// Several servers share PostgreSQL only: a SQLite file has one server (its notices stay in it).
	it.runIf(engine === 'postgres')(
		'a change on either server reaches the listeners of both, in order, each number once',
		async () => {
			const [a, b] = await openSharedTestStores(engine, 2);
			try {
				const servers = [new OrderFeed(a!), new OrderFeed(b!)];
				const heard: number[][] = [[], []];
				servers.forEach((feed, index) =>
					feed.subscribe((sequence) => heard[index]!.push(sequence))
				);
				await Promise.all([a!, b!].map((store) => (store.notices as PostgresNotices).ready()));
				for (let change = 0; change < 20; change += 1) servers[change % 2]!.changed();
				await written(...servers);
				expect(await Promise.all(servers.map((feed) => feed.current()))).toEqual([20, 20]);
				// Both servers' boards end on the last change, having heard no number twice or backwards.
				await expect.poll(() => heard.map((numbers) => numbers.at(-1))).toEqual([20, 20]);
				for (const numbers of heard) {
					expect(numbers).toEqual(numbers.toSorted((x, y) => x - y));
					expect(new Set(numbers).size).toBe(numbers.length);
				}
			} finally {
				await Promise.all([a!.close(), b!.close()]);
			}
		}
	);

	it('tells each listener the number, until it unsubscribes', async () => {
		const feed = new OrderFeed(store);
		const heard: number[] = [];
		const stop = feed.subscribe((sequence) => heard.push(sequence));
		expect(feed.listening).toBe(1);
		feed.changed();
		feed.changed();
		await feed.current();
		stop();
		feed.changed();
		await feed.current();
		expect(heard).toEqual([1, 2]);
		expect(feed.listening).toBe(0);
	});

	it('logs a change it cannot write, and goes on', async () => {
		const logged = vi.spyOn(log, 'error').mockImplementation(() => {});
		try {
			const feed = new OrderFeed(store);
			await store.db.deleteFrom('order_feed').execute();
			feed.changed();
			await expect(feed.current()).rejects.toThrow();
			expect(logged).toHaveBeenCalledWith(expect.stringMatching(/^order feed: /));
		} finally {
			logged.mockRestore();
		}
	});
});

describe('OrderFeed spacing', () => {
	/** Lets the store's write of an announcement finish (fake timers hold no I/O back). */
	const written = (feed: OrderFeed) => feed.current();

	it('announces a change after a quiet spell at once, and a burst at most once per spacing', async () => {
		vi.useFakeTimers();
		try {
			const feed = new OrderFeed(openSqliteStore(':memory:'), 250);
			const heard: number[] = [];
			feed.subscribe((sequence) => heard.push(sequence));
			feed.changed();
			feed.changed();
			vi.advanceTimersByTime(0);
			await written(feed);
			expect(heard).toEqual([1]);
			// A burst right after: one write and one event, a spacing after the last.
			for (let order = 0; order < 500; order += 1) feed.changed();
			vi.advanceTimersByTime(249);
			await written(feed);
			expect(heard).toEqual([1]);
			vi.advanceTimersByTime(1);
			expect(await written(feed)).toBe(2);
			expect(heard).toEqual([1, 2]);
			// Quiet for longer than the spacing: the next change goes out at once again.
			vi.advanceTimersByTime(1_000);
			feed.changed();
			vi.advanceTimersByTime(0);
			await written(feed);
			expect(heard).toEqual([1, 2, 3]);
			feed.changed();
			feed.close(); // the store closes: nothing is written or announced after it
			vi.advanceTimersByTime(1_000);
			expect(await written(feed)).toBe(3);
			expect(heard).toEqual([1, 2, 3]);
		} finally {
			vi.useRealTimers();
		}
	});

	it('waits no longer than one spacing when the clock is set back', async () => {
		vi.useFakeTimers();
		try {
			const feed = new OrderFeed(openSqliteStore(':memory:'), 250);
			const heard: number[] = [];
			feed.subscribe((sequence) => heard.push(sequence));
			feed.changed();
			vi.advanceTimersByTime(0);
			await written(feed);
			vi.setSystemTime(Date.now() - 3_600_000);
			feed.changed();
			vi.advanceTimersByTime(250);
			await written(feed);
			expect(heard).toEqual([1, 2]);
		} finally {
			vi.useRealTimers();
		}
	});
});
