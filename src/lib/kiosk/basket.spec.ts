import { describe, expect, it } from 'vitest';
import {
	add,
	basketKey,
	lineKey,
	lineQuantity,
	MAX_LINES,
	MAX_QUANTITY,
	prune,
	quantityOf,
	summarize,
	withQuantity
} from './basket.ts';
import { COFFEE, MENU, PILS, PRETZEL, WHEAT } from './spec-fixtures.ts';

const pils = { productId: PILS.id };
const pretzel = { productId: PRETZEL.id };
const line = (productId: string, quantity: number, options: string[] = []) => ({
	productId,
	options,
	quantity
});

describe('basket lines', () => {
	it('adds, counts, changes and removes', () => {
		let basket = add([], pils);
		basket = add(basket, pils);
		basket = add(basket, pretzel);
		expect(basket).toEqual([line(PILS.id, 2), line(PRETZEL.id, 1)]);
		expect(quantityOf(basket, PILS.id)).toBe(2);
		expect(quantityOf(basket, WHEAT.id)).toBe(0);
		expect(withQuantity(basket, pils, 5)[0]).toEqual(line(PILS.id, 5));
		expect(withQuantity(basket, pils, 0)).toEqual([line(PRETZEL.id, 1)]);
	});

	it('a line is a product with one choice of options: the same choice in any order is one line', () => {
		let basket = add([], { productId: COFFEE.id, options: ['oat-milk', 'large'] });
		basket = add(basket, { productId: COFFEE.id, options: ['large', 'oat-milk'] }, 2);
		basket = add(basket, { productId: COFFEE.id, options: ['regular'] });
		expect(basket).toEqual([
			line(COFFEE.id, 3, ['large', 'oat-milk']),
			line(COFFEE.id, 1, ['regular'])
		]);
		expect(quantityOf(basket, COFFEE.id)).toBe(4);
		expect(lineQuantity(basket, { productId: COFFEE.id, options: ['regular'] })).toBe(1);
		expect(lineKey({ productId: COFFEE.id, options: ['oat-milk', 'large'] })).toBe(
			lineKey({ productId: COFFEE.id, options: ['large', 'oat-milk'] })
		);
		expect(withQuantity(basket, { productId: COFFEE.id, options: ['regular'] }, 0)).toEqual([
			line(COFFEE.id, 3, ['large', 'oat-milk'])
		]);
	});

	it('keeps to the server limits: quantity 0…20 per line, at most 50 lines', () => {
		expect(withQuantity([], pils, 99)).toEqual([line(PILS.id, MAX_QUANTITY)]);
		expect(withQuantity([], pils, -3)).toEqual([]);
		expect(withQuantity([], pils, 2.7)).toEqual([line(PILS.id, 2)]);
		expect(add([line(PILS.id, MAX_QUANTITY)], pils)[0]!.quantity).toBe(20);
		const full = Array.from({ length: MAX_LINES }, (_, i) => line(`p${i}`, 1));
		expect(add(full, { productId: 'one-more' })).toHaveLength(MAX_LINES);
	});

	it('the same content gives the same key, whatever the order; options count', () => {
		const a = [line(PILS.id, 2), line(COFFEE.id, 1, ['large']), line(PRETZEL.id, 1)];
		expect(basketKey(a)).toBe(basketKey([...a].reverse()));
		expect(basketKey(a)).not.toBe(basketKey(withQuantity(a, pils, 3)));
		expect(basketKey([line(COFFEE.id, 1, ['large'])])).not.toBe(
			basketKey([line(COFFEE.id, 1, ['regular'])])
		);
	});

	it('drops what is no longer on the menu, or options it no longer offers', () => {
		const basket = [
			line(PILS.id, 1),
			line('gone', 2),
			line(COFFEE.id, 1, ['regular']),
			line(COFFEE.id, 1, ['venti']),
			line(COFFEE.id, 1, [])
		];
		expect(prune(basket, MENU)).toEqual([line(PILS.id, 1), line(COFFEE.id, 1, ['regular'])]);
	});
});

describe('totals', () => {
	it('2 × Pilsner + 1 Pretzel = 14.00 + 2 cup deposits 4.00 = 18.00', () => {
		const summary = summarize([line(PILS.id, 2), line(PRETZEL.id, 1)], MENU, 0);
		expect(summary.lines.map((l) => [l.product.id, l.quantity, l.lineMinor])).toEqual([
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

	it('a unit with options costs the product plus its choices: 2 × (3.20 + 0.80 + 0.40) = 8.80', () => {
		const summary = summarize(
			[line(COFFEE.id, 2, ['large', 'oat-milk']), line(COFFEE.id, 1, ['regular'])],
			MENU,
			0
		);
		expect(
			summary.lines.map((l) => [l.options.map((o) => o.id), l.unitMinor, l.lineMinor])
		).toEqual([
			[['large', 'oat-milk'], 440, 880],
			[['regular'], 320, 320]
		]);
		expect(summary).toMatchObject({ itemCount: 3, goodsMinor: 1200, totalMinor: 1200 });
	});

	it('one deposit line per container category, summed over the products', () => {
		const summary = summarize([line(PILS.id, 1), line(WHEAT.id, 3)], MENU, 0);
		expect(summary.depositLines).toHaveLength(1);
		expect(summary.depositLines[0]).toMatchObject({ quantity: 4, lineMinor: 800 });
		expect(summary.totalMinor).toBe(550 + 1800 + 800);
	});

	it('every total adds up: goods + deposits + service fee', () => {
		const summary = summarize(
			[line(PRETZEL.id, 3), line(COFFEE.id, 1, ['large', 'oat-milk'])],
			MENU,
			50
		);
		expect(summary).toMatchObject({ goodsMinor: 1340, depositMinor: 0, serviceFeeMinor: 50 });
		expect(summary.totalMinor).toBe(
			summary.goodsMinor + summary.depositMinor + summary.serviceFeeMinor
		);
		expect(
			summary.lines.reduce((total, l) => total + l.lineMinor, 0) +
				summary.depositLines.reduce((total, l) => total + l.lineMinor, 0) +
				summary.serviceFeeMinor
		).toBe(summary.totalMinor);
	});

	it('an empty basket costs nothing (no service fee either)', () => {
		expect(summarize([], MENU, 50)).toMatchObject({ totalMinor: 0, serviceFeeMinor: 0 });
	});

	it('lines of products no longer on the menu, or of options it lacks, are left out', () => {
		expect(summarize([line('gone', 1)], MENU, 0).totalMinor).toBe(0);
		expect(summarize([line(COFFEE.id, 1, ['venti'])], MENU, 0).totalMinor).toBe(0);
	});
});
