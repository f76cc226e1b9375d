import { describe, expect, it } from 'vitest';
import type { ReturnCategory } from '#lib/shared/return-view.ts';
import { adjustedTo, allActive, chosenCount, chosenRefunds, clamp } from './quantities.ts';

const category = (categoryId: string, activeCount: number, unitMinor: number): ReturnCategory => ({
	categoryId,
	name: categoryId,
	activeCount,
	unitMinor,
	currencyCode: 'EUR',
	expirationHours: 48,
	deadline: null
});
const CUPS = category('cat_cup', 3, 200);
const PITCHER = category('cat_pitcher', 1, 500);

describe('quantities', () => {
	it('default to everything still active', () => {
		expect(allActive([CUPS, PITCHER])).toEqual({ cat_cup: 3, cat_pitcher: 1 });
	});

	it('stay within 0 and the active count', () => {
		expect([clamp(CUPS, -1), clamp(CUPS, 2), clamp(CUPS, 4), clamp(CUPS, 2.7)]).toEqual([
			0, 2, 3, 2
		]);
	});

	it('after the counts changed: the choice, capped at what is active now', () => {
		const now = [category('cat_cup', 2, 200), PITCHER];
		expect(adjustedTo(now, { cat_cup: 3, cat_pitcher: 0 })).toEqual({ cat_cup: 2, cat_pitcher: 0 });
		expect(adjustedTo(now, { cat_cup: 1 })).toEqual({ cat_cup: 1, cat_pitcher: 1 });
	});

	it('count and refund of the choice: 2 × 2.00 + 1 × 5.00 = 9.00, in cents', () => {
		const chosen = { cat_cup: 2, cat_pitcher: 1, gone: 5 };
		expect(chosenCount([CUPS, PITCHER], chosen)).toBe(3);
		expect(chosenRefunds([CUPS, PITCHER], chosen)).toEqual([{ currencyCode: 'EUR', minor: 900 }]);
		expect(chosenRefunds([CUPS, { ...PITCHER, currencyCode: 'CHF' }], chosen)).toEqual([
			{ currencyCode: 'EUR', minor: 400 },
			{ currencyCode: 'CHF', minor: 500 }
		]);
	});
});
