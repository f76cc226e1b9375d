/**
 * Desks of the key (spec 2, GET /v1/integrations/me/desks and PUT /v1/integrations/desks/status).
 * A disabled desk takes no new orders; orders already placed there are unaffected.
 */
import { PlatformError } from '../errors.ts';
import type { Desk, Device, SimState } from '../state.ts';

export const DESK_NOT_FOUND = 'DESK_NOT_FOUND';
export const DEVICE_CANNOT_ACCESS_DESK = 'DEVICE_CANNOT_ACCESS_DESK';
export const DESK_DISABLED = 'DESK_DISABLED';

export function desksOfPlace(state: SimState, placeId: string): Desk[] {
	return state.desks.filter((desk) => desk.placeId === placeId);
}

/**
 * Sets `enabled` on every named desk, or on none: every id is checked (unknown → 404, another
 * place's desk → 403) before anything changes. Returns the desks in the order they were named.
 */
export function changeDeskStatuses(
	state: SimState,
	device: Device,
	deskIds: readonly string[],
	enabled: boolean
): Desk[] {
	const desks = deskIds.map((id) => state.desks.find((desk) => desk.id === id));
	const unknown = deskIds.filter((_, index) => desks[index] === undefined);
	if (unknown.length) {
		throw new PlatformError(404, DESK_NOT_FOUND, `No desk ${unknown.join(', ')}.`, unknown);
	}
	const found = desks.filter((desk): desk is Desk => desk !== undefined);
	const foreign = found.filter((desk) => desk.placeId !== device.placeId).map((desk) => desk.id);
	if (foreign.length) {
		throw new PlatformError(
			403,
			DEVICE_CANNOT_ACCESS_DESK,
			`The device's place has no access to desk ${foreign.join(', ')}.`,
			foreign
		);
	}
	for (const desk of found) desk.enabled = enabled;
	return found;
}
