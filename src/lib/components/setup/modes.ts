import { m } from '#lib/paraglide/messages.js';

/** The translated name of a device's screen mode. */
export function modeName(mode: string): string {
	return mode === 'kiosk' ? m.mode_kiosk() : mode === 'return' ? m.mode_return() : m.mode_board();
}
