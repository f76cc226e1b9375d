/**
 * The languages the venue's guest screens offer (setup page; server/screens/guest-languages.ts
 * keeps them): the guest's choice lists `offered` (in the project's order), and every guest
 * starts in `house`, one of them.
 */
import { baseLocale, locales, type Locale } from '#lib/paraglide/runtime.js';

export interface GuestLanguages {
	offered: readonly Locale[];
	house: Locale;
}

/** Until the venue chooses: every language of the project, each guest starting in English. */
export const EVERY_GUEST_LANGUAGE: GuestLanguages = { offered: locales, house: baseLocale };
