import { readForm } from '#lib/server/http/forms.ts';
import { fail, redirect } from '@sveltejs/kit';
import { STAFF_NAME_MAX_LENGTH } from '#lib/server/auth/roles.ts';
import { MIN_PASSWORD_LENGTH } from '#lib/server/auth/staff-credentials.ts';
import { serverContext } from '#lib/server/context.ts';
import { setSessionCookie, STAFF_COOKIE } from '#lib/server/http/cookies.ts';
import { createFirstPasswords } from '#lib/server/setup/staff-login.ts';
import type { Actions, PageServerLoad } from './$types';

export const load: PageServerLoad = async () => {
	const { staff } = serverContext();
	if (await staff.isSet()) redirect(303, '/setup/login');
	return {
		minLength: MIN_PASSWORD_LENGTH,
		nameMaxLength: STAFF_NAME_MAX_LENGTH,
		/** MANAGER_PASSWORD gives the manager password: the form asks only for the staff one. */
		managerFromEnvironment: staff.fromEnvironment().manager
	};
};

export const actions: Actions = {
	default: async ({ request, cookies, url, getClientAddress }) => {
		const result = await createFirstPasswords(
			serverContext(),
			await readForm(request),
			getClientAddress()
		);
		if (!result.ok) return fail(result.status, { errors: result.errors, name: result.name });
		setSessionCookie(cookies, STAFF_COOKIE, result.token, result.expiresAt, url);
		redirect(303, '/setup');
	}
};
