/**
 * The texts of the guest-only languages (French, Spanish, Italian, Dutch) in the browser: loaded
 * when a screen needs them, not carried by every screen.
 *
 * Paraglide compiles each message as one function holding every language's text, so every screen
 * would ship six languages of every message it shows. In the browser build, each message keeps
 * English and German (the staff languages, which every message has) and asks this module for the
 * others (i18n/build/split-guest-texts.ts rewrites the compiled messages so). A guest-only
 * language's texts are one module each, loaded by a dynamic import the first time a message is
 * said in it — a guest's switch, a house language changed on the setup page — and before the page
 * starts when the server rendered it in one (hooks.client.ts), so it hydrates as rendered. The
 * service worker keeps these modules with the version's other files (immutable build files), so
 * an offline screen switches all the same. A staff screen, never in one, never loads one. On the
 * server every message holds every language: nothing is loaded.
 *
 * The loaded texts are state: a message shown before its language's texts came is shown again in
 * it when they come (in English for the moment between).
 */
import { browser } from '$app/env';
import type { Locale } from '#lib/paraglide/runtime.js';
import { isStaffLocale, type StaffLocale } from '#lib/shared/staff-languages.ts';

/** A guest-only language's texts: each message's function, by the message's module name. */
export type GuestTexts = Readonly<Record<string, (inputs: object) => string>>;

const LOADERS: Record<Exclude<Locale, StaffLocale>, () => Promise<{ default: GuestTexts }>> = {
	fr: () => import('virtual:guest-texts/fr'),
	es: () => import('virtual:guest-texts/es'),
	it: () => import('virtual:guest-texts/it'),
	nl: () => import('virtual:guest-texts/nl')
};

let loaded: Partial<Record<Locale, GuestTexts>> = $state.raw({});
/** The loads begun, each once (not state: nothing shows it). */
const loading: Partial<Record<Locale, Promise<void>>> = {};

/**
 * A message in a guest-only language, once its texts are loaded; until then undefined (the
 * message says it in English) and the texts are asked for: whatever shows a language loads it.
 * A staff language's message is the message's own (undefined here).
 */
export function guestText(locale: Locale, message: string, inputs: object): string | undefined {
	if (isStaffLocale(locale)) return undefined;
	const texts = loaded[locale];
	if (texts === undefined) void loadGuestTexts(locale);
	return texts?.[message]?.(inputs);
}

/**
 * Loads a guest-only language's texts, once (a staff language, or on the server: nothing to
 * load). Never fails: should the module not come, the messages say it in English, and the next
 * message shown asks again.
 */
export function loadGuestTexts(locale: Locale): Promise<void> {
	if (!browser || isStaffLocale(locale)) return Promise.resolve();
	loading[locale] ??= LOADERS[locale]().then(
		({ default: texts }) => {
			loaded = { ...loaded, [locale]: texts };
		},
		() => {
			delete loading[locale];
		}
	);
	return loading[locale];
}
