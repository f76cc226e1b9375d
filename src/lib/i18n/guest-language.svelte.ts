/**
 * The language of a guest screen (ordering kiosk, return station, pickup screen): one of the
 * languages the venue offers (#lib/shared/guest-languages.ts, read live from the screen's
 * snapshot), switched at any moment without a reload; the next guest starts in the house
 * language again. A language the venue stops offering while it is shown gives way to the house
 * language.
 *
 * The choice lives in the screen, not in the browser's language cookie: the server renders a
 * guest screen in the house language (hooks.server.ts), and a guest's choice must not carry over
 * to the next guest, nor to a staff page opened on the same browser.
 */
import { browser } from '$app/env';
import { getLocale, overwriteGetLocale, type Locale } from '#lib/paraglide/runtime.js';
import { EVERY_GUEST_LANGUAGE, type GuestLanguages } from '#lib/shared/guest-languages.ts';
import { staffLocale } from '#lib/shared/staff-languages.ts';

export class GuestLanguage {
	#chosen: Locale | null = $state(null);
	readonly #languages: () => GuestLanguages | undefined;
	#restoreGetLocale: (() => void) | null = null;

	/** `languages`: the venue's, as the screen's snapshot has them (absent in older ones: all). */
	constructor(languages: () => GuestLanguages | undefined) {
		this.#languages = languages;
		if (browser) {
			// Messages read the locale through getLocale(): reading this $state there makes every
			// message on the screen follow a switch, without a reload and without re-creating the
			// screen (what the guest chose and the step stay).
			const original = getLocale;
			overwriteGetLocale(() => this.current);
			this.#restoreGetLocale = () => overwriteGetLocale(original);
		}
	}

	/** The languages to choose from, in the project's order. */
	get offered(): readonly Locale[] {
		return (this.#languages() ?? EVERY_GUEST_LANGUAGE).offered;
	}

	get current(): Locale {
		const { offered, house } = this.#languages() ?? EVERY_GUEST_LANGUAGE;
		return this.#chosen !== null && offered.includes(this.#chosen) ? this.#chosen : house;
	}

	/** A language the venue does not offer is not switched to. */
	switch(locale: Locale): void {
		if (this.offered.includes(locale)) this.#chosen = locale;
		this.#markPage();
	}

	/** Back to the house language, for the next guest. */
	reset(): void {
		this.#chosen = null;
		this.#markPage();
	}

	/**
	 * The screen goes away (navigation, only ever to a staff page: the exit): give getLocale
	 * back, and leave the page in a language the staff pages speak (hooks.client.ts reads it).
	 */
	destroy(): void {
		this.#restoreGetLocale?.();
		this.#restoreGetLocale = null;
		if (browser) document.documentElement.lang = staffLocale(this.current);
	}

	/** The page says its language (screen readers, hyphenation). */
	#markPage(): void {
		if (browser) document.documentElement.lang = this.current;
	}
}
