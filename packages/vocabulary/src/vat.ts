/**
 * VAT rates the platform accepts (spec 3, "Supported VAT rates"); any other rate gives
 * COULD_NOT_MAP_BIG_DECIMAL_TO_VAT_ENUM_VALUE. Inside the project a rate is basis points
 * (5.5 % → 550), so no rate is ever a float in arithmetic.
 */
import { decimalToScaledInteger } from './money.ts';

export const SUPPORTED_VAT_RATES: readonly number[] = [
	0, 1, 2, 3, 4, 5, 5.5, 6, 7, 7.7, 8, 9, 9.5, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22,
	23, 24, 25, 26, 27
];

const SUPPORTED_VAT_BASIS_POINTS: ReadonlySet<number> = new Set(
	SUPPORTED_VAT_RATES.map((rate) => decimalToScaledInteger(rate, 2))
);

export function isSupportedVatRate(rate: number): boolean {
	return SUPPORTED_VAT_RATES.includes(rate);
}

/** The rate in basis points, or undefined when it is not one of the supported rates. */
export function vatBasisPoints(rate: number): number | undefined {
	try {
		const basisPoints = decimalToScaledInteger(rate, 2);
		return SUPPORTED_VAT_BASIS_POINTS.has(basisPoints) ? basisPoints : undefined;
	} catch {
		return undefined;
	}
}
