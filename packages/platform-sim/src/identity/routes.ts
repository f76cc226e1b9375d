/** GET /v1/integrations/me — the device behind the key (spec 1, "Device"). */
import type { PlatformContext, PlatformRoute } from '../routing.ts';
import type { Desk, Place, SimState } from '../state.ts';

export function serializeDesk(desk: Desk) {
	return { id: desk.id, name: desk.name, type: desk.type, enabled: desk.enabled };
}

/** IntegrationPlaceResponse; media URIs are absolute, resolved against the request's host. */
function serializePlace(place: Place, origin: string) {
	return {
		id: place.id,
		name: place.name,
		...(place.description !== undefined && { description: place.description }),
		formattedAddress: place.formattedAddress,
		placeStatus: place.placeStatus,
		...(place.avatarMedia && {
			avatarMedia: {
				id: place.avatarMedia.id,
				processingStatus: place.avatarMedia.processingStatus ?? 'COMPLETE',
				mediaType: place.avatarMedia.mediaType ?? 'IMAGE',
				uris: place.avatarMedia.uris.map((uri) => ({ ...uri, src: new URL(uri.src, origin).href }))
			}
		})
	};
}

export function requestOrigin(context: PlatformContext): string {
	return `http://${context.request.headers.host ?? '127.0.0.1'}`;
}

export function placeOf(state: SimState, placeId: string): Place {
	const place = state.places.find((candidate) => candidate.id === placeId);
	if (!place) throw new Error(`seed defect: no place ${placeId}`);
	return place;
}

function getExternalDevice(context: PlatformContext) {
	const { state } = context.sim;
	const { device } = context;
	const place = placeOf(state, device.placeId);
	const organization = state.organizations.find((org) => org.id === place.organizationId);
	return {
		status: 200,
		body: {
			id: device.id,
			name: device.name,
			authorities: device.authorities,
			organization: { id: organization?.id, name: organization?.name },
			place: serializePlace(place, requestOrigin(context)),
			relatedDesks: state.desks.filter((desk) => desk.placeId === place.id).map(serializeDesk)
		}
	};
}

export const identityRoutes: PlatformRoute[] = [
	{
		method: 'GET',
		path: '/v1/integrations/me',
		operationId: 'getExternalDeviceByIntegration',
		unauthorizedCode: 'AUTHORIZATION',
		handle: getExternalDevice
	}
];
