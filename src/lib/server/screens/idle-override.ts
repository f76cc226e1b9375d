/**
 * Demo mode only: `?idle=N` on a guest screen's page (`/kiosk`, `/return`) shortens (or
 * lengthens) its idle time to N seconds (5…3600), so the "still there?" question can be tried
 * without waiting; the screen takes it instead of the settings' idle time (kiosk/idle.ts runs the
 * countdown). Anything else: null (the settings apply).
 */
export function idleOverride(param: string | null, demo: boolean): number | null {
	if (!demo || param === null || !/^\d{1,4}$/.test(param)) return null;
	const seconds = Number(param);
	return seconds >= 5 && seconds <= 3_600 ? seconds : null;
}
