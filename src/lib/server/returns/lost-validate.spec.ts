import { describe, expect, it } from 'vitest';
import { decideLostValidate } from './lost-validate.ts';

const counts = (entries: Record<string, number>) => new Map(Object.entries(entries));
const cups = (quantity: number) => ({ categoryId: 'cat_cup', quantity });
const plates = (quantity: number) => ({ categoryId: 'cat_plate', quantity });

describe('decideLostValidate', () => {
	it('counts fell by the quantities: the return went through', () => {
		expect(
			decideLostValidate(
				counts({ cat_cup: 4, cat_plate: 2 }),
				[cups(3), plates(2)],
				counts({ cat_cup: 1, cat_plate: 0 })
			)
		).toBe('happened');
	});

	it('counts unchanged: it did not, and may be sent again', () => {
		expect(
			decideLostValidate(counts({ cat_cup: 4, cat_plate: 2 }), [cups(3)], counts({ cat_cup: 4 }))
		).toBe('not-happened');
	});

	it('a category left out of the fresh preview has none active', () => {
		expect(decideLostValidate(counts({ cat_cup: 2 }), [cups(2)], counts({}))).toBe('happened');
	});

	it('fell by less than the quantity (an item expired meanwhile): not returned', () => {
		expect(decideLostValidate(counts({ cat_cup: 4 }), [cups(3)], counts({ cat_cup: 3 }))).toBe(
			'not-happened'
		);
	});

	it('fell by more (returned, and another expired): returned, never counted twice', () => {
		expect(decideLostValidate(counts({ cat_cup: 4 }), [cups(2)], counts({ cat_cup: 1 }))).toBe(
			'happened'
		);
	});

	it('one category returned and the other not cannot come from one validate', () => {
		expect(
			decideLostValidate(
				counts({ cat_cup: 4, cat_plate: 2 }),
				[cups(1), plates(1)],
				counts({ cat_cup: 3, cat_plate: 2 })
			)
		).toBe('inconsistent');
	});

	it('a count that rose is impossible (items never become active again)', () => {
		expect(decideLostValidate(counts({ cat_cup: 1 }), [cups(1)], counts({ cat_cup: 2 }))).toBe(
			'inconsistent'
		);
	});
});
