/**
 * Request items → integer lines. Checks that need more than the item itself: unit-price decimals
 * of the body's currency (400 VALIDATION_FAILED) and the VAT enum (spec 3: "Any other rate gives
 * COULD_NOT_MAP_BIG_DECIMAL_TO_VAT_ENUM_VALUE").
 */
import {
	currencyExponent,
	decimalToScaledInteger,
	MoneyFormatError,
	toMinor
} from '@venue-kiosk/vocabulary/money.ts';
import { vatBasisPoints } from '@venue-kiosk/vocabulary/vat.ts';
import { validationFailed } from '../errors.ts';
import { CreditErrorCode, creditError } from './errors.ts';
import { QUANTITY_SCALE, type ItemRequest } from './schemas.ts';

/** One requested line in integers: minor units, thousandths, basis points. */
export interface CreditLine {
	productId: string | null;
	name: string;
	quantityMilli: number;
	unitPriceMinor: number;
	vatBp: number;
}

/** Why a unit price cannot be an amount of this currency, or undefined when it can. */
function unitPriceProblem(unitPrice: number, currencyCode: string): string | undefined {
	try {
		toMinor(unitPrice, currencyCode);
		return undefined;
	} catch (error) {
		if (!(error instanceof MoneyFormatError)) throw error;
		return `must be an amount with at most ${currencyExponent(currencyCode)} decimal places for ${currencyCode} (${error.message})`;
	}
}

/**
 * Converts validated request items; `field` is the body field name used in descriptors
 * (`items` on preview, `newItems` on update).
 */
export function toCreditLines(
	items: readonly ItemRequest[],
	currencyCode: string,
	field: string
): CreditLine[] {
	const priceProblems = items.flatMap((item, index) => {
		const problem = unitPriceProblem(item.unitPrice, currencyCode);
		return problem ? [`${field}.${index}.unitPrice: ${problem}`] : [];
	});
	if (priceProblems.length) throw validationFailed(priceProblems);

	const lines: CreditLine[] = [];
	const vatProblems: string[] = [];
	items.forEach((item, index) => {
		const vatBp = vatBasisPoints(item.vat);
		if (vatBp === undefined) {
			vatProblems.push(`${field}.${index}.vat: ${item.vat} is not a supported VAT rate`);
			return;
		}
		lines.push({
			productId: item.productId,
			name: item.name,
			quantityMilli: decimalToScaledInteger(item.quantity, QUANTITY_SCALE),
			unitPriceMinor: toMinor(item.unitPrice, currencyCode),
			vatBp
		});
	});
	if (vatProblems.length) {
		throw creditError(CreditErrorCode.unsupportedVat, 'Unsupported VAT rate.', vatProblems);
	}
	return lines;
}
