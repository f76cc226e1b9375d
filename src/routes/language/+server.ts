import { redirect, text } from '@sveltejs/kit';
import { readForm, textField } from '#lib/server/http/forms.ts';
import { localPath } from '#lib/server/http/local-path.ts';
import { m } from '#lib/paraglide/messages.js';
import { cookieMaxAge, cookieName } from '#lib/paraglide/runtime.js';
import { isStaffLocale } from '#lib/shared/staff-languages.ts';
import type { RequestHandler } from './$types';

/**
 * The staff screens' language switch as a plain form post (works before and without
 * JavaScript): stores the choice in Paraglide's cookie and returns to the page it came from — a
 * path on this site only (no open redirect), the home page when none is given. A language the
 * staff screens do not speak (the guest screens switch without a cookie) or a page elsewhere is
 * refused with a message, and the cookie is left as it was.
 */
export const POST: RequestHandler = async ({ request, cookies }) => {
	const form = await readForm(request);
	const locale = textField(form, 'locale');
	const back = localPath(textField(form, 'next') || '/');
	if (!isStaffLocale(locale) || back === null) {
		return text(m.language_switch_refused(), {
			status: 400,
			headers: { 'content-type': 'text/plain; charset=utf-8' }
		});
	}
	cookies.set(cookieName, locale, {
		path: '/',
		maxAge: cookieMaxAge,
		sameSite: 'lax',
		httpOnly: false,
		secure: false
	});
	redirect(303, back);
};
