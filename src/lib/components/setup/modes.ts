import { m } from '#lib/paraglide/messages.js';

/** The screens a device can drive, in the order setup offers them (DEVICE_MODES on the server). */
export const SCREEN_MODES = ['kiosk', 'return', 'board', 'pickup'] as const;

const NAMES: Record<(typeof SCREEN_MODES)[number], () => string> = {
	kiosk: m.mode_kiosk,
	return: m.mode_return,
	board: m.mode_board,
	pickup: m.mode_pickup
};

/** The translated name of a device's screen mode. */
export function modeName(mode: string): string {
	return (NAMES[mode as keyof typeof NAMES] ?? m.mode_board)();
}
