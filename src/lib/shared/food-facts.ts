/**
 * What a guest may need to know about a product before buying it, and the one vocabulary for it:
 * the 14 allergens of Regulation (EU) No 1169/2011 Annex II (Art. 9(1)(c); Art. 44 for food sold
 * unpacked, self-service included), the venue's additives (the German "Zusatzstoffe" a menu
 * names: the venue edits the list, catalog/additives.ts), and the diet labels vegetarian and
 * vegan (docs/allergens.md). A product has its facts, a choice of its options adds allergens and
 * additives of its own (oat milk in a coffee), so what a guest's line contains is the product's
 * list plus the chosen choices' lists. Shared: the server validates and stores the ids, the
 * screens name them and filter the menu by them with the same rules.
 */
import type { OptionChoice, OptionGroup } from './product-options.ts';

/** Annex II in its order; the ids are the exchange form's (menu file, CSV column). */
export const ALLERGEN_IDS = [
	'gluten',
	'crustaceans',
	'eggs',
	'fish',
	'peanuts',
	'soybeans',
	'milk',
	'nuts',
	'celery',
	'mustard',
	'sesame',
	'sulphites',
	'lupin',
	'molluscs'
] as const;
export type AllergenId = (typeof ALLERGEN_IDS)[number];

export const DIET_IDS = ['vegetarian', 'vegan'] as const;
export type DietId = (typeof DIET_IDS)[number];

export const isAllergenId = (id: string): id is AllergenId =>
	(ALLERGEN_IDS as readonly string[]).includes(id);
export const isDietId = (id: string): id is DietId => (DIET_IDS as readonly string[]).includes(id);

/** An additive's id in the venue's list: letters, digits and `-`. */
export const ADDITIVE_ID = /^[a-z0-9-]{1,40}$/;

/** A product's facts; each list without repeats, allergens in Annex II's order. */
export interface FoodFacts {
	allergens: AllergenId[];
	/** Ids of the venue's additive list. */
	additives: string[];
	diets: DietId[];
}

export const NO_FACTS: FoodFacts = { allergens: [], additives: [], diets: [] };

/**
 * Allergens a diet label rules out: staff cannot call a product vegan and list milk with it. The
 * label is the product's alone; a choice adds allergens, and one that contradicts the label
 * takes the label off its line (factsWith).
 */
export const ALLERGENS_AGAINST: Record<DietId, readonly AllergenId[]> = {
	vegetarian: ['fish', 'crustaceans', 'molluscs'],
	vegan: ['fish', 'crustaceans', 'molluscs', 'milk', 'eggs']
};

/** `ids` in Annex II's order, each once. */
export const inAnnexOrder = (ids: Iterable<AllergenId>): AllergenId[] => {
	const given = new Set(ids);
	return ALLERGEN_IDS.filter((id) => given.has(id));
};

/**
 * What a line contains: the product's lists plus those of the chosen choices; a diet label the
 * added allergens contradict (a vegan coffee with cow's milk) is dropped.
 */
export function factsWith(
	facts: FoodFacts,
	chosen: readonly Pick<OptionChoice, 'allergens' | 'additives'>[]
): FoodFacts {
	const allergens = inAnnexOrder([
		...facts.allergens,
		...chosen.flatMap((choice) => choice.allergens ?? [])
	]);
	return {
		allergens,
		additives: [
			...new Set([...facts.additives, ...chosen.flatMap((choice) => choice.additives ?? [])])
		],
		diets: facts.diets.filter(
			(diet) => !ALLERGENS_AGAINST[diet].some((id) => allergens.includes(id))
		)
	};
}

/**
 * The allergens a guest cannot choose away: the product's own, and one that every choice of a
 * group the guest must choose from contains.
 */
export function unavoidableAllergens(facts: FoodFacts, groups: readonly OptionGroup[]) {
	const forced = groups
		.filter((group) => group.min > 0)
		.flatMap((group) =>
			ALLERGEN_IDS.filter((id) =>
				group.choices.every((choice) => (choice.allergens ?? []).includes(id))
			)
		);
	return inAnnexOrder([...facts.allergens, ...forced]);
}

/** A guest's menu filter: products without these allergens, with these diet labels. */
export interface MenuFilter {
	without: AllergenId[];
	diets: DietId[];
}

export const NO_FILTER: MenuFilter = { without: [], diets: [] };

export const isFiltering = (filter: MenuFilter) =>
	filter.without.length > 0 || filter.diets.length > 0;

/** Whether a product is shown under the filter (a vegan product is vegetarian too). */
export function matchesFilter(
	product: { facts: FoodFacts; options: readonly OptionGroup[] },
	filter: MenuFilter
): boolean {
	const contains = unavoidableAllergens(product.facts, product.options);
	if (filter.without.some((id) => contains.includes(id))) return false;
	const diets = product.facts.diets.includes('vegan')
		? ['vegan', 'vegetarian']
		: product.facts.diets;
	return filter.diets.every((diet) => diets.includes(diet));
}
