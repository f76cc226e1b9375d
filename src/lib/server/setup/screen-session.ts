/** Pairing a browser as a device's screen, and leaving guest mode with the staff PIN. */
import { fail, redirect, type Action, type Cookies } from '@sveltejs/kit';
import { serverContext, type ServerContext } from '../context.ts';
import { readForm } from '../http/forms.ts';
import { SCREEN_COOKIE, setSessionCookie } from '../http/cookies.ts';
import type { DeviceMode, DeviceRecord } from '../devices/device-repository.ts';
import { checkScreenPin } from './screen-pin.ts';

/**
 * The device this browser is paired as, if it drives a screen of `mode`; undefined for any other
 * browser. The one guard of every screen's pages and APIs.
 */
export async function pairedDevice(
	context: ServerContext,
	screenDeviceId: string | null | undefined,
	mode: DeviceMode
): Promise<DeviceRecord | undefined> {
	const device = screenDeviceId ? await context.devices.get(screenDeviceId) : undefined;
	return device?.mode === mode ? device : undefined;
}

export async function pairScreen(
	context: ServerContext,
	deviceId: string,
	cookies: Cookies,
	url: URL
): Promise<void> {
	const { token, expiresAt } = await context.sessions.createScreen(deviceId);
	setSessionCookie(cookies, SCREEN_COOKIE, token, expiresAt, url);
}

export async function unpairScreen(context: ServerContext, cookies: Cookies): Promise<void> {
	const token = cookies.get(SCREEN_COOKIE);
	if (token) await context.sessions.revoke(token);
	cookies.delete(SCREEN_COOKIE, { path: '/' });
}

/** The PIN-protected exit. */
export async function exitWithPin(
	context: ServerContext,
	pin: string,
	cookies: Cookies,
	client: string
): Promise<'left' | 'wrong-pin' | 'rate-limited'> {
	const check = await checkScreenPin(context.loginAttempts, context.settings, pin, client);
	if (check !== 'ok') return check;
	await unpairScreen(context, cookies);
	return 'left';
}

/** The form action behind the held corner + PIN keypad, shared by every guest screen route. */
export const exitScreenAction: Action = async ({ request, cookies, getClientAddress }) => {
	const pin = (await readForm(request)).get('pin');
	const outcome = await exitWithPin(
		serverContext(),
		typeof pin === 'string' ? pin : '',
		cookies,
		getClientAddress()
	);
	if (outcome !== 'left')
		return fail(outcome === 'rate-limited' ? 429 : 400, { exitError: outcome });
	redirect(303, '/setup');
};
