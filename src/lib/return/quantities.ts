/**
 * The stepper screen's arithmetic: how many containers of each category the guest returns (at
 * most the active count; all of them unless they say otherwise), and the refund that makes, in
 * integer minor units per currency. Pure.
 */
import type { RefundTotal, ReturnCategory } from '#lib/shared/return-view.ts';
import type { Quantities } from './types.ts';

/** The default: everything still active on the code. */
export function allActive(categories: readonly ReturnCategory[]): Quantities {
	return Object.fromEntries(categories.map((c) => [c.categoryId, c.activeCount]));
}

/**
 * After the counts changed (spec 1 recovery rule 3): what the guest had chosen, but never more
 * than is active now; a category they had not seen starts at all active.
 */
export function adjustedTo(categories: readonly ReturnCategory[], chosen: Quantities): Quantities {
	return Object.fromEntries(
		categories.map((c) => [
			c.categoryId,
			Math.min(chosen[c.categoryId] ?? c.activeCount, c.activeCount)
		])
	);
}

/** A stepper's new value, kept within 0 … active. */
export function clamp(category: ReturnCategory, quantity: number): number {
	return Math.max(0, Math.min(category.activeCount, Math.trunc(quantity)));
}

export function chosenCount(categories: readonly ReturnCategory[], chosen: Quantities): number {
	return categories.reduce((sum, c) => sum + (chosen[c.categoryId] ?? 0), 0);
}

/** The refund of the choice: quantity × refund per container, summed per currency. */
export function chosenRefunds(
	categories: readonly ReturnCategory[],
	chosen: Quantities
): RefundTotal[] {
	const totals = new Map<string, number>();
	for (const c of categories) {
		const minor = (chosen[c.categoryId] ?? 0) * c.unitMinor;
		totals.set(c.currencyCode, (totals.get(c.currencyCode) ?? 0) + minor);
	}
	return [...totals].map(([currencyCode, minor]) => ({ currencyCode, minor }));
}
