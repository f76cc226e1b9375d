/**
 * A product's and an option choice's food facts at the boundary (menu file, CSV, setup's form):
 * every id from the shared vocabulary (#lib/shared/food-facts.ts), each refusal in the staff
 * member's language. An additive id must be in the venue's list, which the schema cannot know:
 * `unknownAdditives` checks that against the list in force.
 */
import { z } from 'zod';
import {
	ADDITIVE_ID,
	ALLERGEN_IDS,
	ALLERGENS_AGAINST,
	DIET_IDS,
	inAnnexOrder,
	isAllergenId,
	isDietId,
	type AllergenId,
	type DietId,
	type FoodFacts
} from '#lib/shared/food-facts.ts';
import { m } from '#lib/paraglide/messages.js';

const allergenId = z
	.string()
	.trim()
	.refine(isAllergenId, {
		error: (issue) =>
			m.menu_import_unknown_allergen({ id: String(issue.input), known: ALLERGEN_IDS.join(', ') })
	})
	.transform((id) => id as AllergenId);

const dietId = z
	.string()
	.trim()
	.refine(isDietId, {
		error: (issue) =>
			m.menu_import_unknown_diet({ id: String(issue.input), known: DIET_IDS.join(', ') })
	})
	.transform((id) => id as DietId);

export const allergenList = z
	.array(allergenId)
	.max(ALLERGEN_IDS.length * 2)
	.transform(inAnnexOrder);
export const additiveList = z
	.array(
		z
			.string()
			.trim()
			.regex(ADDITIVE_ID, { error: () => m.menu_import_additive_id() })
	)
	.max(100)
	.transform((ids) => [...new Set(ids)]);
export const dietList = z
	.array(dietId)
	.max(DIET_IDS.length * 2)
	.transform((ids) => DIET_IDS.filter((id) => ids.includes(id)));

/** The first diet label the allergens contradict (vegan with milk), if any. */
export function dietConflict(
	facts: Pick<FoodFacts, 'allergens' | 'diets'>
): { diet: DietId; allergen: AllergenId } | null {
	for (const diet of facts.diets) {
		const allergen = ALLERGENS_AGAINST[diet].find((id) => facts.allergens.includes(id));
		if (allergen) return { diet, allergen };
	}
	return null;
}

/** The ids of `used` that the venue's additive list does not have. */
export const unknownAdditives = (used: Iterable<string>, known: readonly { id: string }[]) =>
	[...new Set(used)].filter((id) => !known.some((additive) => additive.id === id));
