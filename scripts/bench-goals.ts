/**
 * How every `bench:*` script reports: each figure beside its goal, a table, and the exit code —
 * 1 when any goal is missed, so a bench can gate a change. Figures without a goal (context, such
 * as the simulator-direct time a ratio is taken against) are printed with an empty goal and never
 * fail a run.
 */

/** A goal: the figure must be at most (`max`) or at least (`min`) this. */
export type Goal = { max: number } | { min: number };

export interface Figure {
	what: string;
	value: number;
	/** The unit the value is in ("ms", "s", "KB", "×", "commits"…). */
	unit: string;
	goal?: Goal;
}

export function met(figure: Figure): boolean {
	const { goal, value } = figure;
	if (!goal) return true;
	return 'max' in goal ? value <= goal.max : value >= goal.min;
}

/** The `p`th percentile of `numbers` by nearest rank; NaN for none. */
export function percentile(numbers: readonly number[], p: number): number {
	const sorted = [...numbers].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** A run's times as the benches' tables show them: p50, p95, p99 and the longest. */
export function timeSummary(times: readonly number[]): {
	p50: number;
	p95: number;
	p99: number;
	max: number;
} {
	return {
		p50: percentile(times, 50),
		p95: percentile(times, 95),
		p99: percentile(times, 99),
		max: times.length === 0 ? NaN : Math.max(...times)
	};
}

function goalText(goal: Goal | undefined): string {
	if (!goal) return '';
	return 'max' in goal ? `≤ ${goal.max}` : `≥ ${goal.min}`;
}

/** Rounds for the table: whole numbers from 100 on, two decimals below. */
function shown(value: number): number {
	return Math.abs(value) >= 100 ? Math.round(value) : Number(value.toFixed(2));
}

/**
 * Prints `figures` as a table (what, value, unit, goal, met) and sets the exit code: 1 when a goal
 * is missed (naming each), otherwise leaves it as it is. Returns whether every goal was met.
 */
export function reportFigures(figures: Figure[]): boolean {
	console.table(
		figures.map((figure) => ({
			what: figure.what,
			value: shown(figure.value),
			unit: figure.unit,
			goal: goalText(figure.goal),
			met: figure.goal ? (met(figure) ? 'yes' : 'NO') : ''
		}))
	);
	const missed = figures.filter((figure) => !met(figure));
	if (missed.length === 0) return true;
	console.error(`Missed: ${missed.map(({ what }) => what).join('; ')}.`);
	process.exitCode = 1;
	return false;
}
