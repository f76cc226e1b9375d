/**
 * A screen needs staff (fleet health): three short low beeps, unlike the board's order chime
 * (board/chime.ts). Its own module, so that only the fleet's lazily loaded parts carry it.
 */
import type { Tone } from '#lib/board/chime.ts';

export const FLEET_BEEP: readonly Tone[] = [
	{ type: 'square', frequency: 440, offset: 0, duration: 0.12 },
	{ type: 'square', frequency: 440, offset: 0.2, duration: 0.12 },
	{ type: 'square', frequency: 440, offset: 0.4, duration: 0.12 }
];
