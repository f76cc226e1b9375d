/** The PIN behind a guest screen's hidden exit: 4 to 8 digits, stored scrypt-hashed. */
import { hashPassword, verifyPassword } from '../auth/password.ts';
import type { AttemptLimiter } from '../auth/rate-limit.ts';
import type { Settings } from '../settings.ts';

const KEY = 'screen_exit_pin';

export const isPinFormat = (pin: string) => /^\d{4,8}$/.test(pin);

export async function setScreenPin(settings: Settings, pin: string): Promise<void> {
	await settings.set(KEY, await hashPassword(pin));
}

export async function hasScreenPin(settings: Settings): Promise<boolean> {
	return (await settings.get<string>(KEY)) !== undefined;
}

export async function verifyScreenPin(settings: Settings, pin: string): Promise<boolean> {
	const stored = await settings.get<string>(KEY);
	return stored !== undefined && isPinFormat(pin) && verifyPassword(pin, stored);
}

export type PinCheck = 'ok' | 'wrong-pin' | 'rate-limited';

/**
 * The PIN as staff type it on a guest screen (the exit, the return station's staff confirmation):
 * every PIN typed counts as a login attempt of this client (a right one clears them), so guessing
 * is rate-limited like the staff login.
 */
export async function checkScreenPin(
	attempts: AttemptLimiter,
	settings: Settings,
	pin: string,
	client: string
): Promise<PinCheck> {
	if ((await attempts.attempt(client)) > 0) return 'rate-limited';
	if (!(await verifyScreenPin(settings, pin))) return 'wrong-pin';
	await attempts.succeed(client);
	return 'ok';
}
