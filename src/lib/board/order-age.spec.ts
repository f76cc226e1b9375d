import { describe, expect, it } from 'vitest';
import { oldestWaiting, orderAge, sortForBoard } from './order-age.ts';
import { DEFAULT_BOARD_SETTINGS, type BoardOrder } from '#lib/shared/order-board.ts';
import { counterOrder, kioskOrder } from './testing/orders.ts';

const SINCE = '2026-11-23T12:00:00.000Z';
const at = (seconds: number) => Date.parse(SINCE) + seconds * 1000;
const settings = { warnAfterMinutes: 5, lateAfterMinutes: 10 };

describe('orderAge', () => {
	it('counts minutes and seconds from `since`', () => {
		expect(orderAge(SINCE, at(0), settings)).toEqual({ minutes: 0, label: '0:00', band: 'fresh' });
		expect(orderAge(SINCE, at(7), settings)).toEqual({ minutes: 0, label: '0:07', band: 'fresh' });
		expect(orderAge(SINCE, at(247.9), settings)).toEqual({
			minutes: 4,
			label: '4:07',
			band: 'fresh'
		});
	});

	it('takes the time as a Date or as milliseconds', () => {
		expect(orderAge(SINCE, new Date(at(65)), settings)).toEqual(orderAge(SINCE, at(65), settings));
	});

	it('turns amber exactly at the warning threshold, red exactly at the late one', () => {
		expect(orderAge(SINCE, at(5 * 60 - 0.001), settings).band).toBe('fresh');
		expect(orderAge(SINCE, at(5 * 60), settings)).toEqual({
			minutes: 5,
			label: '5:00',
			band: 'warn'
		});
		expect(orderAge(SINCE, at(10 * 60 - 1), settings).band).toBe('warn');
		expect(orderAge(SINCE, at(10 * 60), settings)).toEqual({
			minutes: 10,
			label: '10:00',
			band: 'late'
		});
	});

	it('follows the board settings, also a threshold that is a fraction of a minute', () => {
		const quick = { warnAfterMinutes: 0.5, lateAfterMinutes: 2 };
		expect(orderAge(SINCE, at(29), quick).band).toBe('fresh');
		expect(orderAge(SINCE, at(30), quick).band).toBe('warn');
		expect(orderAge(SINCE, at(120), quick).band).toBe('late');
		expect(orderAge(SINCE, at(5 * 60), DEFAULT_BOARD_SETTINGS).band).toBe('warn');
	});

	it('is red from the start when both thresholds are 0', () => {
		expect(orderAge(SINCE, at(0), { warnAfterMinutes: 0, lateAfterMinutes: 0 }).band).toBe('late');
	});

	it('shows hours from an hour on', () => {
		expect(orderAge(SINCE, at(59 * 60 + 59), settings).label).toBe('59:59');
		expect(orderAge(SINCE, at(3600), settings)).toEqual({
			minutes: 60,
			label: '1:00:00',
			band: 'late'
		});
		expect(orderAge(SINCE, at(3600 + 2 * 60 + 9), settings).label).toBe('1:02:09');
		expect(orderAge(SINCE, at(26 * 3600 + 61), settings).label).toBe('26:01:01');
	});

	it('counts a `since` ahead of the clock (skew) as just arrived', () => {
		expect(orderAge(SINCE, at(-90), settings)).toEqual({
			minutes: 0,
			label: '0:00',
			band: 'fresh'
		});
	});

	it('reads `since` with any offset', () => {
		expect(orderAge('2026-11-23T13:00:00+01:00', at(61), settings).label).toBe('1:01');
	});

	it('shows an unreadable `since` as just arrived rather than NaN', () => {
		expect(orderAge('soon', at(61), settings)).toEqual({
			minutes: 0,
			label: '0:00',
			band: 'fresh'
		});
	});
});

