/**
 * A kiosk left unattended (a device setting, setup's device page): nobody is there to check an
 * ID, so it sells nothing age-restricted (#lib/shared/age-limits.ts) — its menu hides those
 * products and choices, and checkout refuses a basket holding one. Kept in the venue settings
 * under the kiosk's device id; off unless set.
 */
import { z } from 'zod';
import type { Settings } from '../settings.ts';

const unattendedSetting = (settings: Settings, deviceId: string) =>
	settings.typed<boolean>(`unattended:${deviceId}`, z.boolean(), false);

export const isUnattended = (settings: Settings, deviceId: string): Promise<boolean> =>
	unattendedSetting(settings, deviceId).read();

export const saveUnattended = (
	settings: Settings,
	deviceId: string,
	unattended: boolean
): Promise<void> => unattendedSetting(settings, deviceId).save(unattended);
