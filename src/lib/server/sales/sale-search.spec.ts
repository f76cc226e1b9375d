import { describe, expect, it } from 'vitest';
import { cursorFrom, cursorText, orderNumberMatch } from './sale-search.ts';

describe('orderNumberMatch', () => {
	it('reads an order number as it is said or typed', () => {
		expect(orderNumberMatch('K-007')).toEqual({ exact: 'K-007' });
		expect(orderNumberMatch(' k 7 ')).toEqual({ exact: 'K-007' });
		expect(orderNumberMatch('k0012')).toEqual({ exact: 'K-012' });
		expect(orderNumberMatch('7')).toEqual({ suffix: '-007' });
		expect(orderNumberMatch('1234')).toEqual({ suffix: '-1234' });
	});

	it('is nothing for what cannot be an order number', () => {
		for (const input of ['', 'K-', 'K-7a', "7' OR 1=1", '%', 'ABCDE-1', '1234567'])
			expect(orderNumberMatch(input)).toBeUndefined();
	});
});

describe('the page cursor', () => {
	it('round-trips, and nothing else is taken for one', () => {
		const cursor = { createdAt: '2026-11-22T10:00:00.000Z', id: '3f2a-b7' };
		expect(cursorFrom(cursorText(cursor))).toEqual(cursor);
		expect(cursorFrom('2026-11-22_x')).toBeUndefined();
		expect(cursorFrom(`${cursorText(cursor)}' --`)).toBeUndefined();
	});
});
