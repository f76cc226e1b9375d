/** The venue's return station settings (setup page), with the defaults a new station starts with. */
import { z } from 'zod';
import type { ReturnSettings } from '#lib/shared/return-view.ts';
import type { Settings } from '../settings.ts';

const returnSettingsSchema = z.object({
	/**
	 * Staff count the containers: before anything is returned they confirm with the screen PIN,
	 * and the result says how much to pay out.
	 */
	staffAttended: z.boolean().default(false),
	/** Seconds without a touch on a half-done return before "still there?". */
	idleSeconds: z.int().min(20).max(3_600).default(60),
	/** Seconds the result stays before the station is back to scanning (it can be held). */
	resultSeconds: z.int().min(5).max(120).default(15)
});

const KEY = 'return-station';

/** What a return station starts with before staff save any. */
const RETURN_DEFAULTS = returnSettingsSchema.parse({});

const returnSetting = (settings: Settings) =>
	settings.typed<ReturnSettings>(KEY, returnSettingsSchema, RETURN_DEFAULTS);

export const returnSettings = (settings: Settings): Promise<ReturnSettings> =>
	returnSetting(settings).read();

export type ReturnSettingsForm =
	| { ok: true; values: ReturnSettings }
	/** `needs-pin`: staff-attended mode confirms with the screen PIN, and none is set. */
	| { ok: false; problem: 'invalid' | 'needs-pin' };

/** The settings form of the setup page; `hasPin`: a screen PIN is set. */
export function returnSettingsFromForm(form: FormData, hasPin: boolean): ReturnSettingsForm {
	const text = (name: string) => {
		const value = form.get(name);
		return typeof value === 'string' ? value.trim() : '';
	};
	const number = (name: string) => (/^\d{1,5}$/.test(text(name)) ? Number(text(name)) : Number.NaN);
	// A checkbox sends its value when checked and nothing otherwise; anything else is not ours.
	const attended = form.get('staffAttended');
	if (attended !== null && attended !== 'on') return { ok: false, problem: 'invalid' };
	const parsed = returnSettingsSchema.safeParse({
		staffAttended: attended === 'on',
		idleSeconds: number('returnIdleSeconds'),
		resultSeconds: number('resultSeconds')
	});
	if (!parsed.success) return { ok: false, problem: 'invalid' };
	if (parsed.data.staffAttended && !hasPin) return { ok: false, problem: 'needs-pin' };
	return { ok: true, values: parsed.data };
}

export const saveReturnSettings = (settings: Settings, values: ReturnSettings): Promise<void> =>
	returnSetting(settings).save(values);
