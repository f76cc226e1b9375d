/**
 * The languages of the staff screens (setup, order board, back office): English and German. The
 * guest screens speak every language of the project (#lib/i18n/languages.ts); the French,
 * Spanish, Italian and Dutch catalogues hold the guest screens' messages alone — Paraglide
 * compiles a message a catalogue lacks as the English one — so a staff page in one of them would
 * be half English: a staff page is never in one (staffLocale; server/http/locale-request.ts).
 */
import { baseLocale, type Locale } from '#lib/paraglide/runtime.js';

/** The languages of the staff screens, and of their language switch. */
export const STAFF_LOCALES = ['en', 'de'] as const satisfies readonly Locale[];

export type StaffLocale = (typeof STAFF_LOCALES)[number];

export const isStaffLocale = (locale: unknown): locale is StaffLocale =>
	(STAFF_LOCALES as readonly unknown[]).includes(locale);

/** The language a staff screen shows for `locale`: itself, or English for a guest-only one. */
export const staffLocale = (locale: Locale): StaffLocale =>
	isStaffLocale(locale) ? locale : (baseLocale as StaffLocale);
