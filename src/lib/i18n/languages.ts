/**
 * The languages of the screens. The guest screens (ordering kiosk, return station, pickup screen)
 * speak every language of the project (project.inlang/settings.json), as far as the venue offers
 * them (setup page, #lib/shared/guest-languages.ts); the staff screens speak English and German
 * (#lib/shared/staff-languages.ts). i18n/messages.spec.ts proves every catalogue complete.
 */
import type { Locale } from '#lib/paraglide/runtime.js';

/** Each language named in itself, so a guest finds their own (no flags: a flag is a country). */
export const LANGUAGE_NAMES: Record<Locale, string> = {
	en: 'English',
	de: 'Deutsch',
	fr: 'Français',
	es: 'Español',
	it: 'Italiano',
	nl: 'Nederlands'
};

/**
 * The messages a guest screen says in every language at once (the attract screen's invitation and
 * out-of-order notice, the language step's question, the return station's title): the browser
 * build keeps them whole (i18n/build/split-guest-texts.ts), so these screens load no language's
 * texts to say them.
 */
export const SAID_IN_EVERY_LANGUAGE: readonly string[] = [
	'kiosk_attract_start',
	'kiosk_language_title',
	'kiosk_out_of_order_title',
	'kiosk_out_of_order_where',
	'return_attract_title'
];
