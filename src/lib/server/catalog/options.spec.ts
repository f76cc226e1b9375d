import { describe, expect, it } from 'vitest';
import { exportCsv, importCsv, importJson } from './exchange.ts';

const fries = (options: unknown) => ({
	id: 'food_fries',
	category: 'food',
	name: 'Fries',
	grossPrice: 4.5,
	currencyCode: 'EUR',
	vat: 7,
	options
});
const size = {
	id: 'size',
	name: { en: 'Size', de: 'Größe' },
	min: 1,
	max: 1,
	choices: [
		{ id: 'small', name: 'Small', price: 0 },
		{ id: 'large', name: 'Large', price: 1 }
	]
};
const problemsOf = (options: unknown) => {
	const result = importJson(JSON.stringify([fries(options)]));
	return result.ok ? [] : result.problems;
};

describe('option groups in the menu file', () => {
	it('stores prices in minor units; a choice without a price is free, a group optional', () => {
		const result = importJson(
			JSON.stringify([
				fries([
					size,
					{
						id: 'leave-out',
						name: 'Leave out',
						max: 1,
						choices: [{ id: 'no-mayo', name: 'No mayo' }]
					}
				])
			])
		);
		if (!result.ok) throw new Error(result.problems.join('\n'));
		expect(result.products[0]!.options).toEqual([
			{
				id: 'size',
				name: { en: 'Size', de: 'Größe' },
				min: 1,
				max: 1,
				choices: [
					{ id: 'small', name: { en: 'Small' }, priceMinor: 0 },
					{ id: 'large', name: { en: 'Large' }, priceMinor: 100 }
				]
			},
			{
				id: 'leave-out',
				name: { en: 'Leave out' },
				min: 0,
				max: 1,
				choices: [{ id: 'no-mayo', name: { en: 'No mayo' }, priceMinor: 0 }]
			}
		]);
	});

	it('a product without options has none', () => {
		const result = importJson(JSON.stringify([{ ...fries(undefined) }]));
		expect(result.ok && result.products[0]!.options).toEqual([]);
	});

	it('refuses groups a guest could not satisfy, with the row and path', () => {
		expect(problemsOf([{ ...size, min: 2, max: 1 }])).toEqual([
			'product 1, options.0.min: min is more than max'
		]);
		expect(problemsOf([{ ...size, min: 1, max: 3 }])).toEqual([
			'product 1, options.0.max: max is more than the group has choices'
		]);
		expect(problemsOf([{ ...size, choices: [] }])).toEqual([
			expect.stringMatching(/^product 1, options\.0\.choices: /),
			'product 1, options.0.max: max is more than the group has choices'
		]);
	});

	it('refuses repeated ids, odd ids, negative or over-precise prices', () => {
		expect(problemsOf([size, { ...size, choices: [...size.choices].reverse() }])).toEqual([
			'product 1, options.1.id: group id size repeated',
			'product 1, options.1.choices.0.id: choice id large repeated',
			'product 1, options.1.choices.1.id: choice id small repeated'
		]);
		const choice = (patch: object) => [
			{ ...size, choices: [{ ...size.choices[0], ...patch }, size.choices[1]] }
		];
		expect(problemsOf(choice({ id: 'with space' }))).toEqual([
			'product 1, options.0.choices.0.id: 1 to 40 letters, digits, _ or -'
		]);
		expect(problemsOf(choice({ price: -1 }))).toEqual([
			expect.stringMatching(/^product 1, options\.0\.choices\.0\.price: /)
		]);
		expect(problemsOf(choice({ price: 0.005 }))).toEqual([
			'product 1, options.0.choices.0.price: too many decimal places'
		]);
		expect(problemsOf('Size')).toEqual([expect.stringMatching(/^product 1, options: /)]);
	});

	it('keeps a priced choice within spec 3 productId limit of 255 characters', () => {
		const result = importJson(JSON.stringify([{ ...fries([size]), id: 'p'.repeat(250) }]));
		expect(result).toEqual({
			ok: false,
			problems: [
				'product 1, options.0.choices.0.id: with the product id longer than 254 characters',
				'product 1, options.0.choices.1.id: with the product id longer than 254 characters'
			]
		});
	});

	it('CSV carries the groups as JSON text in the options column', () => {
		const imported = importJson(
			JSON.stringify([fries([size]), fries(undefined)].map((p, i) => ({ ...p, id: `p${i}` })))
		);
		if (!imported.ok) throw new Error('invalid');
		const csv = exportCsv(imported.products);
		expect(csv.split('\r\n')[0]).toContain(',options,');
		expect(importCsv(csv)).toEqual({ ...imported, names: { categories: {} } });
		const broken = csv.replace('"[{""id"":""size""', '"[{""id"":');
		expect(importCsv(broken)).toMatchObject({ ok: false });
		expect(importCsv(csv.replace(/"\[.*\]"/, 'not json'))).toEqual({
			ok: false,
			problems: [expect.stringMatching(/^row 2, options: /)]
		});
	});
});
