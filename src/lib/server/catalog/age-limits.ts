/**
 * The venue's age limits (#lib/shared/age-limits.ts) and a product's or choice's minimum age at
 * the boundary (menu file, CSV, setup's forms). One venue setting (`menu-age-limits`), read with
 * the menu and edited on the setup page: the ages the menu's products may carry, and per age what
 * it covers in words in each guest language. Unset it is Germany's (JuSchG § 9: 16 and 18, with
 * their texts). The setting keeps only the texts the venue wrote: a text left empty, or the same
 * as Germany's, is Germany's when read, so the defaults stay one list in one file. A stored value
 * that no longer reads is the defaults, never a failed menu. A product's age must be one of the
 * list in force, which the schema cannot know: `unknownAges` checks that, and the setup form does
 * not remove an age the menu still sells from.
 */
import { z } from 'zod';
import { m } from '#lib/paraglide/messages.js';
import { locales, type Locale } from '#lib/paraglide/runtime.js';
import {
	AGE_RANGE,
	DEFAULT_AGE_LIMITS,
	defaultCovers,
	NO_AGE,
	type AgeLimit,
	type TypedAgeLimit
} from '#lib/shared/age-limits.ts';
import type { StaffNames } from '#lib/shared/translated.ts';
import { textField } from '../http/forms.ts';
import type { Settings } from '../settings.ts';
import type { Product } from './product.ts';

const KEY = 'menu-age-limits';

/** The most ages a venue keeps, and the longest text of one in characters (after trimming). */
export const AGE_LIMITS_MAX = 10;
export const COVERS_MAX = 200;

/** 0 (none) or an age in the range; refused in the staff member's language. */
export const minAge = z.unknown().transform((value, context) => {
	const age = typeof value === 'string' && value.trim() === '' ? NO_AGE : Number(value);
	if (age === NO_AGE || (Number.isInteger(age) && age >= AGE_RANGE.min && age <= AGE_RANGE.max))
		return age;
	context.addIssue({
		code: 'custom',
		message: m.menu_import_bad_age({ value: String(value), ...AGE_RANGE })
	});
	return z.NEVER;
});

/** The texts per guest language: trimmed, the empty ones left out. */
const coversSchema = z
	.partialRecord(
		z.enum(locales),
		z
			.string()
			.trim()
			.max(COVERS_MAX, { error: () => m.age_limits_text_too_long({ max: COVERS_MAX }) })
	)
	.transform(
		(texts) =>
			Object.fromEntries(Object.entries(texts).filter(([, text]) => text !== '')) as StaffNames
	);

/** The list as the venue keeps it: each age once, at most AGE_LIMITS_MAX, youngest first. */
export const ageLimitListSchema = z
	.array(
		z.object({
			age: z
				.int({
					error: (issue) => m.age_limits_bad_age({ value: String(issue.input), ...AGE_RANGE })
				})
				.min(AGE_RANGE.min, {
					error: (issue) => m.age_limits_bad_age({ value: String(issue.input), ...AGE_RANGE })
				})
				.max(AGE_RANGE.max, {
					error: (issue) => m.age_limits_bad_age({ value: String(issue.input), ...AGE_RANGE })
				}),
			covers: coversSchema
		})
	)
	.max(AGE_LIMITS_MAX, { error: () => m.age_limits_too_many({ max: AGE_LIMITS_MAX }) })
	.superRefine((list, context) => {
		const ages = new Set<number>();
		list.forEach((limit, index) => {
			if (ages.has(limit.age))
				context.addIssue({
					code: 'custom',
					path: [index, 'age'],
					message: m.age_limits_repeated({ age: limit.age })
				});
			ages.add(limit.age);
		});
	})
	.transform((list) => [...list].sort((a, b) => a.age - b.age));

/** Germany's ages, with none of the venue's own texts. */
const UNSET: AgeLimit[] = DEFAULT_AGE_LIMITS.map(({ age }) => ({ age, covers: {} }));

/** The list as the venue keeps it (the ages and the texts it wrote), for the form and the audit. */
export async function storedAgeLimits(settings: Settings): Promise<AgeLimit[]> {
	return ageLimitsSetting(settings).read();
}

