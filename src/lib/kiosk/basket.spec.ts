import { describe, expect, it } from 'vitest';
import {
	add,
	basketKey,
	MAX_LINES,
	MAX_QUANTITY,
	prune,
	quantityOf,
	summarize,
	withQuantity
} from './basket.ts';
import { MENU, PILS, PRETZEL, WHEAT } from './spec-fixtures.ts';

describe('basket lines', () => {
	it('adds, counts, changes and removes', () => {
		let basket = add([], PILS.id);
		basket = add(basket, PILS.id);
		basket = add(basket, PRETZEL.id);
		expect(basket).toEqual([
			{ productId: PILS.id, quantity: 2 },
			{ productId: PRETZEL.id, quantity: 1 }
		]);
		expect(quantityOf(basket, PILS.id)).toBe(2);
		expect(quantityOf(basket, WHEAT.id)).toBe(0);
		expect(withQuantity(basket, PILS.id, 5)[0]).toEqual({ productId: PILS.id, quantity: 5 });
		expect(withQuantity(basket, PILS.id, 0)).toEqual([{ productId: PRETZEL.id, quantity: 1 }]);
	});

	it('keeps to the server limits: quantity 0…20 per line, at most 50 lines', () => {
		expect(withQuantity([], PILS.id, 99)).toEqual([{ productId: PILS.id, quantity: MAX_QUANTITY }]);
		expect(withQuantity([], PILS.id, -3)).toEqual([]);
		expect(withQuantity([], PILS.id, 2.7)).toEqual([{ productId: PILS.id, quantity: 2 }]);
		expect(add([{ productId: PILS.id, quantity: MAX_QUANTITY }], PILS.id)[0]!.quantity).toBe(20);
		const full = Array.from({ length: MAX_LINES }, (_, i) => ({ productId: `p${i}`, quantity: 1 }));
		expect(add(full, 'one-more')).toHaveLength(MAX_LINES);
	});

	it('the same content gives the same key, whatever the order', () => {
		const a = [
			{ productId: PILS.id, quantity: 2 },
			{ productId: PRETZEL.id, quantity: 1 }
		];
		expect(basketKey(a)).toBe(basketKey([...a].reverse()));
		expect(basketKey(a)).not.toBe(basketKey(withQuantity(a, PILS.id, 3)));
	});

	it('drops what is no longer on the menu', () => {
		const basket = [
			{ productId: PILS.id, quantity: 1 },
			{ productId: 'gone', quantity: 2 }
		];
		expect(prune(basket, MENU)).toEqual([{ productId: PILS.id, quantity: 1 }]);
	});
});

describe('totals', () => {
	it('2 × Pilsner + 1 Pretzel = 14.00 + 2 cup deposits 4.00 = 18.00', () => {
		const summary = summarize(
			[
				{ productId: PILS.id, quantity: 2 },
				{ productId: PRETZEL.id, quantity: 1 }
			],
			MENU,
			0
		);
		expect(summary.lines.map((line) => [line.product.id, line.quantity, line.lineMinor])).toEqual([
			[PILS.id, 2, 1100],
			[PRETZEL.id, 1, 300]
		]);
		expect(summary.depositLines).toEqual([
			{
				categoryId: 'cat_cup',
				name: 'Reusable cup 0.4 l',
				quantity: 2,
				unitMinor: 200,
				lineMinor: 400,
				expirationHours: 48
			}
		]);
		expect(summary).toMatchObject({
			currencyCode: 'EUR',
			itemCount: 3,
			goodsMinor: 1400,
			depositMinor: 400,
			serviceFeeMinor: 0,
			totalMinor: 1800
		});
	});

	it('one deposit line per container category, summed over the products', () => {
		const summary = summarize(
			[
				{ productId: PILS.id, quantity: 1 },
				{ productId: WHEAT.id, quantity: 3 }
			],
			MENU,
			0
		);
		expect(summary.depositLines).toHaveLength(1);
		expect(summary.depositLines[0]).toMatchObject({ quantity: 4, lineMinor: 800 });
		expect(summary.totalMinor).toBe(550 + 1800 + 800);
	});

	it('every total adds up: goods + deposits + service fee', () => {
		const summary = summarize([{ productId: PRETZEL.id, quantity: 3 }], MENU, 50);
		expect(summary).toMatchObject({ goodsMinor: 900, depositMinor: 0, serviceFeeMinor: 50 });
		expect(summary.totalMinor).toBe(
			summary.goodsMinor + summary.depositMinor + summary.serviceFeeMinor
		);
		expect(
			summary.lines.reduce((total, line) => total + line.lineMinor, 0) +
				summary.depositLines.reduce((total, line) => total + line.lineMinor, 0) +
				summary.serviceFeeMinor
		).toBe(summary.totalMinor);
	});

	it('an empty basket costs nothing (no service fee either)', () => {
		expect(summarize([], MENU, 50)).toMatchObject({ totalMinor: 0, serviceFeeMinor: 0 });
	});

	it('lines of products no longer on the menu are left out', () => {
		expect(summarize([{ productId: 'gone', quantity: 1 }], MENU, 0).totalMinor).toBe(0);
	});
});
