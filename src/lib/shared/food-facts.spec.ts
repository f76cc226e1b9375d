import { describe, expect, it } from 'vitest';
import { factsSentence } from './food-fact-labels.ts';
import {
	ALLERGEN_IDS,
	factsWith,
	matchesFilter,
	NO_FACTS,
	NO_FILTER,
	unavoidableAllergens,
	type FoodFacts
} from './food-facts.ts';
import type { OptionGroup } from './product-options.ts';

const milkGroup = (min: number): OptionGroup => ({
	id: 'milk',
	name: { en: 'Milk' },
	min,
	max: 1,
	choices: [
		{ id: 'cow', name: { en: "Cow's milk" }, priceMinor: 0, allergens: ['milk'] },
		{ id: 'oat', name: { en: 'Oat milk' }, priceMinor: 40, allergens: ['gluten'] }
	]
});
const coffee: FoodFacts = { allergens: [], additives: [], diets: ['vegan'] };

describe('food facts', () => {
	it('are the 14 allergens of Annex II, in its order', () => {
		expect(ALLERGEN_IDS).toHaveLength(14);
		expect(ALLERGEN_IDS[0]).toBe('gluten');
		expect(ALLERGEN_IDS.at(-1)).toBe('molluscs');
	});

	it('of a line are the product’s plus its chosen choices’, a contradicted diet dropped', () => {
		const [cow, oat] = milkGroup(0).choices;
		expect(factsWith(coffee, [oat!])).toEqual({
			allergens: ['gluten'],
			additives: [],
			diets: ['vegan']
		});
		expect(factsWith({ ...coffee, additives: ['caffeine'] }, [cow!, oat!])).toEqual({
			allergens: ['gluten', 'milk'],
			additives: ['caffeine'],
			diets: []
		});
	});

	it('a guest cannot choose away: the product’s, and one every required choice has', () => {
		const bothMilk: OptionGroup = {
			...milkGroup(1),
			choices: milkGroup(1).choices.map((choice) => ({ ...choice, allergens: ['milk'] }))
		};
		expect(unavoidableAllergens({ ...NO_FACTS, allergens: ['mustard'] }, [milkGroup(1)])).toEqual([
			'mustard'
		]);
		expect(unavoidableAllergens(NO_FACTS, [bothMilk])).toEqual(['milk']);
		expect(unavoidableAllergens(NO_FACTS, [{ ...bothMilk, min: 0 }])).toEqual([]);
	});

	it('filter the menu: without an allergen, by diet; vegan counts as vegetarian', () => {
		const pretzel = { facts: { ...NO_FACTS, allergens: ['gluten' as const] }, options: [] };
		const water = { facts: { ...NO_FACTS, diets: ['vegan' as const] }, options: [] };
		const punch = { facts: { ...NO_FACTS, diets: ['vegetarian' as const] }, options: [] };
		const withoutGluten = { ...NO_FILTER, without: ['gluten' as const] };
		expect([pretzel, water, punch].map((p) => matchesFilter(p, withoutGluten))).toEqual([
			false,
			true,
			true
		]);
		const vegetarian = { ...NO_FILTER, diets: ['vegetarian' as const] };
		expect([pretzel, water, punch].map((p) => matchesFilter(p, vegetarian))).toEqual([
			false,
			true,
			true
		]);
		const vegan = { ...NO_FILTER, diets: ['vegan' as const] };
		expect([pretzel, water, punch].map((p) => matchesFilter(p, vegan))).toEqual([
			false,
			true,
			false
		]);
		expect(matchesFilter(pretzel, NO_FILTER)).toBe(true);
	});

	it('are said in one sentence in the guest’s language', () => {
		const facts: FoodFacts = { allergens: ['gluten', 'mustard'], additives: ['x'], diets: [] };
		const names = { x: { en: 'with colouring', de: 'mit Farbstoff' } };
		expect(factsSentence(facts, names, 'en')).toBe(
			'Contains: Cereals containing gluten, Mustard. Additives: with colouring.'
		);
		expect(factsSentence(facts, names, 'de')).toBe(
			'Enthält: Glutenhaltiges Getreide, Senf. Zusatzstoffe: mit Farbstoff.'
		);
		expect(factsSentence({ ...NO_FACTS, diets: ['vegan'] }, {}, 'de')).toBe('Vegan.');
		expect(factsSentence(NO_FACTS, {}, 'en')).toBe('');
	});
});
