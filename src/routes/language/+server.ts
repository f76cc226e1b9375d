import { redirect } from '@sveltejs/kit';
import { readForm, textField } from '#lib/server/http/forms.ts';
import { cookieMaxAge, cookieName, isLocale } from '#lib/paraglide/runtime.js';
import type { RequestHandler } from './$types';

/**
 * The language switch as a plain form post (works before and without JavaScript): stores the
 * choice in Paraglide's cookie and returns to the page it came from.
 */
export const POST: RequestHandler = async ({ request, cookies }) => {
	const form = await readForm(request);
	const locale = textField(form, 'locale');
	if (isLocale(locale)) {
		cookies.set(cookieName, locale, {
			path: '/',
			maxAge: cookieMaxAge,
			sameSite: 'lax',
			httpOnly: false,
			secure: false
		});
	}
	const back = textField(form, 'next');
	// Only a path on this site (no open redirect).
	redirect(303, /^\/(?!\/)/.test(back) ? back : '/');
};
