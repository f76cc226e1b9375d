/**
 * Building blocks of the response schemas: validation at the boundary (reject what breaks the
 * contract, tolerate extra fields) and the one place where the platform's JSON amounts become
 * integer minor units, with the currency code of the object that carries them.
 */
import { z } from 'zod';
import { MoneyFormatError, toMinor } from '@venue-kiosk/vocabulary/money.ts';

/** ISO 4217 as the spec writes it (spec 3: ^[A-Z]{3}$); also what `currencyExponent` accepts. */
export const CURRENCY_CODE_PATTERN = /^[A-Z]{3}$/;

export const currencyCodeSchema = z
	.string()
	.regex(CURRENCY_CODE_PATTERN, 'must be an ISO 4217 currency code (^[A-Z]{3}$)');

const DATE_TIME_PATTERN =
	/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/** An ISO 8601 date-time, kept as the text the platform sent (with or without an offset). */
export const dateTimeSchema = z
	.string()
	.refine(
		(text) => DATE_TIME_PATTERN.test(text) && !Number.isNaN(Date.parse(text)),
		'must be an ISO 8601 date-time'
	);

/** A JSON number in major units; converted by `minorUnits` once the currency is known. */
export const amountSchema = z.number();

/** A non-negative count (int32 in the spec). */
export const countSchema = z.int().min(0).max(2_147_483_647);

/** An optional field that may also arrive as `null`: both mean absent. */
export function optional<Schema extends z.ZodType>(schema: Schema) {
	return schema
		.nullish()
		.transform((value) => (value ?? undefined) as z.output<Schema> | undefined);
}

export type MinorConverter = (amount: number, path: (string | number)[]) => number;

/**
 * Runs `build` with a converter from major-unit amounts to integer minor units of
 * `currencyCode`. An amount with more decimals than the currency has (or out of range) becomes a
 * schema issue at its path, so the whole response is reported as malformed, never rounded.
 */
export function withMinorUnits<Out>(
	ctx: z.core.$RefinementCtx<unknown>,
	currencyCode: string,
	build: (minor: MinorConverter) => Out
): Out {
	let failed = false;
	const minor: MinorConverter = (amount, path) => {
		try {
			return toMinor(amount, currencyCode);
		} catch (error) {
			if (!(error instanceof MoneyFormatError)) throw error;
			failed = true;
			ctx.addIssue({ code: 'custom', message: `${error.message} (${currencyCode})`, path });
			return 0;
		}
	};
	const result = build(minor);
	return failed ? (z.NEVER as Out) : result;
}
