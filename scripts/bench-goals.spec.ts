import { afterEach, describe, expect, it, vi } from 'vitest';
import { met, reportFigures, timeSummary } from './bench-goals.ts';

describe('bench goals', () => {
	afterEach(() => {
		vi.restoreAllMocks();
		process.exitCode = undefined;
	});

	it('a figure meets an upper or a lower goal at the bound, misses it past; no goal always meets', () => {
		expect(met({ what: 'p50', value: 1.5, unit: '×', goal: { max: 1.5 } })).toBe(true);
		expect(met({ what: 'p50', value: 1.51, unit: '×', goal: { max: 1.5 } })).toBe(false);
		expect(met({ what: 'sales/s', value: 40, unit: '/s', goal: { min: 40 } })).toBe(true);
		expect(met({ what: 'sales/s', value: 39, unit: '/s', goal: { min: 40 } })).toBe(false);
		expect(met({ what: 'direct p50', value: 1e9, unit: 'ms' })).toBe(true);
	});

	it('a missed goal is named and sets the exit code; all met leaves it alone', () => {
		vi.spyOn(console, 'table').mockImplementation(() => {});
		const error = vi.spyOn(console, 'error').mockImplementation(() => {});
		expect(reportFigures([{ what: 'build', value: 10, unit: 's', goal: { max: 45 } }])).toBe(true);
		expect(process.exitCode).toBeUndefined();
		expect(
			reportFigures([
				{ what: 'build', value: 50, unit: 's', goal: { max: 45 } },
				{ what: 'direct', value: 3, unit: 'ms' }
			])
		).toBe(false);
		expect(process.exitCode).toBe(1);
		expect(error).toHaveBeenCalledWith('Missed: build.');
	});

	it('the longest time is the largest of the run, not the last to finish, and never below p99', () => {
		// Answers are timed in the order they finish: the slowest is not the last.
		const times = [3, 90, 5, 7, 2];
		expect(timeSummary(times)).toEqual({ p50: 5, p95: 90, p99: 90, max: 90 });
		expect(timeSummary([])).toMatchObject({ max: NaN });
	});
});
