/**
 * The language of a guest screen (ordering kiosk, return station): the guest switches it at any
 * moment without a reload, and the next guest starts in the house language again.
 */
import { browser } from '$app/env';
import { getLocale, overwriteGetLocale, setLocale, type Locale } from '#lib/paraglide/runtime.js';

export class GuestLanguage {
	current: Locale = $state('en');
	readonly #house: Locale;
	#restoreGetLocale: (() => void) | null = null;

	constructor() {
		this.current = getLocale();
		this.#house = this.current;
		if (browser) {
			// Messages read the locale through getLocale(): reading this $state there makes every
			// message on the screen follow a switch, without a reload and without re-creating the
			// screen (what the guest chose and the step stay).
			const original = getLocale;
			overwriteGetLocale(() => this.current);
			this.#restoreGetLocale = () => overwriteGetLocale(original);
		}
	}

	switch(locale: Locale): void {
		if (locale !== this.current) {
			void setLocale(locale, { reload: false });
			this.current = locale;
		}
		if (browser) document.documentElement.lang = locale;
	}

	/** Back to the house language, for the next guest. */
	reset(): void {
		this.switch(this.#house);
	}

	/** The screen goes away (navigation): give getLocale back. */
	destroy(): void {
		this.#restoreGetLocale?.();
		this.#restoreGetLocale = null;
	}
}
