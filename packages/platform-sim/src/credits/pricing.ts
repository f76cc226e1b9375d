/**
 * Pricing, in integers only. spec 3 "Relation": "from the gross amount, the discount is
 * subtracted; credits cover part of the rest; the remainder is outstandingBalance". So per item
 * and in total: gross − discount = credits + outstanding, exactly.
 */
import { allocateProportionally, percentageOf } from '@venue-kiosk/vocabulary/money.ts';
import { validationFailed } from '../errors.ts';
import type { CreditItem, PaymentType } from '../state.ts';
import { CreditErrorCode, creditError } from './errors.ts';
import type { CreditLine } from './items.ts';

/**
 * Largest gross total of one transaction (900 000.00 in a two-decimal currency). The spec shows
 * no limit; this one keeps every product in `allocateProportionally` below 2^53.
 */
export const MAX_TRANSACTION_GROSS_MINOR = 90_000_000;

type Priced = Pick<CreditLine, 'unitPriceMinor' | 'quantityMilli'>;

/** unitPrice × quantity, rounded half up to the minor unit (BigInt, so no product overflows). */
export function grossOf(line: Priced): number {
	return Number((BigInt(line.unitPriceMinor) * BigInt(line.quantityMilli) + 500n) / 1000n);
}

/** 400 VALIDATION_FAILED when the transaction's gross total would pass the limit. */
export function assertWithinGrossLimit(lines: readonly Priced[], field: string): void {
	const total = lines.reduce((sum, line) => sum + grossOf(line), 0);
	if (total > MAX_TRANSACTION_GROSS_MINOR) {
		throw validationFailed([
			`${field}: the gross total of the transaction exceeds ${MAX_TRANSACTION_GROSS_MINOR} minor units`
		]);
	}
}

/**
 * Credits to take, by spec 3's payment-type table: CREDIT pays all or fails with
 * INSUFFICIENT_CREDIT ("HTTP 400"); SPLIT_PAYMENT pays what the wallet can; EXTERNAL_PAYMENT
 * pays nothing with credits ("no credits charged; discounts still apply").
 */
export function creditsToCharge(
	paymentType: PaymentType,
	payableMinor: number,
	availableMinor: number
): number {
	switch (paymentType) {
		case 'CREDIT':
			if (availableMinor < payableMinor) {
				throw creditError(
					CreditErrorCode.insufficientCredit,
					'The wallet has not enough credits for the whole amount; preview again with EXTERNAL_PAYMENT.'
				);
			}
			return payableMinor;
		case 'SPLIT_PAYMENT':
			return Math.min(availableMinor, payableMinor);
		case 'EXTERNAL_PAYMENT':
			return 0;
	}
}

/**
 * The items of a preview: the venue's discount per product ("Discounts configured by the venue
 * are applied automatically per product at preview"), then the credits spread over the items in
 * proportion to what is left to pay, so the item figures sum to the totals.
 */
export function priceDiscountedLines(
	lines: readonly CreditLine[],
	discountBpOf: (productId: string | null) => number,
	paymentType: PaymentType,
	availableMinor: number
): CreditItem[] {
	const priced = lines.map((line) => {
		const grossMinor = grossOf(line);
		const discountMinor = percentageOf(grossMinor, discountBpOf(line.productId));
		return { line, discountMinor, payableMinor: grossMinor - discountMinor };
	});
	const payableTotal = priced.reduce((sum, item) => sum + item.payableMinor, 0);
	const credits = creditsToCharge(paymentType, payableTotal, availableMinor);
	const parts = allocateProportionally(
		credits,
		priced.map((item) => item.payableMinor)
	);
	return priced.map(({ line, discountMinor, payableMinor }, index) => {
		const creditsMinor = parts[index] ?? 0;
		return {
			...line,
			discountMinor,
			creditsMinor,
			outstandingMinor: payableMinor - creditsMinor,
			addedByUpdate: false
		};
	});
}

/** spec 3: "Items added by update come back with credits 0 and discount 0, and their full price is added to outstandingBalance". */
export function priceAddedLines(lines: readonly CreditLine[]): CreditItem[] {
	return lines.map((line) => ({
		...line,
		discountMinor: 0,
		creditsMinor: 0,
		outstandingMinor: grossOf(line),
		addedByUpdate: true
	}));
}

export interface CreditTotals {
	grossMinor: number;
	discountMinor: number;
	creditsMinor: number;
	outstandingMinor: number;
}

/** The transaction's totals are the sums of its item figures. */
export function totalsOf(items: readonly CreditItem[]): CreditTotals {
	return items.reduce(
		(totals, item) => ({
			grossMinor: totals.grossMinor + grossOf(item),
			discountMinor: totals.discountMinor + item.discountMinor,
			creditsMinor: totals.creditsMinor + item.creditsMinor,
			outstandingMinor: totals.outstandingMinor + item.outstandingMinor
		}),
		{ grossMinor: 0, discountMinor: 0, creditsMinor: 0, outstandingMinor: 0 }
	);
}
