/**
 * GET /v1/integrations/me — IntegrationExternalDeviceResponse and its parts (spec 1, "Device").
 * Enumerations the spec lists in full are checked; field names stay the spec's.
 */
import { z } from 'zod';
import {
	AUTHORITIES,
	DESK_TYPES,
	MEDIA_PROCESSING_STATUSES,
	MEDIA_TYPES,
	PLACE_STATUSES,
	URI_TYPES,
	type Authority,
	type DeskType,
	type PlaceStatus
} from '@venue-kiosk/vocabulary/platform-vocabulary.ts';
import { optional } from './common.ts';

/** IntegrationDeskResponse (spec 1 and 2). */
export interface Desk {
	id: string;
	name: string;
	type: DeskType;
	/** Whether customers can currently order there. */
	enabled: boolean;
}

export const deskSchema = z.object({
	id: z.string(),
	name: z.string(),
	type: z.enum(DESK_TYPES),
	enabled: z.boolean()
}) satisfies z.ZodType<Desk>;

/** URIResponse: one rendition of a media. */
interface MediaUri {
	src: string;
	blurHash?: string;
	URIType: (typeof URI_TYPES)[number];
}

/** MediaResponse. */
export interface Media {
	id: string;
	processingStatus: (typeof MEDIA_PROCESSING_STATUSES)[number];
	mediaType: (typeof MEDIA_TYPES)[number];
	uris: MediaUri[];
}

const mediaSchema = z.object({
	id: z.string(),
	processingStatus: z.enum(MEDIA_PROCESSING_STATUSES),
	mediaType: z.enum(MEDIA_TYPES),
	uris: z.array(
		z.object({ src: z.string(), blurHash: optional(z.string()), URIType: z.enum(URI_TYPES) })
	)
});

/** IntegrationPlaceResponse; `name` is printed on receipts. */
interface Place {
	id: string;
	name: string;
	description?: string;
	formattedAddress: string;
	avatarMedia?: Media;
	placeStatus: PlaceStatus;
}

/** IntegrationOrganizationResponse; `name` is printed on receipts. */
interface Organization {
	id: string;
	name: string;
}

/** IntegrationExternalDeviceResponse: the device behind the API key. */
export interface ExternalDevice {
	id: string;
	name: string;
	authorities: Authority[];
	organization: Organization;
	place: Place;
	relatedDesks: Desk[];
}

export const externalDeviceSchema = z.object({
	id: z.string(),
	name: z.string(),
	authorities: z.array(z.enum(AUTHORITIES)),
	organization: z.object({ id: z.string(), name: z.string() }),
	place: z.object({
		id: z.string(),
		name: z.string(),
		description: optional(z.string()),
		formattedAddress: z.string(),
		avatarMedia: optional(mediaSchema),
		placeStatus: z.enum(PLACE_STATUSES)
	}),
	relatedDesks: z.array(deskSchema)
}) satisfies z.ZodType<ExternalDevice>;
