import { describe, expect, it } from 'vitest';
import demoMenu from '../catalog/demo-menu.json' with { type: 'json' };
import { importJson } from '../catalog/exchange.ts';
import { previewItems } from './credit-items.ts';
import { quoteSale, type Basket } from './quote.ts';

const menu = importJson(JSON.stringify(demoMenu));
if (!menu.ok) throw new Error('demo menu invalid');

const quoteOf = (basket: Basket) => {
	const result = quoteSale({
		basket,
		products: menu.products,
		depositConfiguration: null,
		depositVatBp: 0,
		serviceFee: { minor: 0, vatBp: 1900 }
	});
	if (!result.ok) throw new Error(JSON.stringify(result.problem));
	return result.quote;
};

describe('credit preview items', () => {
	it('a product line at its own price, each priced option a line of its own, free options in the name', () => {
		const quote = quoteOf([
			{ productId: 'drink_coffee', options: ['large', 'oat-milk'], quantity: 2 },
			{ productId: 'food_bratwurst', options: ['no-onions', 'no-ketchup'], quantity: 1 },
			{ productId: 'food_pretzel', quantity: 1 }
		]);
		expect(previewItems(quote)).toEqual([
			{
				productId: 'drink_coffee',
				name: 'Filter coffee',
				quantity: 2,
				unitPriceMinor: 320,
				vat: 5.5
			},
			{
				productId: 'drink_coffee~large',
				name: 'Filter coffee: Large 0.3 l',
				quantity: 2,
				unitPriceMinor: 80,
				vat: 5.5
			},
			{
				productId: 'drink_coffee~oat-milk',
				name: 'Filter coffee: Oat milk',
				quantity: 2,
				unitPriceMinor: 40,
				vat: 5.5
			},
			{
				productId: 'food_bratwurst',
				name: 'Bratwurst in a bun (No onions, No ketchup)',
				quantity: 1,
				unitPriceMinor: 500,
				vat: 7
			},
			{ productId: 'food_pretzel', name: 'Pretzel', quantity: 1, unitPriceMinor: 300, vat: 7 }
		]);
	});

	it('the items add up to the goods of the quote, exactly', () => {
		const quote = quoteOf([
			{ productId: 'drink_coffee', options: ['large', 'oat-milk'], quantity: 3 },
			{ productId: 'food_bratwurst', options: ['cheese', 'sauerkraut'], quantity: 2 }
		]);
		const items = previewItems(quote);
		expect(items.reduce((total, item) => total + item.unitPriceMinor * item.quantity, 0)).toBe(
			quote.goodsMinor
		);
		expect(items.every((item) => item.productId === null || item.productId.length <= 255)).toBe(
			true
		);
	});

	it('cuts a name with its options to spec 3 limit of 1000 characters', () => {
		const quote = quoteOf([{ productId: 'food_bratwurst', options: ['no-onions'], quantity: 1 }]);
		const long = { ...quote, lines: [{ ...quote.lines[0]!, name: { en: 'B'.repeat(999) } }] };
		expect(previewItems(long)[0]!.name).toHaveLength(1000);
	});
});
