import { redirect } from '@sveltejs/kit';
import { serverContext } from '#lib/server/context.ts';
import { STAFF_COOKIE } from '#lib/server/http/cookies.ts';
import type { RequestHandler } from './$types';

export const POST: RequestHandler = async ({ cookies }) => {
	const token = cookies.get(STAFF_COOKIE);
	if (token) await serverContext().sessions.revoke(token);
	cookies.delete(STAFF_COOKIE, { path: '/' });
	redirect(303, '/setup/login');
};
