/**
 * What the return station's screen receives (#lib/shared/return-view.ts), built from the
 * platform's preview and validate answers (spec 1). Pure. Amounts are integer minor units: the refund of a line is
 * validatedCount × depositGross (spec 1 "Refund amount for an entry"), totals are sums of lines.
 */
import type { RefundTotal, ReturnCategory, ReturnedLine } from '#lib/shared/return-view.ts';
import type {
	DepositCategory,
	DepositPreviewItem,
	DepositValidateResult,
	ValidateDepositTransactionItem
} from '../platform/deposits.ts';
import type { ActiveCounts, RequestedReturn } from './lost-validate.ts';

/** A category of a preview, with its active count. */
export interface PreviewedCategory {
	category: DepositCategory;
	active: number;
}

/** The category's display name (spec 1: `revoTokenCategory` "display details", optional). */
function categoryName(category: DepositCategory): string {
	return category.revoTokenCategory?.name ?? category.id;
}

/**
 * A preview by category id, in the platform's order. Spec 1: "one per category"; a category
 * named twice makes the answer unusable (which count is right?): null.
 */
export function previewByCategory(
	preview: readonly DepositPreviewItem[]
): Map<string, PreviewedCategory> | null {
	const byId = new Map<string, PreviewedCategory>();
	for (const item of preview) {
		if (byId.has(item.category.id)) return null;
		byId.set(item.category.id, { category: item.category, active: item.activeItemCount });
	}
	return byId;
}

export function activeCounts(byId: ReadonlyMap<string, PreviewedCategory>): ActiveCounts {
	return new Map([...byId].map(([id, { active }]) => [id, active]));
}

/** The categories with active containers; expired and returned ones are not offered. */
export function returnCategories(
	byId: ReadonlyMap<string, PreviewedCategory>,
	deadlines: ReadonlyMap<string, string>
): ReturnCategory[] {
	return [...byId.values()]
		.filter(({ active }) => active > 0)
		.map(({ category, active }) => ({
			categoryId: category.id,
			name: categoryName(category),
			activeCount: active,
			unitMinor: category.depositGrossMinor,
			currencyCode: category.currencyCode,
			expirationHours: category.expirationHours,
			deadline: deadlines.get(category.id) ?? null
		}));
}

/**
 * The validate body: one entry per category with a quantity of at least 1 (spec 1 Limits). The
 * guest's choice is an object keyed by category id, so no category can appear twice and
 * DUPLICATE_CATEGORY_ID_IN_HYBRID_REVO_TOKEN_TRANSACTION cannot arise.
 */
export function validateItems(
	quantities: Readonly<Record<string, number>>
): ValidateDepositTransactionItem[] {
	return Object.entries(quantities)
		.filter(([, quantity]) => quantity > 0)
		.map(([hybridRevoTokenCategoryId, quantity]) => ({ hybridRevoTokenCategoryId, quantity }));
}

export const requestedOf = (items: readonly ValidateDepositTransactionItem[]): RequestedReturn[] =>
	items.map((item) => ({ categoryId: item.hybridRevoTokenCategoryId, quantity: item.quantity }));

function line(
	category: DepositCategory,
	returned: number,
	remaining: number,
	deadlines: ReadonlyMap<string, string>
): ReturnedLine {
	return {
		categoryId: category.id,
		name: categoryName(category),
		returned,
		remaining,
		unitMinor: category.depositGrossMinor,
		refundMinor: returned * category.depositGrossMinor,
		currencyCode: category.currencyCode,
		expirationHours: category.expirationHours,
		deadline: remaining > 0 ? (deadlines.get(category.id) ?? null) : null
	};
}

/**
 * The result of a validate the platform answered: its figures per returned category (spec 1
 * validate result), the other categories of the preview as they were.
 */
export function answeredLines(
	before: ReadonlyMap<string, PreviewedCategory>,
	results: readonly DepositValidateResult[],
	deadlines: ReadonlyMap<string, string>
): ReturnedLine[] {
	const answered = new Map(results.map((result) => [result.category.id, result]));
	const lines = [...before.values()]
		.filter(({ category, active }) => active > 0 || answered.has(category.id))
		.map(({ category, active }) => {
			const result = answered.get(category.id);
			return result
				? line(result.category, result.validatedCount, result.remainingItemCount, deadlines)
				: line(category, 0, active, deadlines);
		});
	for (const result of results) {
		if (!before.has(result.category.id)) {
			lines.push(
				line(result.category, result.validatedCount, result.remainingItemCount, deadlines)
			);
		}
	}
	return lines;
}

/** The result of a validate whose answer was lost and that the fresh preview showed done. */
export function recoveredLines(
	before: ReadonlyMap<string, PreviewedCategory>,
	requested: readonly RequestedReturn[],
	after: ActiveCounts,
	deadlines: ReadonlyMap<string, string>
): ReturnedLine[] {
	const quantities = new Map(requested.map(({ categoryId, quantity }) => [categoryId, quantity]));
	return [...before.values()]
		.filter(({ active }) => active > 0)
		.map(({ category }) =>
			line(category, quantities.get(category.id) ?? 0, after.get(category.id) ?? 0, deadlines)
		);
}

/** Refunds summed per currency, in minor units. */
export function refundTotals(lines: readonly ReturnedLine[]): RefundTotal[] {
	const totals = new Map<string, number>();
	for (const { currencyCode, refundMinor } of lines) {
		totals.set(currencyCode, (totals.get(currencyCode) ?? 0) + refundMinor);
	}
	return [...totals].map(([currencyCode, minor]) => ({ currencyCode, minor }));
}
