/**
 * A kiosk left unattended (a device setting, setup's device page): nobody is there to check an
 * ID, so it sells nothing age-restricted (#lib/shared/age-limits.ts) — its menu hides those
 * products and choices, and checkout refuses a basket holding one. Kept in the venue settings
 * under the kiosk's device id; off unless set.
 */
import type { Settings } from '../settings.ts';

const keyOf = (deviceId: string) => `unattended:${deviceId}`;

export async function isUnattended(settings: Settings, deviceId: string): Promise<boolean> {
	return (await settings.get(keyOf(deviceId))) === true;
}

export async function saveUnattended(
	settings: Settings,
	deviceId: string,
	unattended: boolean
): Promise<void> {
	await settings.set(keyOf(deviceId), unattended);
}
