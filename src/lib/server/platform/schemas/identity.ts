/**
 * GET /v1/integrations/me — IntegrationExternalDeviceResponse and its parts (spec 1, "Device").
 * Enumerations the spec lists in full are checked; field names stay the spec's.
 */
import { z } from 'zod';
import { optional } from './common.ts';

export const AUTHORITIES = [
	'ORDER',
	'ORDER_REFUND',
	'SCAN',
	'STATISTIC',
	'INTEGRATION',
	'THIRD_PARTY_INTEGRATION',
	'CREDIT',
	'TICKET',
	'KIOSK',
	'REVO'
] as const;
export type Authority = (typeof AUTHORITIES)[number];

export const PLACE_STATUSES = [
	'DRAFT',
	'ACTIVE',
	'TEMPORARILY_CLOSED',
	'PERMANENTLY_CLOSED',
	'HIDDEN'
] as const;
export type PlaceStatus = (typeof PLACE_STATUSES)[number];

export const MEDIA_PROCESSING_STATUSES = ['COMPLETE', 'ERROR', 'PROCESSING', 'QUEUED'] as const;
export const MEDIA_TYPES = ['IMAGE', 'VIDEO', 'PDF'] as const;
export const URI_TYPES = [
	'LARGE',
	'MEDIUM',
	'SMALL',
	'VIDEO_THUMBNAIL',
	'VIDEO',
	'VIDEO_HLS_INDEX',
	'VIDEO_HLS_INDEX_LOW',
	'VIDEO_HLS_INDEX_MEDIUM',
	'VIDEO_HLS_INDEX_HIGH',
	'PDF',
	'GIF'
] as const;

export const DESK_TYPES = ['COUNTER', 'TABLE'] as const;
export type DeskType = (typeof DESK_TYPES)[number];

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
export interface MediaUri {
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
export interface Place {
	id: string;
	name: string;
	description?: string;
	formattedAddress: string;
	avatarMedia?: Media;
	placeStatus: PlaceStatus;
}

/** IntegrationOrganizationResponse; `name` is printed on receipts. */
export interface Organization {
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
