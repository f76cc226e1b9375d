import { readForm } from '#lib/server/http/forms.ts';
import { fail, redirect } from '@sveltejs/kit';
import { STAFF_NAME_MAX_LENGTH } from '#lib/server/auth/roles.ts';
import { serverContext } from '#lib/server/context.ts';
import { clientAddress } from '#lib/server/http/client-address.ts';
import { setSessionCookie, STAFF_COOKIE } from '#lib/server/http/cookies.ts';
import { logIn, safeNext } from '#lib/server/setup/staff-login.ts';
import type { Actions, PageServerLoad } from './$types';

export const load: PageServerLoad = async ({ locals, url }) => {
	if (!(await serverContext().staff.isSet())) redirect(303, '/setup/first-run');
	if (locals.staff) redirect(303, safeNext(url.searchParams.get('next')));
	return { nameMaxLength: STAFF_NAME_MAX_LENGTH };
};

export const actions: Actions = {
	default: async ({ request, cookies, url, getClientAddress }) => {
		const result = await logIn(
			serverContext(),
			await readForm(request),
			clientAddress(getClientAddress)
		);
		if (!result.ok) return fail(result.status, { errors: result.errors, name: result.name });
		setSessionCookie(cookies, STAFF_COOKIE, result.token, result.expiresAt, url);
		redirect(303, safeNext(url.searchParams.get('next')));
	}
};
