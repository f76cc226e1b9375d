/** Pairing a browser as a device's screen, and leaving guest mode with the staff PIN. */
import type { Cookies } from '@sveltejs/kit';
import type { ServerContext } from '../context.ts';
import { SCREEN_COOKIE, setSessionCookie } from '../http/cookies.ts';
import { verifyScreenPin } from './screen-pin.ts';

export function pairScreen(
	context: ServerContext,
	deviceId: string,
	cookies: Cookies,
	url: URL
): void {
	const { token, expiresAt } = context.sessions.create('screen', deviceId);
	setSessionCookie(cookies, SCREEN_COOKIE, token, expiresAt, url);
}

export function unpairScreen(context: ServerContext, cookies: Cookies): void {
	const token = cookies.get(SCREEN_COOKIE);
	if (token) context.sessions.revoke(token);
	cookies.delete(SCREEN_COOKIE, { path: '/' });
}

/** The PIN-protected exit: a wrong PIN counts as a failed login attempt of this client. */
export async function exitWithPin(
	context: ServerContext,
	pin: string,
	cookies: Cookies,
	client: string
): Promise<'left' | 'wrong-pin' | 'rate-limited'> {
	if (context.loginAttempts.retryAfter(client) > 0) return 'rate-limited';
	if (!(await verifyScreenPin(context.settings, pin))) {
		context.loginAttempts.fail(client);
		return 'wrong-pin';
	}
	context.loginAttempts.succeed(client);
	unpairScreen(context, cookies);
	return 'left';
}
