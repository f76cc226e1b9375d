/** Staff login and first run: password checks, rate limiting, and the session to set as a cookie. */
import { message, type Message } from '#lib/i18n/message.ts';
import { MIN_PASSWORD_LENGTH } from '../auth/staff-credentials.ts';
import type { ServerContext } from '../context.ts';
import { textField } from '../http/forms.ts';

export type LoginResult =
	{ ok: true; token: string; expiresAt: Date } | { ok: false; status: number; error: Message };

export async function logIn(
	context: ServerContext,
	form: FormData,
	client: string
): Promise<LoginResult> {
	const waitMs = await context.loginAttempts.attempt(client);
	if (waitMs > 0) {
		return {
			ok: false,
			status: 429,
			error: message('login_rate_limited', { minutes: Math.ceil(waitMs / 60_000) })
		};
	}
	const password = textField(form, 'password');
	if (password.length === 0 || password.length > 1024 || !(await context.staff.verify(password))) {
		return { ok: false, status: 400, error: message('login_wrong_password') };
	}
	await context.loginAttempts.succeed(client);
	return { ok: true, ...(await context.sessions.create('staff')) };
}

export async function createFirstPassword(
	context: ServerContext,
	form: FormData
): Promise<LoginResult> {
	if (await context.staff.isSet())
		return { ok: false, status: 409, error: message('password_already_set') };
	const password = textField(form, 'password');
	if (password.length < MIN_PASSWORD_LENGTH || password.length > 1024) {
		return {
			ok: false,
			status: 400,
			error: message('password_too_short', { min: MIN_PASSWORD_LENGTH })
		};
	}
	if (password !== textField(form, 'confirm')) {
		return { ok: false, status: 400, error: message('passwords_differ') };
	}
	if (!(await context.staff.create(password))) {
		return { ok: false, status: 409, error: message('password_already_set') };
	}
	return { ok: true, ...(await context.sessions.create('staff')) };
}

/** Only setup pages are valid targets after login (no open redirect). */
export function safeNext(next: string | null): string {
	return next && /^\/setup(\/|$|\?)/.test(next) ? next : '/setup';
}
