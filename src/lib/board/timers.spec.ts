import { afterEach, describe, expect, it, vi } from 'vitest';
import { systemTimers } from './timers.ts';

afterEach(() => {
	vi.useRealTimers();
});

describe('systemTimers', () => {
	it('runs on the global timers and clock, also when they are faked after it was loaded', () => {
		vi.useFakeTimers({ now: 1_000 });
		const fired: string[] = [];
		systemTimers.setTimeout(() => fired.push('once'), 100);
		const cancelled = systemTimers.setTimeout(() => fired.push('cancelled'), 100);
		systemTimers.clearTimeout(cancelled);
		const repeat = systemTimers.setInterval(() => fired.push('again'), 40);
		vi.advanceTimersByTime(100);
		systemTimers.clearInterval(repeat);
		vi.advanceTimersByTime(1_000);
		expect(fired).toEqual(['again', 'again', 'once']);
		expect(systemTimers.now()).toBe(2_100);
	});
});
