/**
 * A product's options ("modifiers": a size, extras, "no onions") and the one rule for a guest's
 * choice of them, shared by the guest screen (the dialog, the basket) and the server's quote, so
 * that what the screen accepts is what the sale charges. Prices are integer minor units.
 */
import type { AllergenId } from './food-facts.ts';
import type { Translated } from './translated.ts';

export interface OptionChoice {
	/** Unique among all the product's choices (a basket line names choices by id alone). */
	id: string;
	name: Translated;
	/** Added to the product's price per unit; 0 for a free choice ("no onions"). */
	priceMinor: number;
	/** What the choice adds to the product's allergens and additives (food-facts.ts factsWith). */
	allergens?: AllergenId[];
	additives?: string[];
	/** The age the choice is sold from (age-limits.ts lineAge); absent or 0 for none. */
	minAge?: number;
}

export interface OptionGroup {
	id: string;
	name: Translated;
	/** Choices the guest must take (1 for "exactly one size") … may take at most. */
	min: number;
	max: number;
	choices: OptionChoice[];
}

export type OptionProblem =
	| { kind: 'unknown-option'; optionId: string }
	| { kind: 'repeated-option'; optionId: string }
	| { kind: 'too-few-options'; groupId: string }
	| { kind: 'too-many-options'; groupId: string };

export type OptionChoiceResult =
	{ ok: true; chosen: OptionChoice[] } | { ok: false; problem: OptionProblem };

/**
 * The chosen choices, in menu order, when `optionIds` is a valid choice for the product: every
 * id known, none twice, each group between its min and max.
 */
export function chooseOptions(
	groups: readonly OptionGroup[],
	optionIds: readonly string[]
): OptionChoiceResult {
	const wanted = new Set<string>();
	for (const optionId of optionIds) {
		if (wanted.has(optionId)) return { ok: false, problem: { kind: 'repeated-option', optionId } };
		wanted.add(optionId);
	}
	const chosen: OptionChoice[] = [];
	for (const group of groups) {
		const inGroup = group.choices.filter((choice) => wanted.has(choice.id));
		if (inGroup.length < group.min)
			return { ok: false, problem: { kind: 'too-few-options', groupId: group.id } };
		if (inGroup.length > group.max)
			return { ok: false, problem: { kind: 'too-many-options', groupId: group.id } };
		for (const choice of inGroup) wanted.delete(choice.id);
		chosen.push(...inGroup);
	}
	const [unknown] = wanted;
	if (unknown !== undefined)
		return { ok: false, problem: { kind: 'unknown-option', optionId: unknown } };
	return { ok: true, chosen };
}

/** The product must be shown before it is added: a group asks for at least one choice. */
export const needsChoice = (groups: readonly OptionGroup[]) =>
	groups.some((group) => group.min > 0);

/**
 * A choice with a price of its own: a line of its own on the credit preview, the receipt and the
 * product query; a free one ("no onions") only names its product's line.
 */
export const isPriced = (choice: Pick<OptionChoice, 'priceMinor'>) => choice.priceMinor > 0;

/** The unit price with the chosen options: the product's gross plus each choice's price. */
export const unitPriceWith = (grossMinor: number, chosen: readonly OptionChoice[]) =>
	chosen.reduce((total, choice) => total + choice.priceMinor, grossMinor);

/** A basket line's options in one canonical order, so the same choice is the same line. */
export const sortedOptionIds = (optionIds: readonly string[]) =>
	[...optionIds].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/**
 * The productId a priced choice has at the platform (credit preview, product query endpoint):
 * spec 3 discounts per product, so each priced choice is a product of its own
 * (docs/platform-assumptions.md, "Product options").
 */
export const optionProductId = (productId: string, choiceId: string) => `${productId}~${choiceId}`;
