/**
 * The food facts in words (food-facts.ts), for the guest screens, the read-aloud mode and the
 * receipt on screen and on paper (which is laid out on the server and so names its language).
 * The allergens are named as Regulation (EU) No 1169/2011 Annex II names them in each language;
 * the additives as the venue named them. A receipt lists a line's allergens and additives
 * (receiptFactsSentence). Each message named: a key built at run time would keep
 * every message of the app in a screen's JavaScript.
 */
import { nameIn } from './format.ts';
import type { AllergenId, DietId, FoodFacts } from './food-facts.ts';
import type { Translated } from './translated.ts';
import { m } from '#lib/paraglide/messages.js';
import type { Locale } from '#lib/paraglide/runtime.js';

type Label = (inputs?: Record<string, never>, options?: { locale?: Locale }) => string;

export const ALLERGEN_NAME: Record<AllergenId, Label> = {
	gluten: m.allergen_gluten,
	crustaceans: m.allergen_crustaceans,
	eggs: m.allergen_eggs,
	fish: m.allergen_fish,
	peanuts: m.allergen_peanuts,
	soybeans: m.allergen_soybeans,
	milk: m.allergen_milk,
	nuts: m.allergen_nuts,
	celery: m.allergen_celery,
	mustard: m.allergen_mustard,
	sesame: m.allergen_sesame,
	sulphites: m.allergen_sulphites,
	lupin: m.allergen_lupin,
	molluscs: m.allergen_molluscs
};

export const DIET_NAME: Record<DietId, Label> = {
	vegetarian: m.diet_vegetarian,
	vegan: m.diet_vegan
};

/** The venue's additives by id, as a menu item carries those it names. */
export type AdditiveNames = Record<string, Translated>;

export const allergenName = (id: AllergenId, locale: Locale) => ALLERGEN_NAME[id]({}, { locale });
export const dietName = (id: DietId, locale: Locale) => DIET_NAME[id]({}, { locale });
/** An additive the list no longer has is named by its id rather than left out. */
export const additiveName = (id: string, names: AdditiveNames, locale: Locale) =>
	names[id] ? nameIn(names[id], locale) : id;

/**
 * The facts in one sentence ("Contains: Cereals containing gluten, Mustard. Additives: with
 * colouring. Vegan."), for what is read aloud and for a receipt line; '' for none.
 */
export function factsSentence(facts: FoodFacts, names: AdditiveNames, locale: Locale): string {
	const parts: string[] = [];
	if (facts.allergens.length > 0)
		parts.push(
			m.food_contains(
				{ list: facts.allergens.map((id) => allergenName(id, locale)).join(', ') },
				{ locale }
			)
		);
	if (facts.additives.length > 0)
		parts.push(
			m.food_additives(
				{ list: facts.additives.map((id) => additiveName(id, names, locale)).join(', ') },
				{ locale }
			)
		);
	parts.push(...facts.diets.map((id) => `${dietName(id, locale)}.`));
	return parts.join(' ');
}

/**
 * A receipt line's allergens and additives in words ("Contains: Mustard. Additives: with
 * colouring."), the additives named as when the sale was quoted; '' for a line without either.
 */
export function receiptFactsSentence(
	{
		allergens = [],
		additives = []
	}: { allergens?: readonly AllergenId[]; additives?: readonly Translated[] },
	locale: Locale
): string {
	const parts: string[] = [];
	if (allergens.length > 0)
		parts.push(
			m.food_contains(
				{ list: allergens.map((id) => allergenName(id, locale)).join(', ') },
				{ locale }
			)
		);
	if (additives.length > 0)
		parts.push(
			m.food_additives(
				{ list: additives.map((name) => nameIn(name, locale)).join(', ') },
				{ locale }
			)
		);
	return parts.join(' ');
}
