/**
 * Did a validate whose answer was lost (timeout, connection dropped, 500/502/504) take effect?
 * Spec 1 gives validate no idempotency key, so it is never repeated blindly; a fresh preview
 * decides. The facts it rests on:
 * - validate moves `quantity` ACTIVE items of each category to RETURNED (spec 1 States), all
 *   categories or none (a refused validate returns nothing: docs/platform-assumptions.md);
 * - no item ever becomes ACTIVE again (RETURNED and EXPIRED are final, spec 1 States), so active
 *   counts only go down.
 * With `before` taken just before the validate: a category whose count fell by at least its
 * quantity is consistent with the return; one that fell by less was certainly not returned.
 * Items that expired in between can only make a return look done, never undone: the decision
 * errs towards "done", so containers are never counted twice (the journal keeps the counts).
 */

/** Active containers per category id. */
export type ActiveCounts = ReadonlyMap<string, number>;

export interface RequestedReturn {
	categoryId: string;
	quantity: number;
}

/**
 * `happened`: every category fell by at least its quantity; `not-happened`: none did (the
 * validate can be sent again); `inconsistent`: some did and some did not, or a count rose —
 * neither is possible for one validate, so a person looks at it.
 */
export type LostValidateDecision = 'happened' | 'not-happened' | 'inconsistent';

export function decideLostValidate(
	before: ActiveCounts,
	requested: readonly RequestedReturn[],
	after: ActiveCounts
): LostValidateDecision {
	let returned = 0;
	for (const { categoryId, quantity } of requested) {
		const was = before.get(categoryId) ?? 0;
		// A category the fresh preview leaves out has no active items (spec 1 preview).
		const now = after.get(categoryId) ?? 0;
		if (now > was) return 'inconsistent';
		if (now <= was - quantity) returned += 1;
	}
	if (returned === requested.length) return 'happened';
	return returned === 0 ? 'not-happened' : 'inconsistent';
}
