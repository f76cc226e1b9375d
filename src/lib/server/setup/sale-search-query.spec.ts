import { describe, expect, it } from 'vitest';
import { saleSearchFrom } from './sale-search-query.ts';

const context = { timeZone: 'Europe/Berlin', currencyCode: 'EUR', deviceIds: ['kiosk-1'] };
const read = (query: string) => saleSearchFrom(new URLSearchParams(query), context);

describe('saleSearchFrom', () => {
	it('reads every field as staff type it', () => {
		const query = read(
			'order=k7&from=2026-11-22T18:00&to=2026-11-22T20:00&device=kiosk-1&status=paid' +
				'&payment=split&min=5&max=12,50&deposit=4711&key=ab12'
		);
		expect(query.invalid).toEqual([]);
		expect(query.search).toEqual({
			orderNumber: { exact: 'K-007' },
			from: '2026-11-22T17:00:00.000Z',
			to: '2026-11-22T19:00:00.000Z',
			deviceId: 'kiosk-1',
			status: 'paid',
			paymentKind: 'split',
			minMinor: 500,
			maxMinor: 1250,
			depositSequence: '4711',
			keyTail: 'AB12'
		});
	});

	it('an empty form searches everything', () => {
		expect(read('order=&min=%20')).toMatchObject({ search: {}, invalid: [], after: undefined });
	});

	it('names every field it cannot read, and keeps what was typed', () => {
		const query = read(
			'order=K-7x&from=yesterday&device=kiosk-9&status=lost&payment=cash&min=-1&max=1.234' +
				'&deposit=%3Cscript%3E&key=abc'
		);
		expect(query.invalid).toEqual([
			'order',
			'from',
			'device',
			'status',
			'payment',
			'min',
			'max',
			'deposit',
			'key'
		]);
		expect(query.values.order).toBe('K-7x');
		expect(query.values.deposit).toBe('<script>');
	});

	it('a page cursor that is not one of ours starts at the newest', () => {
		expect(read('after=nonsense').after).toBeUndefined();
		expect(read('after=2026-11-22T10:00:00.000Z_sale-1').after).toEqual({
			createdAt: '2026-11-22T10:00:00.000Z',
			id: 'sale-1'
		});
	});
});
