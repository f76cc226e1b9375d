import type { Cookies } from '@sveltejs/kit';

export const STAFF_COOKIE = 'kiosk_staff';
export const SCREEN_COOKIE = 'kiosk_screen';

/** httpOnly, SameSite=Strict; `secure` follows the request's protocol (kiosks often run on http in a LAN). */
export function setSessionCookie(
	cookies: Cookies,
	name: string,
	token: string,
	expires: Date,
	url: URL
): void {
	cookies.set(name, token, {
		path: '/',
		httpOnly: true,
		sameSite: 'strict',
		secure: url.protocol === 'https:',
		expires
	});
}
