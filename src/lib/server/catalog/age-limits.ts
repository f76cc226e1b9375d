/**
 * The venue's age limits (#lib/shared/age-limits.ts) and a product's or choice's minimum age at
 * the boundary (menu file, CSV, setup's form). One venue setting (`menu-age-limits`), read with
 * the menu; unset it is Germany's (JuSchG § 9: 16 and 18) — no setup page edits it yet. A stored
 * value that no longer reads is the defaults, never a failed menu. A product's age must be one of
 * the list in force, which the schema cannot know: `unknownAges` checks that.
 */
import { z } from 'zod';
import { m } from '#lib/paraglide/messages.js';
import { AGE_RANGE, DEFAULT_AGE_LIMITS, NO_AGE, type AgeLimit } from '#lib/shared/age-limits.ts';
import type { Settings } from '../settings.ts';
import { translatedName } from './translated-name.ts';

const KEY = 'menu-age-limits';

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

export const ageLimitListSchema = z
	.array(
		z.object({
			age: z.int().min(AGE_RANGE.min).max(AGE_RANGE.max),
			covers: translatedName
		})
	)
	.max(10)
	.superRefine((list, context) => {
		const ages = new Set<number>();
		list.forEach((limit, index) => {
			if (ages.has(limit.age))
				context.addIssue({
					code: 'custom',
					path: [index, 'age'],
					message: `age ${limit.age} repeated`
				});
			ages.add(limit.age);
		});
	})
	.transform((list) => [...list].sort((a, b) => a.age - b.age));

export async function venueAgeLimits(settings: Settings): Promise<AgeLimit[]> {
	const stored = await settings.get(KEY);
	if (stored === undefined || stored === null) return DEFAULT_AGE_LIMITS;
	const read = ageLimitListSchema.safeParse(stored);
	return read.success ? read.data : DEFAULT_AGE_LIMITS;
}

/** The ages of `used` (0 aside) that the venue's list does not have. */
export const unknownAges = (used: Iterable<number>, known: readonly AgeLimit[]) =>
	[...new Set(used)].filter((age) => age !== NO_AGE && !known.some((limit) => limit.age === age));
