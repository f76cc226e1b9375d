/**
 * How the venue's guest screens are mounted (setup page), for reach mode's band
 * (#lib/accessibility/reach-zone.ts): the height of the visible area's lower edge above the floor
 * and the visible area's height, both in whole millimetres as a tape measure gives them.
 *
 * The defaults are a common 32" portrait floor kiosk: a 31.5" 16:9 panel upright shows 698 mm of
 * height, and such kiosks (about 1.8 m tall) put the panel's lower edge near 950 mm. A venue
 * whose screens differ measures them; with the defaults, reach mode uses the lower 742 of 1920
 * pixels.
 */
import { z } from 'zod';
import type { ScreenGeometry } from '#lib/shared/screen-geometry.ts';
import type { Settings } from '../settings.ts';

const screenGeometrySchema = z.object({
	/** From the floor (a screen in a table) to well above reach: higher says nothing new. */
	lowerEdgeMm: z.int().min(0).max(2_500).default(950),
	/** From an 8" tablet on its side (about 110 mm) to an 86" panel upright (about 1900 mm). */
	visibleHeightMm: z.int().min(100).max(2_000).default(698)
}) satisfies z.ZodType<ScreenGeometry>;

const KEY = 'screen-geometry';

/** The screen's geometry until staff measure it. */
const GEOMETRY_DEFAULTS = screenGeometrySchema.parse({});

const geometrySetting = (settings: Settings) =>
	settings.typed<ScreenGeometry>(KEY, screenGeometrySchema, GEOMETRY_DEFAULTS);

export const screenGeometry = (settings: Settings): Promise<ScreenGeometry> =>
	geometrySetting(settings).read();

/** The setup page's form (whole millimetres); undefined when a value is missing or out of range. */
export function screenGeometryFromForm(form: FormData): ScreenGeometry | undefined {
	const millimetres = (name: string) => {
		const value = form.get(name);
		return typeof value === 'string' && /^\d{1,5}$/.test(value.trim())
			? Number(value.trim())
			: Number.NaN;
	};
	const parsed = screenGeometrySchema.safeParse({
		lowerEdgeMm: millimetres('lowerEdgeMm'),
		visibleHeightMm: millimetres('visibleHeightMm')
	});
	return parsed.success ? parsed.data : undefined;
}

export async function saveScreenGeometry(
	settings: Settings,
	values: ScreenGeometry
): Promise<void> {
	await geometrySetting(settings).save(values);
}
