/** The order board's settings (setup page): age thresholds of the cards and the queue's order. */
import { z } from 'zod';
import { DEFAULT_BOARD_SETTINGS, type BoardSettings } from '#lib/shared/order-board.ts';
import type { Settings } from '../settings.ts';

const boardSettingsSchema = z
	.object({
		warnAfterMinutes: z.int().min(1).max(120).default(DEFAULT_BOARD_SETTINGS.warnAfterMinutes),
		lateAfterMinutes: z.int().min(2).max(240).default(DEFAULT_BOARD_SETTINGS.lateAfterMinutes),
		newestFirst: z.boolean().default(DEFAULT_BOARD_SETTINGS.newestFirst)
	})
	.refine((settings) => settings.lateAfterMinutes > settings.warnAfterMinutes, {
		path: ['lateAfterMinutes'],
		message: 'must be later than the warning'
	}) satisfies z.ZodType<BoardSettings>;

const KEY = 'order-board';

const boardSetting = (settings: Settings) =>
	settings.typed<BoardSettings>(KEY, boardSettingsSchema, DEFAULT_BOARD_SETTINGS);

export const boardSettings = (settings: Settings): Promise<BoardSettings> =>
	boardSetting(settings).read();

/** The setup page's form; null when a value is missing or out of range (nothing is saved). */
export function boardSettingsFromForm(form: FormData): BoardSettings | null {
	const whole = (name: string) => {
		const value = form.get(name);
		return typeof value === 'string' && /^\d{1,3}$/.test(value.trim())
			? Number(value.trim())
			: Number.NaN;
	};
	const order = form.get('order');
	if (order !== 'oldest' && order !== 'newest') return null;
	const parsed = boardSettingsSchema.safeParse({
		warnAfterMinutes: whole('warnAfterMinutes'),
		lateAfterMinutes: whole('lateAfterMinutes'),
		newestFirst: order === 'newest'
	});
	return parsed.success ? parsed.data : null;
}

export const saveBoardSettings = (settings: Settings, values: BoardSettings): Promise<void> =>
	boardSetting(settings).save(values);
