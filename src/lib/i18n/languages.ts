/**
 * The languages of the screens. The guest screens (ordering kiosk, return station, pickup screen)
 * speak every language of the project (project.inlang/settings.json), as far as the venue offers
 * them (setup page); the staff screens (setup, board, back office) speak only English and German.
 * The French, Spanish, Italian and Dutch catalogues hold the guest screens' messages alone
 * (i18n/guest-messages.spec.ts proves they are complete): a staff page in one of them would be
 * half English, so a staff page never is in one (staffLocale).
 */
import { baseLocale, type Locale } from '#lib/paraglide/runtime.js';

/** Each language named in itself, so a guest finds their own (no flags: a flag is a country). */
export const LANGUAGE_NAMES: Record<Locale, string> = {
	en: 'English',
	de: 'Deutsch',
	fr: 'Français',
	es: 'Español',
	it: 'Italiano',
	nl: 'Nederlands'
};

/** The languages of the staff screens, and of the staff's language switch. */
export const STAFF_LOCALES = ['en', 'de'] as const satisfies readonly Locale[];

export type StaffLocale = (typeof STAFF_LOCALES)[number];

export const isStaffLocale = (locale: unknown): locale is StaffLocale =>
	(STAFF_LOCALES as readonly unknown[]).includes(locale);

/** The language a staff screen shows for `locale` (a guest language): itself, or English. */
export const staffLocale = (locale: Locale): StaffLocale =>
	isStaffLocale(locale) ? locale : (baseLocale as StaffLocale);
