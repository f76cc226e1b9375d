import { describe, expect, it } from 'vitest';
import demoMenu from '../catalog/demo-menu.json' with { type: 'json' };
import { importJson } from '../catalog/exchange.ts';
import type { DepositConfiguration } from '../platform/deposits.ts';
import { basketSchema, quoteSale, type Basket } from './quote.ts';

const menu = importJson(JSON.stringify(demoMenu));
if (!menu.ok) throw new Error('demo menu invalid');
const products = menu.products;

const category = (
	id: string,
	name: string,
	depositGrossMinor: number,
	expirationHours: number
) => ({
	id,
	expirationHours,
	depositGrossMinor,
	currencyCode: 'EUR',
	revoTokenCategory: { id, name, currencyCode: 'EUR' }
});
const CUP = category('cat_cup', 'Reusable cup 0.4 l', 200, 48);
const PITCHER = category('cat_pitcher', 'Pitcher 1.5 l', 500, 12);
const NO_FEE = { minor: 0, vatBp: 1900 };
const configuration: DepositConfiguration = {
	revoTokenProducts: [],
	hybridRevoTokenProducts: [
		{ id: 'm1', productId: 'drink_pils', hybridCategory: CUP },
		{ id: 'm2', productId: 'drink_lemonade', hybridCategory: CUP },
		{ id: 'm3', productId: 'drink_pitcher', hybridCategory: PITCHER }
	]
};

describe('what a quoted line contains', () => {
	it('keeps its allergens and names its additives from the venue’s list, an unknown one by id', () => {
		const bratwurst = products.find((product) => product.id === 'food_bratwurst')!;
		const result = quoteSale({
			basket: [
				{ productId: 'food_bratwurst', quantity: 1 },
				{ productId: 'drink_water', quantity: 1 }
			],
			products: [
				{ ...bratwurst, facts: { ...bratwurst.facts, additives: ['phosphate', 'smoke'] } },
				...products.filter((product) => product.id === 'drink_water')
			],
			additives: [{ id: 'phosphate', name: { en: 'with phosphate', de: 'mit Phosphat' } }],
			depositConfiguration: null,
			depositVatBp: 0,
			serviceFee: NO_FEE
		});
		if (!result.ok) throw new Error(JSON.stringify(result.problem));
		const [sausage, water] = result.quote.lines;
		expect(sausage).toMatchObject({
			allergens: ['gluten', 'mustard'],
			additives: [{ en: 'with phosphate', de: 'mit Phosphat' }, { en: 'smoke' }]
		});
		expect(water).not.toHaveProperty('additives');
	});
});

describe('quoteSale', () => {
	it('prices lines from the menu and derives one deposit line per category; totals add up', () => {
		const result = quoteSale({
			basket: [
				{ productId: 'drink_pils', quantity: 2 },
				{ productId: 'drink_lemonade', quantity: 1 },
				{ productId: 'drink_pitcher', quantity: 1 },
				{ productId: 'food_pretzel', quantity: 3 },
				{ productId: 'drink_pils', quantity: 1 }
			],
			products,
			depositConfiguration: configuration,
			depositVatBp: 0,
			serviceFee: NO_FEE
		});
		if (!result.ok) throw new Error(JSON.stringify(result.problem));
		const { quote } = result;
		expect(quote.lines.map((l) => [l.productId, l.quantity, l.lineMinor])).toEqual([
			['drink_pils', 3, 1650],
			['drink_lemonade', 1, 450],
			['drink_pitcher', 1, 1600],
			['food_pretzel', 3, 900]
		]);
		expect(quote.depositLines).toEqual([
			{
				categoryId: 'cat_cup',
				name: 'Reusable cup 0.4 l',
				quantity: 4,
				unitMinor: 200,
				vatBp: 0,
				lineMinor: 800,
				expirationHours: 48
			},
			{
				categoryId: 'cat_pitcher',
				name: 'Pitcher 1.5 l',
				quantity: 1,
				unitMinor: 500,
				vatBp: 0,
				lineMinor: 500,
				expirationHours: 12
			}
		]);
		expect(quote.depositItems).toEqual([
			{ productId: 'drink_pils', quantity: 3 },
			{ productId: 'drink_lemonade', quantity: 1 },
			{ productId: 'drink_pitcher', quantity: 1 }
		]);
		expect(quote.goodsMinor).toBe(4600);
		expect(quote.depositMinor).toBe(1300);
		expect(quote.totalMinor).toBe(5900);
		expect(quote.goodsMinor).toBe(quote.lines.reduce((s, l) => s + l.unitMinor * l.quantity, 0));
	});

	it('keeps the VAT rate of every line and the service fee it was made with', () => {
		const result = quoteSale({
			basket: [
				{ productId: 'drink_pils', quantity: 1 },
				{ productId: 'food_pretzel', quantity: 1 }
			],
			products,
			depositConfiguration: configuration,
			depositVatBp: 700,
			serviceFee: { minor: 50, vatBp: 1900 }
		});
		if (!result.ok) throw new Error(JSON.stringify(result.problem));
		expect(result.quote.lines.map((l) => [l.productId, l.vatBp])).toEqual([
			['drink_pils', 1900],
			['food_pretzel', 700]
		]);
		expect(result.quote.depositLines.map((l) => [l.categoryId, l.vatBp])).toEqual([
			['cat_cup', 700]
		]);
		expect(result.quote).toMatchObject({
			totalMinor: 1050,
			serviceFeeMinor: 50,
			serviceFeeVatBp: 1900
		});
	});

	it('no deposit lines when the configuration is off', () => {
		const result = quoteSale({
			basket: [{ productId: 'drink_pils', quantity: 1 }],
			products,
			depositConfiguration: null,
			depositVatBp: 0,
			serviceFee: NO_FEE
		});
		expect(result.ok && result.quote).toMatchObject({
			depositLines: [],
			depositItems: [],
			totalMinor: 550
		});
	});

	it('a basket without mapped products has no deposit lines', () => {
		const result = quoteSale({
			basket: [{ productId: 'food_bratwurst', quantity: 2 }],
			products,
			depositConfiguration: configuration,
			depositVatBp: 0,
			serviceFee: NO_FEE
		});
		expect(result.ok && result.quote).toMatchObject({ depositLines: [], totalMinor: 1000 });
	});

	it.each([
		[[{ productId: 'nope', quantity: 1 }], { kind: 'unknown-product', productId: 'nope' }],
		[[{ productId: 'food_fries', quantity: 1 }], { kind: 'unavailable', productId: 'food_fries' }],
		[
			[
				{ productId: 'drink_water', quantity: 15 },
				{ productId: 'drink_water', quantity: 15 }
			],
			{ kind: 'quantity', productId: 'drink_water' }
		]
	])('refuses %j', (basket, problem) => {
		expect(
			quoteSale({
				basket,
				products,
				depositConfiguration: configuration,
				depositVatBp: 0,
				serviceFee: NO_FEE
			})
		).toEqual({
			ok: false,
			problem
		});
	});
});

