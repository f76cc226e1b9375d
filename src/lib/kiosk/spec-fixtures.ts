/** Test data of the kiosk helpers' specs: the demo menu (prices in cents). */
import { NO_FACTS } from '#lib/shared/food-facts.ts';
import type { MenuProduct } from './types.ts';

const CUP = {
	categoryId: 'cat_cup',
	name: 'Reusable cup 0.4 l',
	unitMinor: 200,
	expirationHours: 48
};

export const PILS: MenuProduct = {
	id: 'drink_pils',
	category: 'beer',
	name: { en: 'Pilsner 0.4 l', de: 'Pils 0,4 l' },
	description: { en: 'Crisp local lager in a reusable cup' },
	grossMinor: 550,
	currencyCode: 'EUR',
	image: null,
	deposit: CUP,
	options: [],
	facts: NO_FACTS,
	additiveNames: {}
};

export const WHEAT: MenuProduct = {
	...PILS,
	id: 'drink_wheat',
	name: { en: 'Wheat beer 0.5 l', de: 'Weißbier 0,5 l' },
	grossMinor: 600
};

export const PRETZEL: MenuProduct = {
	id: 'food_pretzel',
	category: 'food',
	name: { en: 'Pretzel', de: 'Brezel' },
	description: {},
	grossMinor: 300,
	currencyCode: 'EUR',
	image: null,
	deposit: null,
	options: [],
	facts: NO_FACTS,
	additiveNames: {}
};

/** Filter coffee 3.20: a size to choose (regular +0, large +0.80), oat milk +0.40 if wanted. */
export const COFFEE: MenuProduct = {
	...PRETZEL,
	id: 'drink_coffee',
	category: 'soft-drinks',
	name: { en: 'Filter coffee', de: 'Filterkaffee' },
	grossMinor: 320,
	options: [
		{
			id: 'size',
			name: { en: 'Size' },
			min: 1,
			max: 1,
			choices: [
				{ id: 'regular', name: { en: 'Regular' }, priceMinor: 0 },
				{ id: 'large', name: { en: 'Large' }, priceMinor: 80 }
			]
		},
		{
			id: 'milk',
			name: { en: 'Milk' },
			min: 0,
			max: 1,
			choices: [{ id: 'oat-milk', name: { en: 'Oat milk' }, priceMinor: 40 }]
		}
	]
};

export const MENU = [PILS, WHEAT, PRETZEL, COFFEE];
