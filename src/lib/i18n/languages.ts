/** Each language named in itself, so a guest finds their own (the guest screens and the setup pages). */
import type { Locale } from '#lib/paraglide/runtime.js';

export const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', de: 'Deutsch' };
