import { describe, expect, it } from 'vitest';
import demoMenu from './demo-menu.json' with { type: 'json' };
import { exportCsv, exportJson, importCsv, importJson } from './exchange.ts';

const water = {
	id: 'drink_water',
	category: 'drinks',
	name: { en: 'Water' },
	grossPrice: 2,
	currencyCode: 'EUR',
	vat: 19
};

describe('minimum ages in the menu file', () => {
	it('are read from JSON and CSV and round-trip, a choice’s of its own', () => {
		const imported = importJson(JSON.stringify(demoMenu));
		if (!imported.ok) throw new Error(imported.problems.join('\n'));
		const byId = new Map(imported.products.map((product) => [product.id, product]));
		expect(byId.get('drink_pils')!.minAge).toBe(16);
		expect(byId.get('drink_spritz')!.minAge).toBe(18);
		expect(byId.get('drink_lemonade')!.minAge).toBe(0);
		const withRum = {
			...water,
			id: 'drink_water_rum',
			options: [
				{
					id: 'extra',
					name: { en: 'Extra' },
					max: 1,
					choices: [{ id: 'rum', name: { en: 'Rum' }, price: 2, minAge: 18 }]
				}
			]
		};
		const products = [
			...imported.products,
			...(importJson(JSON.stringify([withRum])) as { ok: true; products: typeof imported.products })
				.products
		];
		const json = importJson(exportJson(products));
		const csv = importCsv(exportCsv(products));
		expect(json.ok && json.products).toEqual(products);
		expect(csv.ok && csv.products).toEqual(products);
		expect(products.at(-1)!.options[0]!.choices[0]!.minAge).toBe(18);
	});

	it.each([
		['an age outside the range', 'json', { ...water, minAge: 99 }, 'product 1, minAge'],
		['not a number', 'json', { ...water, minAge: 'adult' }, 'product 1, minAge'],
		['an age the venue has no limit for', 'json', { ...water, minAge: 14 }, 'product 1, minAge'],
		['a bad CSV cell', 'csv', 'abc', 'row 2, minAge']
	])('refuses the whole file for %s, naming the row and field', (_, format, row, where) => {
		const result =
			format === 'json'
				? importJson(JSON.stringify([{ ...water, id: 'ok' }, row].reverse()))
				: importCsv(
						`id,category,name_en,grossPrice,currencyCode,vat,minAge\nw,drinks,Water,2,EUR,19,${String(row)}\n`
					);
		expect(result.ok).toBe(false);
		if (result.ok) return;
		expect(result.problems.join('\n')).toContain(where);
	});
});
