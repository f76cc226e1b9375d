import { describe, expect, it } from 'vitest';
import { createClock, EXPIRY_CHECK_INTERVAL_MS } from './clock.ts';

describe('simulated clock', () => {
	it('runs on the wall clock plus the advanced offset', () => {
		let wall = 1_000_000;
		const clock = createClock(() => wall);
		wall += 500;
		clock.advance(60_000);
		expect(clock.now()).toBe(1_060_500);
	});

	it('hands out every 5-minute check that has fallen due, once, in order', () => {
		const start = 1_000_000;
		const clock = createClock(() => start);
		expect(clock.takeDueChecks()).toEqual([]);
		clock.advance(EXPIRY_CHECK_INTERVAL_MS * 3 - 1);
		expect(clock.takeDueChecks()).toEqual([
			start + EXPIRY_CHECK_INTERVAL_MS,
			start + EXPIRY_CHECK_INTERVAL_MS * 2
		]);
		clock.advance(1);
		expect(clock.takeDueChecks()).toEqual([start + EXPIRY_CHECK_INTERVAL_MS * 3]);
		expect(clock.takeDueChecks()).toEqual([]);
	});

	it('never moves backwards', () => {
		expect(() => createClock().advance(-1)).toThrow(RangeError);
	});
});
