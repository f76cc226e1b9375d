import { describe, expect, it } from 'vitest';
import { counterOrderSchema, type CounterOrder } from '../platform/schemas/counter-orders.ts';
import { counterOrder } from '../platform/testing/fixtures.ts';
import { amountToCollect, counterOrderCard, groupLines, stageOf } from './counter-order-card.ts';
import type { StoredCounterOrder } from './counter-order-repository.ts';

/** A wire order (major units, as the platform sends it) read through the client's schema. */
const read = (overrides: Record<string, unknown> = {}): CounterOrder =>
	counterOrderSchema.parse(counterOrder(overrides));

const item = (productId: string, externalPayment: number, modifiers: unknown[] = []) => ({
	productId,
	unitPrice: externalPayment,
	discount: 0,
	externalPayment,
	vat: 19,
	isTakeaway: false,
	modifiers
});

const modifier = (productId: string, externalPayment: number) => ({
	productId,
	unitPrice: externalPayment,
	discount: 0,
	externalPayment,
	vat: 19
});

describe('amountToCollect', () => {
	it('sums the externalPayment of items, their modifiers, the tip and the delivery fee', () => {
		const order = read({
			tip: { tip: 2, externalPayment: 2 },
			items: [
				item('drink_pils', 5.5, [modifier('extra_lemon', 0.3), modifier('extra_ice', 0.2)]),
				item('drink_pils', 5.5),
				item('food_fries', 4.9)
			],
			deliveryOption: {
				id: 'dlv_1',
				deliveryOptionFee: 3.5,
				externalPayment: 3.5,
				vat: 19,
				type: 'HOME_DELIVERY'
			}
		});
		// 5.50 + 0.30 + 0.20 + 5.50 + 4.90 + 2.00 tip + 3.50 delivery
		expect(amountToCollect(order)).toBe(2190);
	});

	it('counts in minor units: no float drift from amounts like 0.1 and 0.2', () => {
		const order = read({
			tip: { tip: 0.1, externalPayment: 0.1 },
			items: [item('a', 0.1, [modifier('m', 0.2)]), item('b', 0.2), item('c', 0.7)]
		});
		expect(amountToCollect(order)).toBe(130);
		expect(Number.isInteger(amountToCollect(order))).toBe(true);
	});

	it('takes externalPayment, not the price: what the platform collected is not collected again', () => {
		const order = read({
			paymentProcessor: 'PROVIDER_A',
			transactionStatus: 'AUTHORIZED',
			tip: { tip: 1.5, externalPayment: 0 },
			items: [
				{ ...item('drink_pils', 0, [modifier('extra_lemon', 0)]), unitPrice: 5.5 },
				{ ...item('food_fries', 0), unitPrice: 4.9, discount: 0.5 }
			],
			deliveryOption: {
				id: 'dlv_1',
				deliveryOptionFee: 3.5,
				externalPayment: 0,
				vat: 19,
				type: 'HOME_DELIVERY'
			}
		});
		expect(amountToCollect(order)).toBe(0);
	});

	it('counts part of a tip when only part is collected outside', () => {
		const order = read({ tip: { tip: 3, externalPayment: 1.25 }, items: [item('a', 2)] });
		expect(amountToCollect(order)).toBe(325);
	});

	it('has no delivery part without a delivery option', () => {
		const order = read(); // the fixture: 5.50 + modifier 0.30 + tip 1.50
		expect(order.deliveryOption).toBeUndefined();
		expect(amountToCollect(order)).toBe(730);
	});
});

describe('groupLines', () => {
	const names: Record<string, string> = { drink_pils: 'Pilsner', extra_lemon: 'Lemon' };
	const nameOf = (productId: string) =>
		names[productId] ? { en: names[productId]!, de: names[productId]! } : null;

	it('counts identical units as one line, first seen first', () => {
		const order = read({
			items: [
				item('drink_pils', 5.5),
				item('food_fries', 4.9),
				item('drink_pils', 5.5),
				item('drink_pils', 5.5)
			]
		});
		expect(groupLines(order.items, nameOf)).toEqual([
			{
				productId: 'drink_pils',
				name: { en: 'Pilsner', de: 'Pilsner' },
				quantity: 3,
				takeaway: false,
				modifiers: []
			},
			{ productId: 'food_fries', name: null, quantity: 1, takeaway: false, modifiers: [] }
		]);
	});

	it('keeps units with other modifiers or takeaway apart; modifier order does not matter', () => {
		const order = read({
			items: [
				item('drink_pils', 5.5, [modifier('extra_lemon', 0.3), modifier('extra_ice', 0)]),
				item('drink_pils', 5.5, [modifier('extra_ice', 0), modifier('extra_lemon', 0.3)]),
				item('drink_pils', 5.5, [modifier('extra_lemon', 0.3)]),
				{ ...item('drink_pils', 5.5), isTakeaway: true },
				item('drink_pils', 5.5)
			]
		});
		const lines = groupLines(order.items, nameOf);
		expect(lines.map((line) => [line.quantity, line.takeaway, line.modifiers.length])).toEqual([
			[2, false, 2],
			[1, false, 1],
			[1, true, 0],
			[1, false, 0]
		]);
		expect(lines[0]!.modifiers).toEqual([
			{ productId: 'extra_lemon', name: { en: 'Lemon', de: 'Lemon' } },
			{ productId: 'extra_ice', name: null }
		]);
		expect(lines.reduce((sum, line) => sum + line.quantity, 0)).toBe(order.items.length);
	});
});

describe('counterOrderCard', () => {
	const stored = (order: CounterOrder): StoredCounterOrder => ({
		order,
		deviceId: 'dev-1',
		placeId: 'place_main_stage',
		receivedAt: '2026-11-22T10:00:05.000Z',
		updatedAt: '2026-11-22T10:00:05.000Z'
	});
	const context = { nameOf: () => null, sending: null, problem: null, idCheck: null };

	it('shows the stage, the amount to collect and the offered steps', () => {
		const card = counterOrderCard(stored(read()), context);
		expect(card).toMatchObject({
			kind: 'counter',
			key: 'app:ord_000001',
			orderNumber: 'M-001',
			stage: 'approve',
			since: '2026-11-22T10:00:05.000Z',
			collectMinor: 730,
			tipMinor: 150,
			actions: ['collect', 'payment-failed'],
			sending: null,
			problem: null
		});
	});

	it('offers nothing while a step is on its way', () => {
		const card = counterOrderCard(stored(read()), { ...context, sending: 'collect' });
		expect(card.actions).toEqual([]);
		expect(card.sending).toBe('collect');
	});

	it('maps every status to a stage', () => {
		expect(
			(['NEW', 'APPROVABLE', 'APPROVED', 'DONE', 'COMPLETED', 'LEFT', 'REJECTED'] as const).map(
				stageOf
			)
		).toEqual(['approve', 'approve', 'preparing', 'ready', 'done', 'done', 'done']);
		expect(stageOf('CANCELLED')).toBe('done');
	});
});
