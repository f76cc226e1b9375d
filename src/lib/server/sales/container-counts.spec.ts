import { describe, expect, it } from 'vitest';
import type { IssuedDeposit } from '#lib/shared/sale-view.ts';
import type { DepositPreviewItem } from '../platform/deposits.ts';
import { containerCounts } from './container-counts.ts';

const deposit: IssuedDeposit = {
	code: 'C'.repeat(40),
	sequenceNumber: '4711',
	categories: [
		{
			categoryId: 'cup',
			name: 'Cup',
			names: { en: 'Festival cup', de: 'Festbecher' },
			count: 3,
			expiresAt: '2026-11-22T20:00:00.000Z'
		},
		{ categoryId: 'plate', name: 'Plate', count: 1, expiresAt: '2026-11-22T20:00:00.000Z' }
	]
};
const active = (categoryId: string, activeItemCount: number) =>
	({ category: { id: categoryId }, activeItemCount }) as DepositPreviewItem;

describe('containerCounts', () => {
	it('before the expiry, what is no longer active was returned', () => {
		const counts = containerCounts(deposit, [active('cup', 1)], new Date('2026-11-22T19:00:00Z'));
		expect(counts).toMatchObject([
			{ categoryId: 'cup', issued: 3, active: 1, returned: 2, returnedOrExpired: 0 },
			{ categoryId: 'plate', issued: 1, active: 0, returned: 1, returnedOrExpired: 0 }
		]);
	});

	it('after it, returned and expired cannot be told apart; still-active items are shown active', () => {
		const counts = containerCounts(deposit, [active('cup', 1)], new Date('2026-11-22T20:01:00Z'));
		expect(counts).toMatchObject([
			{ categoryId: 'cup', active: 1, returned: 0, returnedOrExpired: 2 },
			{ categoryId: 'plate', active: 0, returned: 0, returnedOrExpired: 1 }
		]);
	});

	it('names each category as the deposit does: the platform name, and those staff gave it', () => {
		const counts = containerCounts(deposit, [], new Date('2026-11-22T19:00:00Z'));
		expect(counts.map(({ name, names }) => ({ name, names }))).toEqual([
			{ name: 'Cup', names: { en: 'Festival cup', de: 'Festbecher' } },
			{ name: 'Plate', names: undefined }
		]);
	});

	it('every count adds up to what was issued, even when the platform counts more active', () => {
		const counts = containerCounts(deposit, [active('cup', 9)], new Date('2026-11-22T19:00:00Z'));
		for (const count of counts)
			expect(count.active + count.returned + count.returnedOrExpired).toBe(count.issued);
		expect(counts[0]).toMatchObject({ active: 3, returned: 0 });
	});
});
