import { describe, expect, it } from 'vitest';
import type { CreditLine } from './items.ts';
import { grossOf, priceAddedLines, priceDiscountedLines, totalsOf } from './pricing.ts';

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function random(seed: number) {
	let state = seed;
	return (below: number) => {
		state = (state + 0x6d2b79f5) | 0;
		let t = Math.imul(state ^ (state >>> 15), 1 | state);
		t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
		return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4_294_967_296) * below);
	};
}

const line = (unitPriceMinor: number, quantityMilli = 1000, productId: string | null = null) => ({
	productId,
	name: 'line',
	quantityMilli,
	unitPriceMinor,
	vatBp: 1900
});

describe('grossOf (spec 3 "Relation": the gross amount)', () => {
	it('rounds unitPrice × quantity half up to the minor unit', () => {
		expect(grossOf(line(333, 1500))).toBe(500); // 4.995
		expect(grossOf(line(333, 1250))).toBe(416); // 4.1625
		expect(grossOf(line(500, 1001))).toBe(501); // 5.005
		expect(grossOf(line(0, 7000))).toBe(0);
	});

	it('does not overflow for large safe inputs', () => {
		expect(grossOf(line(9_000_000_000_000, 1_000_000))).toBe(9_000_000_000_000_000);
	});
});

describe('priceDiscountedLines: gross − discount = credits + outstanding', () => {
	it('holds per item and in total for 2000 random carts, and credits never exceed what is available', () => {
		const next = random(20250705);
		const discounts: Record<string, number> = { a: 1000, b: 1500, c: 2000, d: 0, e: 3333 };
		for (let run = 0; run < 2000; run += 1) {
			const lines: CreditLine[] = Array.from({ length: 1 + next(6) }, () =>
				line(next(5000), 1000 + next(5000), ['a', 'b', 'c', 'd', 'e', null][next(6)] ?? null)
			);
			const available = next(20_000);
			const paymentType =
				(['SPLIT_PAYMENT', 'EXTERNAL_PAYMENT'] as const)[next(2)] ?? 'SPLIT_PAYMENT';
			const items = priceDiscountedLines(
				lines,
				(productId) => (productId ? (discounts[productId] ?? 0) : 0),
				paymentType,
				available
			);
			const totals = totalsOf(items);
			for (const item of items) {
				expect(grossOf(item) - item.discountMinor).toBe(item.creditsMinor + item.outstandingMinor);
				expect(item.creditsMinor).toBeGreaterThanOrEqual(0);
				expect(item.outstandingMinor).toBeGreaterThanOrEqual(0);
			}
			expect(totals.grossMinor - totals.discountMinor).toBe(
				totals.creditsMinor + totals.outstandingMinor
			);
			const payable = totals.grossMinor - totals.discountMinor;
			expect(totals.creditsMinor).toBe(
				paymentType === 'EXTERNAL_PAYMENT' ? 0 : Math.min(available, payable)
			);
		}
	});

	it('CREDIT with too few credits throws INSUFFICIENT_CREDIT; exactly enough pays everything', () => {
		expect(() => priceDiscountedLines([line(350)], () => 0, 'CREDIT', 349)).toThrow(
			expect.objectContaining({ status: 400, errorCode: 'INSUFFICIENT_CREDIT' })
		);
		const [item] = priceDiscountedLines([line(350)], () => 0, 'CREDIT', 350);
		expect(item).toMatchObject({ creditsMinor: 350, outstandingMinor: 0, discountMinor: 0 });
	});
});

describe('priceAddedLines (spec 3: "credits 0 and discount 0, … full price added to outstandingBalance")', () => {
	it('puts the whole gross into outstanding', () => {
		expect(priceAddedLines([line(199, 3000, 'a')])).toEqual([
			{
				...line(199, 3000, 'a'),
				discountMinor: 0,
				creditsMinor: 0,
				outstandingMinor: 597,
				addedByUpdate: true
			}
		]);
	});
});
