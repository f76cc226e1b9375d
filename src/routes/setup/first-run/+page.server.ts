import { readForm } from '#lib/server/http/forms.ts';
import { fail, redirect } from '@sveltejs/kit';
import { MIN_PASSWORD_LENGTH } from '#lib/server/auth/staff-credentials.ts';
import { serverContext } from '#lib/server/context.ts';
import { setSessionCookie, STAFF_COOKIE } from '#lib/server/http/cookies.ts';
import { createFirstPassword } from '#lib/server/setup/staff-login.ts';
import type { Actions, PageServerLoad } from './$types';

export const load: PageServerLoad = async () => {
	if (await serverContext().staff.isSet()) redirect(303, '/setup/login');
	return { minLength: MIN_PASSWORD_LENGTH };
};

export const actions: Actions = {
	default: async ({ request, cookies, url }) => {
		const result = await createFirstPassword(serverContext(), await readForm(request));
		if (!result.ok) return fail(result.status, { error: result.error });
		setSessionCookie(cookies, STAFF_COOKIE, result.token, result.expiresAt, url);
		redirect(303, '/setup');
	}
};
