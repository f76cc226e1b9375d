/**
 * A heartbeat's body, read at the boundary: exactly the fields of `ScreenReport`, each bounded,
 * nothing else (an unknown field is refused, so the body cannot grow); anything else is a 400
 * and nothing is stored.
 */
import { z } from 'zod';
import {
	PAUSE_REASONS,
	PRINTER_CONDITIONS,
	TERMINAL_CONDITIONS,
	type ScreenReport
} from '#lib/shared/fleet.ts';

export const screenReportSchema = z.strictObject({
	version: z.string().min(1).max(64),
	paused: z.array(z.enum(PAUSE_REASONS)).max(PAUSE_REASONS.length),
	printer: z.enum(PRINTER_CONDITIONS).nullable(),
	terminal: z.enum(TERMINAL_CONDITIONS).nullable(),
	busy: z.boolean(),
	visible: z.boolean(),
	battery: z.int().min(0).max(100).nullable(),
	charging: z.boolean().nullable()
}) satisfies z.ZodType<ScreenReport>;

/** The report, or null when the body is not one. */
export function readScreenReport(body: unknown): ScreenReport | null {
	const parsed = screenReportSchema.safeParse(body);
	return parsed.success ? { ...parsed.data, paused: [...new Set(parsed.data.paused)] } : null;
}
