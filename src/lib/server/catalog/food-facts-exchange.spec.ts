import { describe, expect, it } from 'vitest';
import { DEFAULT_ADDITIVES } from './additives.ts';
import demoMenu from './demo-menu.json' with { type: 'json' };
import { exportCsv, exportJson, importCsv, importJson } from './exchange.ts';

const pretzel = {
	id: 'food_pretzel',
	category: 'food',
	name: { en: 'Pretzel' },
	grossPrice: 3,
	currencyCode: 'EUR',
	vat: 7
};

describe('food facts in the menu file', () => {
	it('are read and stored: allergens in Annex II order, a choice’s of its own', () => {
		const result = importJson(JSON.stringify(demoMenu));
		if (!result.ok) throw new Error(result.problems.join('\n'));
		const byId = new Map(result.products.map((product) => [product.id, product]));
		expect(byId.get('food_pretzel')!.facts.allergens).toEqual(['gluten']);
		expect(byId.get('food_bratwurst')!.facts).toEqual({
			allergens: ['gluten', 'mustard'],
			additives: ['phosphate'],
			diets: []
		});
		expect(byId.get('drink_lemonade')!.facts.additives).toEqual(['colouring', 'caffeine']);
		const milk = byId.get('drink_coffee')!.options.find((group) => group.id === 'milk')!;
		expect(milk.choices.map((choice) => choice.allergens)).toEqual([['milk'], ['gluten']]);
		const sorted = importJson(JSON.stringify([{ ...pretzel, allergens: ['milk', 'gluten'] }]));
		expect(sorted.ok && sorted.products[0]!.facts.allergens).toEqual(['gluten', 'milk']);
	});

	it('round-trip through JSON and CSV, the venue’s additive list with JSON', () => {
		const imported = importJson(JSON.stringify(demoMenu));
		if (!imported.ok) throw new Error('demo menu invalid');
		const { products } = imported;
		const additives = [...DEFAULT_ADDITIVES, { id: 'taurine', name: { en: 'with taurine' } }];
		const json = importJson(exportJson(products, undefined, additives));
		expect(json).toEqual({
			ok: true,
			products,
			names: { categories: {}, containers: {} },
			additives
		});
		const csv = exportCsv(products);
		expect(csv).toContain('gluten,mustard');
		expect(importCsv(csv)).toEqual({ ok: true, products, names: { categories: {} } });
	});

	it('refuses an unknown allergen, diet or additive, and a diet its allergens contradict', () => {
		const refused = (product: object) => importJson(JSON.stringify([product]));
		expect(refused({ ...pretzel, allergens: ['gluten', 'peanut'] })).toEqual({
			ok: false,
			problems: [
				expect.stringContaining(
					'product 1, allergens.1: unknown allergen "peanut"; the allergens are: gluten, crustaceans'
				)
			]
		});
		expect(refused({ ...pretzel, diets: ['keto'] })).toMatchObject({
			ok: false,
			problems: [expect.stringContaining('unknown diet "keto"')]
		});
		expect(refused({ ...pretzel, additives: ['taurine'] })).toMatchObject({
			ok: false,
			problems: [expect.stringContaining('unknown additive "taurine"')]
		});
		expect(refused({ ...pretzel, allergens: ['milk'], diets: ['vegan'] })).toMatchObject({
			ok: false,
			problems: ['product 1, diets: labelled vegan but contains milk']
		});
		const good = importJson(JSON.stringify([{ ...pretzel, allergens: ['gluten'] }]));
		if (!good.ok) throw new Error('pretzel invalid');
		const csv = exportCsv(good.products);
		expect(importCsv(csv.replace(',gluten,', ',"gluten,sesam",'))).toMatchObject({
			ok: false,
			problems: [expect.stringContaining('row 2, allergens.1: unknown allergen "sesam"')]
		});
	});
});
