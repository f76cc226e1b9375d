/**
 * The fleet's settings (the fleet page, a manager's): how long a screen may be silent before it
 * is an alert, and the venue's words on a kiosk put out of order — per guest language, e.g.
 * where the nearest counter is; an empty text leaves the screen's own default.
 */
import { z } from 'zod';
import { locales } from '#lib/paraglide/runtime.js';
import type { Settings } from '../settings.ts';

export const DEFAULT_SILENT_AFTER_SECONDS = 45;
export const OUT_OF_ORDER_TEXT_MAX = 200;

export interface FleetSettings {
	silentAfterSeconds: number;
	/** The venue's text per language; a language without one shows the default. */
	outOfOrderText: Record<string, string>;
}

const fleetSettingsSchema = z.object({
	silentAfterSeconds: z.int().min(3).max(3600).default(DEFAULT_SILENT_AFTER_SECONDS),
	outOfOrderText: z
		.partialRecord(z.enum(locales), z.string().trim().max(OUT_OF_ORDER_TEXT_MAX))
		.default({})
		.transform((texts) => Object.fromEntries(Object.entries(texts).filter(([, text]) => text)))
}) satisfies z.ZodType<FleetSettings, unknown>;

const KEY = 'fleet';

const fleetSetting = (settings: Settings) =>
	settings.typed<FleetSettings>(KEY, fleetSettingsSchema, {
		silentAfterSeconds: DEFAULT_SILENT_AFTER_SECONDS,
		outOfOrderText: {}
	});

export const fleetSettings = (settings: Settings): Promise<FleetSettings> =>
	fleetSetting(settings).read();

/** The fleet page's form; null when a value does not read (nothing is saved). */
export function fleetSettingsFromForm(form: FormData): FleetSettings | null {
	const seconds = form.get('silentAfterSeconds');
	const parsed = fleetSettingsSchema.safeParse({
		silentAfterSeconds:
			typeof seconds === 'string' && /^\d{1,4}$/.test(seconds.trim())
				? Number(seconds.trim())
				: Number.NaN,
		outOfOrderText: Object.fromEntries(
			locales.map((locale) => {
				const text = form.get(`outOfOrderText-${locale}`);
				return [locale, typeof text === 'string' ? text : ''];
			})
		)
	});
	return parsed.success ? parsed.data : null;
}

export const saveFleetSettings = (settings: Settings, values: FleetSettings): Promise<void> =>
	fleetSetting(settings).save(values);

/**
 * How often a screen beats: three beats within the threshold (one lost on a shaky network is no
 * alert), at most every 15 s, at least every second.
 */
export const beatIntervalMs = (silentAfterSeconds: number): number =>
	Math.min(15_000, Math.max(1_000, Math.floor((silentAfterSeconds * 1000) / 3)));
