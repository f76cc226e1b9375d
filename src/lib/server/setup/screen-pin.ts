/** The PIN behind a guest screen's hidden exit: 4 to 8 digits, stored scrypt-hashed. */
import { hashPassword, verifyPassword } from '../auth/password.ts';
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
