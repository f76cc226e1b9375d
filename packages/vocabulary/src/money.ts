/**
 * Money is integer minor units everywhere inside the project. The platform speaks JSON numbers
 * in major units; these functions are the only place where one becomes the other, and they do
 * it through the number's decimal text, never through float multiplication.
 */

export class MoneyFormatError extends Error {
	override name = 'MoneyFormatError';
}

const exponentCache = new Map<string, number>();

/** ISO 4217 minor-unit exponent (EUR 2, JPY 0, KWD 3), taken from the runtime's ICU data. */
export function currencyExponent(currencyCode: string): number {
	let exponent = exponentCache.get(currencyCode);
	if (exponent === undefined) {
		if (!/^[A-Z]{3}$/.test(currencyCode)) {
			throw new MoneyFormatError(`not an ISO 4217 currency code: ${currencyCode}`);
		}
		exponent = new Intl.NumberFormat('en', {
			style: 'currency',
			currency: currencyCode
		}).resolvedOptions().maximumFractionDigits;
		exponentCache.set(currencyCode, exponent ?? 2);
	}
	return exponent ?? 2;
}

/**
 * A number's plain decimal text: no grouping, no exponent, every digit of its shortest
 * round-trip form. Made once: `toLocaleString` with options builds a formatter on every call,
 * forty times the cost of formatting (each fetched order converts every price).
 */
const PLAIN_DECIMAL = new Intl.NumberFormat('en-US', {
	useGrouping: false,
	maximumFractionDigits: 20
});

/**
 * Parses a JSON number as a fixed-point decimal with at most `scale` fractional digits and
 * returns it scaled to an integer (e.g. 4.5 with scale 2 → 450). Rejects NaN, infinities,
 * more fractional digits than the scale, and results beyond the safe-integer range.
 */
export function decimalToScaledInteger(value: number, scale: number): number {
	if (typeof value !== 'number' || !Number.isFinite(value)) {
		throw new MoneyFormatError(`not a finite number: ${String(value)}`);
	}
	// The shortest round-trip text of a double is the decimal the sender wrote.
	const text = PLAIN_DECIMAL.format(Math.abs(value));
	const [whole = '0', fraction = ''] = text.split('.');
	if (fraction.length > scale) {
		throw new MoneyFormatError(`${value} has more than ${scale} decimal places`);
	}
	const scaled = Number(whole + fraction.padEnd(scale, '0'));
	if (!Number.isSafeInteger(scaled)) {
		throw new MoneyFormatError(`${value} is out of range`);
	}
	return value < 0 ? -scaled : scaled;
}

/** Integer back to a JSON number: 450 with scale 2 → 4.5 (an exact decimal text, parsed once). */
export function scaledIntegerToDecimal(scaled: number, scale: number): number {
	return Number(scaledIntegerToText(scaled, scale));
}

/** Integer as its decimal text with all `scale` digits: 450 with scale 2 → "4.50", -5 → "-0.05". */
export function scaledIntegerToText(scaled: number, scale: number): string {
	if (!Number.isSafeInteger(scaled)) {
		throw new MoneyFormatError(`not a safe integer: ${scaled}`);
	}
	if (scale === 0) return String(scaled);
	const digits = Math.abs(scaled)
		.toString()
		.padStart(scale + 1, '0');
	return `${scaled < 0 ? '-' : ''}${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

/** A platform amount (major units, JSON number) → integer minor units. */
export function toMinor(amount: number, currencyCode: string): number {
	return decimalToScaledInteger(amount, currencyExponent(currencyCode));
}

/** Integer minor units → decimal text in major units (`1250` EUR → "12.50"), for CSV. */
export function minorToDecimalText(minor: number, currencyCode: string): string {
	return scaledIntegerToText(minor, currencyExponent(currencyCode));
}

/** Integer minor units → a platform amount (major units, JSON number). */
export function fromMinor(minor: number, currencyCode: string): number {
	return scaledIntegerToDecimal(minor, currencyExponent(currencyCode));
}

/**
 * `amount × basisPoints / 10 000`, rounded half up, all in integers (a 12.5 % discount is
 * 1250 basis points). Used for discounts; amounts stay far below 2^53 / 10 000.
 */
export function percentageOf(amountMinor: number, basisPoints: number): number {
	const product = amountMinor * basisPoints;
	if (!Number.isSafeInteger(product)) throw new MoneyFormatError('amount too large');
	return Math.floor((product + 5_000) / 10_000);
}

/** Splits `total` over `weights` in proportion, largest remainder first; the parts sum to total. */
export function allocateProportionally(total: number, weights: readonly number[]): number[] {
	const weightSum = weights.reduce((sum, weight) => sum + weight, 0);
	if (weightSum === 0) return weights.map(() => 0);
	const parts = weights.map((weight) => Math.floor((total * weight) / weightSum));
	let rest = total - parts.reduce((sum, part) => sum + part, 0);
	const byRemainder = weights
		.map((weight, index) => ({ index, remainder: (total * weight) % weightSum }))
		.sort((a, b) => b.remainder - a.remainder || a.index - b.index);
	for (const { index } of byRemainder) {
		if (rest <= 0) break;
		parts[index] = (parts[index] ?? 0) + 1;
		rest -= 1;
	}
	return parts;
}

/**
 * An amount as staff type it — major units, `.` or `,` before the decimals, no grouping
 * ("12,50") — in integer minor units; undefined for anything else, a negative amount, or more
 * decimals than the currency has.
 */
export function typedAmountToMinor(text: string, currencyCode: string): number | undefined {
	const decimal = text.trim().replace(',', '.');
	if (!/^\d{1,12}(\.\d+)?$/.test(decimal)) return undefined;
	try {
		return toMinor(Number(decimal), currencyCode);
	} catch {
		return undefined;
	}
}

/** Locale-aware display of integer minor units, e.g. 450 EUR in de-DE → "4,50 €". */
export function formatMoney(minor: number, currencyCode: string, locale: string): string {
	return new Intl.NumberFormat(locale, { style: 'currency', currency: currencyCode }).format(
		fromMinor(minor, currencyCode)
	);
}
