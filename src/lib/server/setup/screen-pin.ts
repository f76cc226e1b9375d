/** The PIN behind a guest screen's hidden exit: 4 to 8 digits, stored scrypt-hashed. */
import { hashPassword, verifyPassword } from '../auth/password.ts';
import type { AttemptLimiter } from '../auth/rate-limit.ts';
import type { Settings } from '../settings.ts';

const KEY = 'screen_exit_pin';

export const isPinFormat = (pin: string) => /^\d{4,8}$/.test(pin);

export async function setScreenPin(settings: Settings, pin: string): Promise<void> {
	settings.set(KEY, await hashPassword(pin));
}

export function hasScreenPin(settings: Settings): boolean {
	return settings.get<string>(KEY) !== undefined;
}

export async function verifyScreenPin(settings: Settings, pin: string): Promise<boolean> {
	const stored = settings.get<string>(KEY);
	return stored !== undefined && isPinFormat(pin) && verifyPassword(pin, stored);
}

export type PinCheck = 'ok' | 'wrong-pin' | 'rate-limited';

/**
 * The PIN as staff type it on a guest screen (the exit, the return station's staff confirmation):
 * a wrong PIN counts as a failed login attempt of this client, so guessing is rate-limited like
 * the staff login.
 */
export async function checkScreenPin(
	attempts: AttemptLimiter,
	settings: Settings,
	pin: string,
	client: string
): Promise<PinCheck> {
	if (attempts.retryAfter(client) > 0) return 'rate-limited';
	if (!(await verifyScreenPin(settings, pin))) {
		attempts.fail(client);
		return 'wrong-pin';
	}
	attempts.succeed(client);
	return 'ok';
}
