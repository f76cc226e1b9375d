/**
 * Pairing a browser as a device's screen, and leaving guest mode with the staff PIN: to the setup
 * pages with the browser still paired (staff look at something and come back to the screen), or
 * unpaired as well (the browser is to be no screen, or another one).
 */
import { fail, json, redirect, type Action, type Cookies } from '@sveltejs/kit';
import { serverContext, type ServerContext } from '../context.ts';
import { readForm, textField } from '../http/forms.ts';
import { waitMessage, type WaitMessage } from '#lib/shared/wait-message.ts';
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

/**
 * A screen API's answer to a browser not paired as its screen: 401 `not-paired`. The screen then
 * forgets what it kept and goes to /screen.
 */
export const notPairedResponse = (): Response =>
	json({ error: { failure: 'not-paired' } }, { status: 401 });

export async function pairScreen(
	context: ServerContext,
	deviceId: string,
	cookies: Cookies,
	url: URL
): Promise<void> {
	const { token, expiresAt } = await context.sessions.createScreen(deviceId);
	setSessionCookie(cookies, SCREEN_COOKIE, token, expiresAt, url);
}

async function unpairScreen(context: ServerContext, cookies: Cookies): Promise<void> {
	const token = cookies.get(SCREEN_COOKIE);
	if (token) await context.sessions.revoke(token);
	cookies.delete(SCREEN_COOKIE, { path: '/' });
}

/** What the exit's form shows after a refusal: a wrong PIN, or how long the keypad waits. */
interface ExitRefusal {
	exitError: 'wrong-pin' | WaitMessage;
}

/** How staff leave a screen: its pairing kept (the exit's first answer), or ended. */
type Exit = 'keep-pairing' | 'unpair';

/**
 * The PIN-protected exit of the screen paired as `screenDeviceId`: the PIN counted per screen
 * (screen-pin.ts); the pairing ended only when asked. A browser without a screen session has no
 * screen to leave and no PIN to type: it goes to the setup pages, whose login guards them, and
 * counts nothing.
 */
async function exitWithPin(
	context: ServerContext,
	pin: string,
	exit: Exit,
	cookies: Cookies,
	screenDeviceId: string | null
): Promise<'left' | ExitRefusal> {
	if (screenDeviceId === null) return 'left';
	const check = await checkScreenPin(context.loginAttempts, context.settings, pin, screenDeviceId);
	if (check === 'wrong-pin') return { exitError: 'wrong-pin' };
	if (check !== 'ok') return { exitError: waitMessage(check.waitMs) };
	if (exit === 'unpair') await unpairScreen(context, cookies);
	return 'left';
}

/** The form action behind the held corner + PIN keypad, shared by every guest screen route. */
export const exitScreenAction: Action = async ({ request, cookies, locals }) => {
	const form = await readForm(request);
	const outcome = await exitWithPin(
		serverContext(),
		textField(form, 'pin'),
		textField(form, 'unpair') === 'true' ? 'unpair' : 'keep-pairing',
		cookies,
		locals.screenDeviceId
	);
	if (outcome !== 'left') return fail(outcome.exitError === 'wrong-pin' ? 400 : 429, outcome);
	redirect(303, '/setup');
};
