import { describe, expect, it } from 'vitest';
import { allDayTotals } from './all-day.ts';
import { counterOrder, kioskOrder, line } from './testing/orders.ts';

const named = (id: string) => ({ en: `${id} (en)`, de: `${id} (de)` });

describe('allDayTotals', () => {
	it('adds up each product over the orders to approve and in preparation', () => {
		const totals = allDayTotals(
			[
				counterOrder({
					orderId: 'a',
					stage: 'approve',
					lines: [line('burger', 2), line('fries', 1)]
				}),
				kioskOrder({ saleId: 'b', stage: 'preparing', lines: [line('burger', 3)] }),
				counterOrder({ orderId: 'c', stage: 'ready', lines: [line('burger', 50)] }),
				kioskOrder({ saleId: 'd', stage: 'done', lines: [line('fries', 50)] })
			],
			'en'
		);
		expect(totals).toEqual([
			{ productId: 'burger', name: named('burger'), quantity: 5, takeaway: 0, modifiers: [] },
			{ productId: 'fries', name: named('fries'), quantity: 1, takeaway: 0, modifiers: [] }
		]);
	});

	it('counts each modifier per product, once for every unit that carries it', () => {
		const [burger] = allDayTotals(
			[
				counterOrder({
					orderId: 'a',
					lines: [
						line('burger', 2, { modifiers: ['extra cheese', 'no onion'] }),
						line('burger', 1, { modifiers: ['extra cheese'] }),
						line('burger', 9)
					]
				}),
				counterOrder({ orderId: 'b', lines: [line('fries', 4, { modifiers: ['no onion'] })] })
			],
			'en'
		);
		expect(burger).toMatchObject({
			productId: 'burger',
			quantity: 12,
			modifiers: [
				{ productId: 'extra cheese', quantity: 3 },
				{ productId: 'no onion', quantity: 2 }
			]
		});
	});

	it('counts a modifier listed twice on a line as a double portion', () => {
		const [burger] = allDayTotals(
			[
				counterOrder({
					lines: [line('burger', 2, { modifiers: ['extra cheese', 'extra cheese'] })]
				})
			],
			'en'
		);
		expect(burger?.modifiers).toEqual([
			{
				productId: 'extra cheese',
				name: { en: 'extra cheese', de: 'extra cheese (de)' },
				quantity: 4
			}
		]);
	});

	it('counts the units to take away on their own, within the product total', () => {
		const [coffee] = allDayTotals(
			[
				counterOrder({
					orderId: 'a',
					lines: [line('coffee', 2, { takeaway: true }), line('coffee', 1)]
				}),
				kioskOrder({ saleId: 'b', lines: [line('coffee', 3, { takeaway: true })] })
			],
			'en'
		);
		expect(coffee).toMatchObject({ productId: 'coffee', quantity: 6, takeaway: 5 });
	});

	it('lists the most needed first, a tie by name in the screen language', () => {
		// English: Apple < Banana; German: Ähre < Zitrone (Ä sorts with A, not after Z).
		const orders = [
			counterOrder({
				lines: [
					{ ...line('b', 2), name: { en: 'Banana', de: 'Ähre' } },
					{ ...line('a', 2), name: { en: 'Apple', de: 'Zitrone' } },
					line('c', 5)
				]
			})
		];
		expect(allDayTotals(orders, 'en').map((product) => product.productId)).toEqual(['c', 'a', 'b']);
		expect(allDayTotals(orders, 'de').map((product) => product.productId)).toEqual(['c', 'b', 'a']);
	});

	it('sorts modifiers the same way', () => {
		const [burger] = allDayTotals(
			[
				counterOrder({
					lines: [
						line('burger', 1, { modifiers: ['pickles', 'bacon'] }),
						line('burger', 2, { modifiers: ['onion'] })
					]
				})
			],
			'en'
		);
		expect(burger?.modifiers.map((modifier) => modifier.productId)).toEqual([
			'onion',
			'bacon',
			'pickles'
		]);
	});

	it('falls back to English where the screen language is missing, and sorts an unknown product by its id', () => {
		const orders = [
			counterOrder({
				lines: [
					{ ...line('x', 1), name: { en: 'Mango' } },
					line('lemonade', 1, { named: false }),
					{ ...line('y', 1), name: { en: 'Zucchini', de: 'Aubergine' } }
				]
			})
		];
		const totals = allDayTotals(orders, 'de');
		expect(totals.map((product) => product.productId)).toEqual(['y', 'lemonade', 'x']);
		expect(totals[1]?.name).toBeNull();
	});

	it('keeps the name of a product that one of its lines did not know', () => {
		const totals = allDayTotals(
			[
				counterOrder({ orderId: 'a', lines: [line('soup', 1, { named: false })] }),
				kioskOrder({ saleId: 'b', lines: [line('soup', 2)] })
			],
			'en'
		);
		expect(totals).toEqual([
			{ productId: 'soup', name: named('soup'), quantity: 3, takeaway: 0, modifiers: [] }
		]);
	});

	it('is empty for an empty board, or one where the kitchen has nothing left to make', () => {
		expect(allDayTotals([], 'en')).toEqual([]);
		expect(
			allDayTotals(
				[
					counterOrder({ stage: 'ready', lines: [line('burger', 1)] }),
					kioskOrder({ stage: 'done' })
				],
				'en'
			)
		).toEqual([]);
		expect(allDayTotals([counterOrder({ lines: [] })], 'en')).toEqual([]);
	});

	it('does not change the orders it counts', () => {
		const order = counterOrder({ lines: [line('burger', 2, { modifiers: ['bacon'] })] });
		const before = structuredClone(order);
		allDayTotals([order, order], 'en');
		expect(order).toEqual(before);
	});
});
