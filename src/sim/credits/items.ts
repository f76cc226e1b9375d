/**
 * Request items → integer lines. Checks that need more than the item itself: unit-price decimals
 * of the body's currency (400 VALIDATION_FAILED) and the VAT enum (spec 3: "Any other rate gives
 * COULD_NOT_MAP_BIG_DECIMAL_TO_VAT_ENUM_VALUE").
 */
import { currencyExponent, decimalToScaledInteger, MoneyFormatError, toMinor } from '#lib/money.ts';
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

/** spec 3 "Supported VAT rates", in percent, as listed. */
export const SUPPORTED_VAT_RATES = [
	0, 1, 2, 3, 4, 5, 5.5, 6, 7, 7.7, 8, 9, 9.5, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22,
	23, 24, 25, 26, 27
];

/** The same rates in basis points (5.5 % → 550). */
const SUPPORTED_VAT_BP: ReadonlySet<number> = new Set(
	SUPPORTED_VAT_RATES.map((rate) => decimalToScaledInteger(rate, 2))
);

/** The rate in basis points, or undefined when it is not one of the supported rates. */
export function vatBasisPoints(vat: number): number | undefined {
	try {
		const bp = decimalToScaledInteger(vat, 2);
		return SUPPORTED_VAT_BP.has(bp) ? bp : undefined;
	} catch {
		return undefined;
	}
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