/** The list in force: the venue's ages, each text the venue's or else Germany's. */
export async function venueAgeLimits(settings: Settings): Promise<AgeLimit[]> {
	return (await storedAgeLimits(settings)).map(({ age, covers }) => ({
		age,
		covers: { ...defaultCovers(age), ...covers }
	}));
}

export async function saveAgeLimits(settings: Settings, limits: AgeLimit[]): Promise<void> {
	await ageLimitsSetting(settings).save(limits);
}

const ageLimitsSetting = (settings: Settings) =>
	settings.typed<AgeLimit[]>(KEY, ageLimitListSchema, UNSET);

/** The ages of `used` (0 aside) that the venue's list does not have. */
export const unknownAges = (used: Iterable<number>, known: readonly AgeLimit[]) =>
	[...new Set(used)].filter((age) => age !== NO_AGE && !known.some((limit) => limit.age === age));

/** Every age the menu's products and their choices are sold from. */
export const agesInUse = (products: readonly Product[]): Set<number> =>
	new Set(
		products.flatMap((product) => [
			product.minAge,
			...product.options.flatMap((group) => group.choices.map((choice) => choice.minAge ?? NO_AGE))
		])
	);

export interface AgeLimitsFormContext {
	/** The guest languages offered: the form has a text per age in each. */
	offered: readonly Locale[];
	/** The list as kept: the texts of languages not offered are kept with their age. */
	stored: readonly AgeLimit[];
	/** The ages the menu sells from (agesInUse): none of them may go. */
	inUse: ReadonlySet<number>;
}

/** `typed`: every row of the refused form as posted, for the page to show again. */
export type AgeLimitsForm =
	{ ok: true; values: AgeLimit[] } | { ok: false; problems: string[]; typed: TypedAgeLimit[] };

/**
 * The setup page's form: rows of an `age` field each (the kept ages, then an empty one to add an
 * age) with a text `covers-<row>-<language>` per offered language. A row with no age is left out
 * (that removes an age, and an unused new row adds none). Problems come in the staff member's
 * language; nothing is saved unless the whole form reads.
 */
export function ageLimitsFromForm(form: FormData, context: AgeLimitsFormContext): AgeLimitsForm {
	const typed: TypedAgeLimit[] = form.getAll('age').map((value, row) => ({
		age: typeof value === 'string' ? value : '',
		covers: Object.fromEntries(
			context.offered.map((locale) => [locale, textField(form, `covers-${row}-${locale}`)])
		)
	}));
	const rows = typed
		.map(({ age, covers }) => ({ age: age.trim(), covers }))
		.filter(({ age }) => age !== '')
		.map(({ age, covers }) => ({ age: /^\d+$/.test(age) ? Number(age) : age, covers }));
	const read = ageLimitListSchema.safeParse(rows);
	if (!read.success) {
		const problems = [...new Set(read.error.issues.map((issue) => issue.message))];
		return { ok: false, problems, typed };
	}
	const removed = [...context.inUse].filter(
		(age) => age !== NO_AGE && !read.data.some((limit) => limit.age === age)
	);
	if (removed.length > 0)
		return { ok: false, problems: removed.map((age) => m.age_limits_in_use({ age })), typed };
	return {
		ok: true,
		values: read.data.map(({ age, covers }) => ({
			age,
			covers: { ...keptTexts(context, age), ...ownTexts(age, covers) }
		}))
	};
}

/** The venue's texts for `age` in the languages the form did not show. */
function keptTexts({ offered, stored }: AgeLimitsFormContext, age: number): StaffNames {
	const kept = stored.find((limit) => limit.age === age)?.covers ?? {};
	return Object.fromEntries(
		Object.entries(kept).filter(([locale]) => !offered.includes(locale as Locale))
	);
}

/** The texts the venue wrote: one the same as Germany's is Germany's (and follows it). */
function ownTexts(age: number, covers: StaffNames): StaffNames {
	const defaults = defaultCovers(age);
	return Object.fromEntries(
		Object.entries(covers).filter(([locale, text]) => text !== defaults[locale as Locale])
	);
}
