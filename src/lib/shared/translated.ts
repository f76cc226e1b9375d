/**
 * A text of the venue's in the screens' languages (the menu's names, the options' names): English
 * always, the others where staff gave them; a screen falls back to English (format.ts nameIn).
 */
import type { Locale } from '#lib/paraglide/runtime.js';

export type Translated = { en: string } & Partial<Record<Exclude<Locale, 'en'>, string>>;
