/** Each language named in itself, so a guest finds their own (as the setup's language switch). */
import type { Locale } from '#lib/paraglide/runtime.js';

export const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', de: 'Deutsch' };
