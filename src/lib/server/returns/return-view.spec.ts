import { describe, expect, it } from 'vitest';
import { depositPreviewSchema, depositValidateSchema } from '../platform/schemas/deposits.ts';
import { category } from '../platform/testing/fixtures.ts';
import {
	activeCounts,
	answeredLines,
	previewByCategory,
	recoveredLines,
	refundTotals,
	returnCategories,
	validateItems
} from './return-view.ts';

const CUP = category({ depositGross: 2 });
const PLATE = category({
	id: 'cat_plate',
	expirationHours: 24,
	depositGross: 3.3,
	revoTokenCategory: undefined
});
const preview = (cups: number, plates: number) =>
	depositPreviewSchema.parse([
		{ category: CUP, activeItemCount: cups },
		{ category: PLATE, activeItemCount: plates }
	]);
const noDeadlines = new Map<string, string>();

describe('previewByCategory', () => {
	it('keys the preview by category id, in the platform’s order', () => {
		expect([...previewByCategory(preview(3, 1))!.keys()]).toEqual(['cat_cup', 'cat_plate']);
	});

	it('refuses a preview that names a category twice', () => {
		const twice = depositPreviewSchema.parse([
			{ category: CUP, activeItemCount: 1 },
			{ category: CUP, activeItemCount: 2 }
		]);
		expect(previewByCategory(twice)).toBeNull();
	});
});

describe('returnCategories', () => {
	it('offers only categories with active containers, with the refund per container in cents', () => {
		const deadlines = new Map([['cat_cup', '2026-11-24T10:00:00.000Z']]);
		expect(returnCategories(previewByCategory(preview(3, 0))!, deadlines)).toEqual([
			{
				categoryId: 'cat_cup',
				name: 'Cup',
				activeCount: 3,
				unitMinor: 200,
				currencyCode: 'EUR',
				expirationHours: 48,
				deadline: '2026-11-24T10:00:00.000Z'
			}
		]);
	});

	it('names a category without display details by its id', () => {
		expect(returnCategories(previewByCategory(preview(0, 2))!, noDeadlines)[0]?.name).toBe(
			'cat_plate'
		);
	});
});

describe('validateItems', () => {
	it('one entry per chosen category, zero quantities left out', () => {
		expect(validateItems({ cat_cup: 2, cat_plate: 0 })).toEqual([
			{ hybridRevoTokenCategoryId: 'cat_cup', quantity: 2 }
		]);
	});

	it('cannot repeat a category: the choice is keyed by category id (JSON keeps the last)', () => {
		const chosen = JSON.parse('{"cat_cup": 1, "cat_plate": 1, "cat_cup": 2}');
		const items = validateItems(chosen);
		expect(items).toEqual([
			{ hybridRevoTokenCategoryId: 'cat_cup', quantity: 2 },
			{ hybridRevoTokenCategoryId: 'cat_plate', quantity: 1 }
		]);
		const ids = items.map((item) => item.hybridRevoTokenCategoryId);
		expect(new Set(ids).size).toBe(ids.length);
	});
});

describe('result lines', () => {
	const before = previewByCategory(preview(3, 2))!;

	it('the platform’s figures: refund = validatedCount × depositGross, summed in cents', () => {
		const results = depositValidateSchema.parse([
			{ category: CUP, validatedCount: 2, remainingItemCount: 1 },
			{ category: PLATE, validatedCount: 2, remainingItemCount: 0 }
		]);
		const lines = answeredLines(before, results, new Map([['cat_cup', '2026-11-24T10:00:00Z']]));
		expect(
			lines.map(({ categoryId, returned, remaining, refundMinor, deadline }) => ({
				categoryId,
				returned,
				remaining,
				refundMinor,
				deadline
			}))
		).toEqual([
			{
				categoryId: 'cat_cup',
				returned: 2,
				remaining: 1,
				refundMinor: 400,
				deadline: '2026-11-24T10:00:00Z'
			},
			{ categoryId: 'cat_plate', returned: 2, remaining: 0, refundMinor: 660, deadline: null }
		]);
		// 2 × 2.00 + 2 × 3.30 = 10.60 exactly, not 10.599999…
		expect(refundTotals(lines)).toEqual([{ currencyCode: 'EUR', minor: 1060 }]);
	});

	it('a category the guest kept shows as returned 0, still active', () => {
		const results = depositValidateSchema.parse([
			{ category: CUP, validatedCount: 3, remainingItemCount: 0 }
		]);
		const lines = answeredLines(before, results, noDeadlines);
		expect(lines.find((line) => line.categoryId === 'cat_plate')).toMatchObject({
			returned: 0,
			remaining: 2,
			refundMinor: 0
		});
	});

	it('a validate the fresh preview showed done: the quantities asked, the counts seen now', () => {
		const after = activeCounts(previewByCategory(preview(1, 2))!);
		const lines = recoveredLines(
			before,
			[{ categoryId: 'cat_cup', quantity: 2 }],
			after,
			noDeadlines
		);
		expect(
			lines.map(({ returned, remaining, refundMinor }) => [returned, remaining, refundMinor])
		).toEqual([
			[2, 1, 400],
			[0, 2, 0]
		]);
	});

	it('totals per currency', () => {
		const line = { returned: 1, remaining: 0, unitMinor: 0, expirationHours: 1, deadline: null };
		expect(
			refundTotals([
				{ ...line, categoryId: 'a', name: 'a', refundMinor: 200, currencyCode: 'EUR' },
				{ ...line, categoryId: 'b', name: 'b', refundMinor: 500, currencyCode: 'CHF' },
				{ ...line, categoryId: 'c', name: 'c', refundMinor: 300, currencyCode: 'EUR' }
			])
		).toEqual([
			{ currencyCode: 'EUR', minor: 500 },
			{ currencyCode: 'CHF', minor: 500 }
		]);
	});
});
