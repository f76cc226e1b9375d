/**
 * A text of the venue's in the screens' languages (the menu's names, the options' names): English
 * always, the others where staff gave them; a screen falls back to English (format.ts nameIn).
 * `StaffNames` is a name that has a fallback of its own and so needs no language at all: a menu
 * category's (the built-in heading) and a container category's (the platform's name).
 */
import type { Locale } from '#lib/paraglide/runtime.js';

export type Translated = { en: string } & Partial<Record<Exclude<Locale, 'en'>, string>>;

export type StaffNames = Partial<Record<Locale, string>>;

/**
 * The names staff gave the menu's categories and the platform's container categories, by id
 * (setup's menu page; server/catalog/menu-names.ts keeps them).
 */
export interface VenueNames {
	categories: Record<string, StaffNames>;
	containers: Record<string, StaffNames>;
}
