import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../store/database.ts';
import { OrderFeed } from './order-feed.ts';

describe('OrderFeed', () => {
	it('numbers every change in the store, so the number survives a restart', () => {
		const dir = mkdtempSync(join(tmpdir(), 'feed-'));
		let db = openDatabase(dir);
		const feed = new OrderFeed(db);
		expect(feed.current()).toBe(0);
		feed.changed();
		feed.changed();
		expect(feed.current()).toBe(2);
		db.close();
		db = openDatabase(dir);
		const after = new OrderFeed(db);
		expect(after.current()).toBe(2);
		after.changed();
		expect(after.current()).toBe(3);
		db.close();
	});

	it('shares one sequence between two servers on one store', () => {
		const dir = mkdtempSync(join(tmpdir(), 'feed-'));
		const one = new OrderFeed(openDatabase(dir));
		const two = new OrderFeed(openDatabase(dir));
		one.changed();
		two.changed();
		one.changed();
		expect([one.current(), two.current()]).toEqual([3, 3]);
	});

	it('tells each listener the number, until it unsubscribes', () => {
		const feed = new OrderFeed(openDatabase(':memory:'));
		const heard: number[] = [];
		const stop = feed.subscribe((sequence) => heard.push(sequence));
		expect(feed.listening).toBe(1);
		feed.changed();
		feed.changed();
		stop();
		feed.changed();
		expect(heard).toEqual([1, 2]);
		expect(feed.listening).toBe(0);
	});

	it('announces a change after a quiet spell at once, and a burst at most once per spacing', () => {
		vi.useFakeTimers();
		try {
			const feed = new OrderFeed(openDatabase(':memory:'), 250);
			const heard: number[] = [];
			feed.subscribe((sequence) => heard.push(sequence));
			feed.changed();
			feed.changed();
			vi.advanceTimersByTime(0);
			expect(heard).toEqual([1]);
			// A burst right after: one write and one event, a spacing after the last.
			for (let order = 0; order < 500; order += 1) feed.changed();
			vi.advanceTimersByTime(249);
			expect(heard).toEqual([1]);
			vi.advanceTimersByTime(1);
			expect(heard).toEqual([1, 2]);
			expect(feed.current()).toBe(2);
			// Quiet for longer than the spacing: the next change goes out at once again.
			vi.advanceTimersByTime(1_000);
			feed.changed();
			vi.advanceTimersByTime(0);
			expect(heard).toEqual([1, 2, 3]);
			feed.changed();
			feed.close(); // the store closes: nothing is written or announced after it
			vi.advanceTimersByTime(1_000);
			expect(heard).toEqual([1, 2, 3]);
		} finally {
			vi.useRealTimers();
		}
	});

	it('waits no longer than one spacing when the clock is set back', () => {
		vi.useFakeTimers();
		try {
			const feed = new OrderFeed(openDatabase(':memory:'), 250);
			const heard: number[] = [];
			feed.subscribe((sequence) => heard.push(sequence));
			feed.changed();
			vi.advanceTimersByTime(0);
			vi.setSystemTime(Date.now() - 3_600_000);
			feed.changed();
			vi.advanceTimersByTime(250);
			expect(heard).toEqual([1, 2]);
		} finally {
			vi.useRealTimers();
		}
	});
});
