/**
 * Which languages the guest screens (ordering kiosk, return station, pickup screen) offer, and
 * the house language every guest starts in — one venue setting (setup page), read into each
 * guest screen's snapshot. By default every language the project has, starting in English
 * (#lib/shared/guest-languages.ts).
 *
 * A stored value that no longer fits (a language since dropped from the project) falls back to
 * the default rather than leave a screen with no language: the screens never guess one.
 */
import { z } from 'zod';
import { locales, type Locale } from '#lib/paraglide/runtime.js';
import { EVERY_GUEST_LANGUAGE, type GuestLanguages } from '#lib/shared/guest-languages.ts';
import { textField } from '../http/forms.ts';
import type { Settings } from '../settings.ts';

const guestLanguagesSchema = z
	.object({
		offered: z.array(z.enum(locales)).min(1),
		house: z.enum(locales)
	})
	.refine(({ offered, house }) => offered.includes(house))
	// One order everywhere (the project's), whatever order the form sent.
	.transform(({ offered, house }) => ({
		offered: locales.filter((locale) => offered.includes(locale)),
		house
	}));

const KEY = 'guest-languages';

const languagesSetting = (settings: Settings) =>
	settings.typed<GuestLanguages>(KEY, guestLanguagesSchema, EVERY_GUEST_LANGUAGE);

export const guestLanguages = (settings: Settings): Promise<GuestLanguages> =>
	languagesSetting(settings).read();

export async function saveGuestLanguages(
	settings: Settings,
	values: GuestLanguages
): Promise<void> {
	await languagesSetting(settings).save(values);
}

/** Why the setup page's form was refused (each has its message on the page). */
export type GuestLanguagesProblem = 'none-offered' | 'house-not-offered';

export type GuestLanguagesForm =
	{ ok: true; values: GuestLanguages } | { ok: false; problem: GuestLanguagesProblem };

/**
 * The setup page's form: a checkbox `offered` per language, the house language `house`. A
 * language the project does not have is refused like a missing one (nothing is saved).
 */
export function guestLanguagesFromForm(form: FormData): GuestLanguagesForm {
	const offered = form.getAll('offered').filter((value) => typeof value === 'string');
	const house = textField(form, 'house');
	const known = (value: string): value is Locale => (locales as readonly string[]).includes(value);
	if (offered.length === 0 || !offered.every(known)) return { ok: false, problem: 'none-offered' };
	if (!known(house) || !offered.includes(house)) return { ok: false, problem: 'house-not-offered' };
	return { ok: true, values: guestLanguagesSchema.parse({ offered, house }) };
}
