/**
 * In the browser, a page's language is the one the server rendered it in (`<html lang>`,
 * hooks.server.ts): the same rule on both sides, so a page never hydrates in another language
 * than it was rendered in. (Paraglide's own browser strategies would read the language cookie and
 * the browser's languages again, and could land on a guest-only language on a staff page.) A guest
 * screen switches it itself (i18n/guest-language.svelte.ts). A guest screen rendered in a
 * guest-only language loads that language's texts before it starts (i18n/guest-texts.svelte.ts).
 */
import type { ClientInit } from '@sveltejs/kit/hooks';
import { baseLocale, getLocale, isLocale, overwriteGetLocale } from '#lib/paraglide/runtime.js';
import { loadGuestTexts } from '#lib/i18n/guest-texts.svelte.ts';

export const init: ClientInit = async () => {
	overwriteGetLocale(() => {
		const rendered = document.documentElement.lang;
		return isLocale(rendered) ? rendered : baseLocale;
	});
	await loadGuestTexts(getLocale());
};