describe('sortForBoard', () => {
	const a = kioskOrder({ saleId: 'a', orderNumber: '12', since: '2026-11-23T12:02:00.000Z' });
	const b = counterOrder({ orderId: 'b', orderNumber: '3', since: '2026-11-23T12:00:00.000Z' });
	const c = counterOrder({ orderId: 'c', orderNumber: '7', since: '2026-11-23T12:05:00.000Z' });

	it('lists the oldest first, or the newest first, in a new array', () => {
		const orders: BoardOrder[] = [a, b, c];
		expect(sortForBoard(orders, false)).toEqual([b, a, c]);
		expect(sortForBoard(orders, true)).toEqual([c, a, b]);
		expect(orders).toEqual([a, b, c]);
	});

	it('compares instants, not the text of the time', () => {
		const sameAsB = counterOrder({
			orderId: 'x',
			orderNumber: '1',
			since: '2026-11-23T13:00:00+01:00'
		});
		const earlier = counterOrder({
			orderId: 'y',
			orderNumber: '2',
			since: '2026-11-23T11:59:59.5Z'
		});
		expect(sortForBoard([b, sameAsB, earlier], false)).toEqual([earlier, sameAsB, b]);
	});

	it('breaks a tie in time by order number, counting numerically', () => {
		const nine = kioskOrder({ saleId: 's9', orderNumber: '9' });
		const ten = kioskOrder({ saleId: 's10', orderNumber: '10' });
		const hundred = counterOrder({ orderId: 'o100', orderNumber: '100' });
		expect(sortForBoard([hundred, ten, nine], false)).toEqual([nine, ten, hundred]);
		expect(sortForBoard([nine, hundred, ten], true)).toEqual([hundred, ten, nine]);
	});

	it('lists an app and a kiosk order with the same time and number in the same order every time', () => {
		const app = counterOrder({ orderId: 'o', orderNumber: '5' });
		const kiosk = kioskOrder({ saleId: 's', orderNumber: '5' });
		expect(sortForBoard([kiosk, app], false)).toEqual([app, kiosk]);
		expect(sortForBoard([app, kiosk], false)).toEqual([app, kiosk]);
	});

	it('keeps the type of what it is given', () => {
		const kiosks = [kioskOrder({ saleId: 'x', orderNumber: '2' }), kioskOrder({ saleId: 'y' })];
		const sorted = sortForBoard(kiosks, false);
		expect(sorted.map((order) => order.saleId)).toEqual(['y', 'x']);
	});

	it('returns an empty list for an empty board', () => {
		expect(sortForBoard([], true)).toEqual([]);
	});
});

describe('oldestWaiting', () => {
	it('is the oldest order to approve or in preparation', () => {
		const ready = counterOrder({ orderId: 'r', stage: 'ready', since: '2026-11-23T11:00:00.000Z' });
		const done = kioskOrder({ saleId: 'd', stage: 'done', since: '2026-11-23T10:00:00.000Z' });
		const preparing = kioskOrder({ saleId: 'p', since: '2026-11-23T11:30:00.000Z' });
		const approve = counterOrder({ orderId: 'a', since: '2026-11-23T11:40:00.000Z' });
		expect(oldestWaiting([ready, approve, done, preparing])).toBe(preparing);
		expect(oldestWaiting([ready, approve, done])).toBe(approve);
	});

	it('breaks a tie in time by order number', () => {
		const eleven = counterOrder({ orderId: 'x', orderNumber: '11' });
		const two = kioskOrder({ saleId: 'y', orderNumber: '2', stage: 'approve' });
		expect(oldestWaiting([eleven, two])).toBe(two);
		expect(oldestWaiting([two, eleven])).toBe(two);
	});

	it('is null when nobody waits for the kitchen', () => {
		expect(oldestWaiting([])).toBeNull();
		expect(
			oldestWaiting([counterOrder({ stage: 'ready' }), kioskOrder({ stage: 'done' })])
		).toBeNull();
	});
});