describe('quoteSale with product options', () => {
	const quote = (basket: Basket) =>
		quoteSale({
			basket,
			products,
			depositConfiguration: COFFEE_IN_CUPS,
			depositVatBp: 0,
			serviceFee: NO_FEE
		});
	const CUP_DEPOSIT = category('cat_coffee_cup', 'Coffee cup', 300, 24);
	const COFFEE_IN_CUPS: DepositConfiguration = {
		revoTokenProducts: [],
		hybridRevoTokenProducts: [{ id: 'm4', productId: 'drink_coffee', hybridCategory: CUP_DEPOSIT }]
	};

	it('prices a unit as the product plus its chosen choices, in integer minor units', () => {
		const result = quote([
			{ productId: 'drink_coffee', options: ['oat-milk', 'large'], quantity: 2 },
			{ productId: 'drink_coffee', options: ['regular'], quantity: 1 },
			{
				productId: 'food_bratwurst',
				options: ['no-onions', 'cheese', 'extra-mustard'],
				quantity: 1
			}
		]);
		if (!result.ok) throw new Error(JSON.stringify(result.problem));
		expect(
			result.quote.lines.map((l) => [
				l.productId,
				l.options.map((o) => o.id),
				l.baseMinor,
				l.unitMinor,
				l.quantity,
				l.lineMinor,
				l.vatBp
			])
		).toEqual([
			// 3.20 + 0.80 + 0.40; options in menu order, whatever order the browser sent.
			['drink_coffee', ['large', 'oat-milk'], 320, 440, 2, 880, 550],
			['drink_coffee', ['regular'], 320, 320, 1, 320, 550],
			// 5.00 + 0.50 + 1.00, "no onions" free; an option's VAT is its product's.
			['food_bratwurst', ['extra-mustard', 'cheese', 'no-onions'], 500, 650, 1, 650, 700]
		]);
		expect(result.quote.lines[0]!.options[1]).toEqual({
			id: 'oat-milk',
			name: { en: 'Oat milk', de: 'Hafermilch' },
			priceMinor: 40
		});
		expect(result.quote.goodsMinor).toBe(1850);
		// Deposits per unit of the product, whatever its options: one create item per product.
		expect(result.quote.depositLines).toMatchObject([
			{ categoryId: 'cat_coffee_cup', quantity: 3 }
		]);
		expect(result.quote.depositItems).toEqual([{ productId: 'drink_coffee', quantity: 3 }]);
		expect(result.quote.totalMinor).toBe(1850 + 900);
	});

	it('one line per product and choice: the same options in another order add up', () => {
		const result = quote([
			{ productId: 'drink_coffee', options: ['large', 'oat-milk'], quantity: 1 },
			{ productId: 'drink_coffee', options: ['oat-milk', 'large'], quantity: 2 }
		]);
		expect(result.ok && result.quote.lines.map((l) => [l.quantity, l.lineMinor])).toEqual([
			[3, 1320]
		]);
	});

	it.each([
		[['regular', 'whipped-cream'], { kind: 'unknown-option', optionId: 'whipped-cream' }],
		[['regular', 'regular'], { kind: 'repeated-option', optionId: 'regular' }],
		[['oat-milk'], { kind: 'too-few-options', groupId: 'size' }],
		[['regular', 'large'], { kind: 'too-many-options', groupId: 'size' }],
		[['regular', 'milk', 'oat-milk'], { kind: 'too-many-options', groupId: 'milk' }]
	])('refuses the coffee with %j', (options, problem) => {
		expect(quote([{ productId: 'drink_coffee', options, quantity: 1 }])).toEqual({
			ok: false,
			problem: { productId: 'drink_coffee', ...problem }
		});
	});

	it('refuses options on a product that has none', () => {
		expect(quote([{ productId: 'food_pretzel', options: ['large'], quantity: 1 }])).toEqual({
			ok: false,
			problem: { productId: 'food_pretzel', kind: 'unknown-option', optionId: 'large' }
		});
	});

	it('the basket schema takes a line without options as none chosen', () => {
		expect(basketSchema.parse([{ productId: 'food_pretzel', quantity: 1 }])).toEqual([
			{ productId: 'food_pretzel', options: [], quantity: 1 }
		]);
		expect(
			basketSchema.safeParse([{ productId: 'food_pretzel', options: 'large', quantity: 1 }]).success
		).toBe(false);
	});
});
