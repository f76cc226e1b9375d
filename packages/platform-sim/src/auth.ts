import type { IncomingHttpHeaders } from 'node:http';
import { PlatformError } from './errors.ts';
import type { PlatformRoute } from './routing.ts';
import type { Device, SimState } from './state.ts';

/**
 * `X-API-Key` on every request (spec 1/2/3, Authentication). A missing, unknown or disabled key
 * gets 401 with the route family's code and an empty descriptors array (spec 1, Authentication 2);
 * a key without the route's authority gets 403 EXTERNAL_DEVICE_HAS_NO_RIGHT_AUTHORITY
 * (spec 1, Authentication 4; spec 3, Authentication).
 */
export function authenticate(
	state: SimState,
	headers: IncomingHttpHeaders,
	route: PlatformRoute
): Device {
	const apiKey = headers['x-api-key'];
	const device =
		typeof apiKey === 'string' ? state.devices.find((d) => d.apiKey === apiKey) : undefined;
	if (!device || !device.enabled) {
		throw new PlatformError(
			401,
			route.unauthorizedCode,
			'The API key is invalid or missing, or the device is disabled.'
		);
	}
	if (route.authority && !device.authorities.includes(route.authority)) {
		throw new PlatformError(
			403,
			'EXTERNAL_DEVICE_HAS_NO_RIGHT_AUTHORITY',
			`The device needs the ${route.authority} authority for ${route.operationId}.`,
			[route.authority]
		);
	}
	return device;
}
