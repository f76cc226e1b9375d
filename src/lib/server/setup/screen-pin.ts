/** The PIN behind a guest screen's hidden exit: 4 to 8 digits, stored scrypt-hashed. */
import { hashPassword, verifyPassword } from '../auth/password.ts';
import type { LoginAttempts } from '../auth/login-attempts.ts';
import type { Settings } from '../settings.ts';

const KEY = 'screen_exit_pin';

export const isPinFormat = (pin: string) => /^\d{4,8}$/.test(pin);

export async function setScreenPin(settings: Settings, pin: string): Promise<void> {
	await settings.set(KEY, await hashPassword(pin));
}

export async function hasScreenPin(settings: Settings): Promise<boolean> {
	return (await settings.get<string>(KEY)) !== undefined;
}

async function verifyScreenPin(settings: Settings, pin: string): Promise<boolean> {
	const stored = await settings.get<string>(KEY);
	return stored !== undefined && isPinFormat(pin) && verifyPassword(pin, stored);
}

/** The PIN was right, wrong, or not checked: the screen's keypad must wait `waitMs` first. */
export type PinCheck = 'ok' | 'wrong-pin' | { waitMs: number };

/**
 * The PIN as staff type it on a paired guest screen (the exit, the return station's staff
 * confirmation): counted per screen (auth/login-attempts.ts), so guessing slows down there and
 * nowhere else; a right one clears the screen's count.
 */
export async function checkScreenPin(
	attempts: LoginAttempts,
	settings: Settings,
	pin: string,
	screenDeviceId: string
): Promise<PinCheck> {
	const waitMs = await attempts.screenPin(screenDeviceId);
	if (waitMs > 0) return { waitMs };
	if (!(await verifyScreenPin(settings, pin))) return 'wrong-pin';
	await attempts.screenPinSucceeded(screenDeviceId);
	return 'ok';
}
