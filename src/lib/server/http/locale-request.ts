/**
 * The language a page is rendered in, and what the language middleware (paraglide's) is given so
 * that it renders in it.
 *
 * A guest screen (ordering kiosk, return station, pickup screen) is rendered in the venue's house
 * language: the screen itself switches to a guest's choice, and the next guest starts in the
 * house language whatever this browser sent. Every other page is a staff page, in the request's
 * language (the language cookie, then Accept-Language) as far as the staff screens speak it
 * (#lib/i18n/languages.ts), else English — never in a guest-only language, which would be half
 * English.
 */
import { staffLocale } from '#lib/shared/staff-languages.ts';
import { cookieName, extractLocaleFromRequest, type Locale } from '#lib/paraglide/runtime.js';

const GUEST_SCREENS = ['/kiosk', '/return', '/pickup'];

/** A guest screen's page (by the routed path, http/routed-path.ts). Its API is not a page. */
export function isGuestScreenPath(path: string): boolean {
	return GUEST_SCREENS.some((screen) => path === screen || path.startsWith(`${screen}/`));
}

/** The page's language; `house` is read only for a guest screen. */
export async function pageLocale(
	request: Request,
	path: string,
	house: () => Promise<Locale>
): Promise<Locale> {
	return isGuestScreenPath(path) ? house() : staffLocale(extractLocaleFromRequest(request));
}

/**
 * The request the middleware is given: the address and, as its only header, the language cookie
 * naming `locale`. The middleware copies the request it is given, for a handler that reads the
 * copy; ours reads SvelteKit's own, so copying the body — a tee of its stream on every form post
 * and API call — would be work for nothing.
 */
export function localeRequest(request: Request, locale: Locale): Request {
	return new Request(request.url, { headers: { cookie: `${cookieName}=${locale}` } });
}
