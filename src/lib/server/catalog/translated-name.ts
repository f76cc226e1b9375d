/**
 * The venue's names in the screens' languages, as they come in (the menu file, the setup page's
 * name forms): one rule for every way in. The languages are the project's (paraglide settings),
 * so a language added there is offered everywhere without a change here. A text is trimmed; an
 * empty one means "none in this language", and the screens show the fallback (#lib/shared/format.ts
 * nameIn). A product's name may be a plain (English) text or one per language, and needs its
 * English one; a category's or container's name needs none.
 */
import { z } from 'zod';
import { m } from '#lib/paraglide/messages.js';
import { baseLocale, locales } from '#lib/paraglide/runtime.js';
import type { StaffNames, Translated } from '#lib/shared/translated.ts';

/** The longest name and description in characters (after trimming). */
export const NAME_MAX = 1000;
export const DESCRIPTION_MAX = 2000;

/** A text in one language: trimmed, and absent when empty. */
const optionalText = (max: number) =>
	z
		.string()
		.trim()
		.max(max)
		.optional()
		.transform((text) => text || undefined);

/** Texts per language, none required, without the empty ones. */
export const staffNames = (max: number) =>
	z
		.object(Object.fromEntries(locales.map((locale) => [locale, optionalText(max)])))
		.transform((texts) => withoutEmpty(texts) as StaffNames);

function withoutEmpty(texts: Record<string, string | undefined>): Record<string, string> {
	return Object.fromEntries(
		Object.entries(texts).filter((entry): entry is [string, string] => entry[1] !== undefined)
	);
}

export const translatedName = z.union([
	z
		.string()
		.trim()
		.min(1)
		.max(NAME_MAX)
		.transform((text): Translated => ({ [baseLocale]: text }) as Translated),
	staffNames(NAME_MAX).refine((names) => names[baseLocale] !== undefined, {
		path: [baseLocale],
		error: () => m.menu_import_english_name_required()
	}) as z.ZodType<Translated>
]);

export const descriptions = staffNames(DESCRIPTION_MAX);
