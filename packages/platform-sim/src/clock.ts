/**
 * Simulated time: the wall clock plus an offset that `POST /_sim/clock` moves forward.
 * The deposit scheme's only automatic behaviour is an expiry check "run every 5 minutes"
 * (spec 1, States); the clock keeps the schedule of those checks and runs every check that
 * has fallen due, in order, before the simulator handles a request or when time is advanced.
 */

export const EXPIRY_CHECK_INTERVAL_MS = 5 * 60_000;

export interface SimClock {
	/** Simulated epoch milliseconds. */
	now(): number;
	/** Moves simulated time forward by `ms` (≥ 0). */
	advance(ms: number): void;
	/** Instants of expiry checks that are due and not yet run, oldest first; marks them as run. */
	takeDueChecks(): number[];
}

export function createClock(wallClock: () => number = Date.now): SimClock {
	const startedAt = wallClock();
	let offsetMs = 0;
	let nextCheckAt = startedAt + EXPIRY_CHECK_INTERVAL_MS;
	const now = () => wallClock() + offsetMs;
	return {
		now,
		advance(ms) {
			if (!(ms >= 0)) throw new RangeError('time only moves forward');
			offsetMs += ms;
		},
		takeDueChecks() {
			const due: number[] = [];
			const current = now();
			while (nextCheckAt <= current) {
				due.push(nextCheckAt);
				nextCheckAt += EXPIRY_CHECK_INTERVAL_MS;
			}
			return due;
		}
	};
}
