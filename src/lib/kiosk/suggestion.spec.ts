import { NO_FACTS } from '#lib/shared/food-facts.ts';
import { describe, expect, it } from 'vitest';
import { suggestionFor } from './suggestion.ts';
import type { MenuProduct } from './types.ts';

const product = (id: string): MenuProduct => ({
	id,
	category: 'food',
	name: { en: id },
	description: {},
	grossMinor: 300,
	currencyCode: 'EUR',
	image: null,
	deposit: null,
	options: [],
	facts: NO_FACTS,
	additiveNames: {}
});
const menu = [product('drink_pils'), product('food_pretzel')];

describe('the product offered before paying', () => {
	it('is the one staff chose, while it is on the menu and not in the basket', () => {
		const basket = [{ productId: 'drink_pils', options: [], quantity: 2 }];
		expect(suggestionFor(basket, menu, 'food_pretzel')?.id).toBe('food_pretzel');
	});

	it('is not offered to a guest who has it already', () => {
		const basket = [{ productId: 'food_pretzel', options: [], quantity: 1 }];
		expect(suggestionFor(basket, menu, 'food_pretzel')).toBeNull();
	});

	it('is not offered when none is chosen, or the chosen one is off the menu', () => {
		expect(suggestionFor([], menu, null)).toBeNull();
		expect(suggestionFor([], menu, undefined)).toBeNull();
		expect(suggestionFor([], menu, 'food_fries')).toBeNull();
	});

	it('is not offered when it asks for a choice (one tap must add it as it is)', () => {
		const sized = {
			...product('food_fries'),
			options: [
				{
					id: 'size',
					name: { en: 'Size' },
					min: 1,
					max: 1,
					choices: [{ id: 'small', name: { en: 'Small' }, priceMinor: 0 }]
				}
			]
		};
		expect(suggestionFor([], [...menu, sized], 'food_fries')).toBeNull();
	});
});
