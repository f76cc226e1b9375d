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

	it('gathers the changes of a burst into one write and one event', () => {
		vi.useFakeTimers();
		try {
			const feed = new OrderFeed(openDatabase(':memory:'), 20);
			const heard: number[] = [];
			feed.subscribe((sequence) => heard.push(sequence));
			for (let order = 0; order < 500; order += 1) feed.changed();
			expect(heard).toEqual([]);
			vi.advanceTimersByTime(20);
			expect(heard).toEqual([1]);
			expect(feed.current()).toBe(1);
			feed.changed();
			feed.close(); // the store closes: nothing is written or announced after it
			vi.advanceTimersByTime(20);
			expect(heard).toEqual([1]);
		} finally {
			vi.useRealTimers();
		}
	});
});
