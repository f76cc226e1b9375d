/**
 * What a guest screen's attract screen shows of the place (spec 1, IntegrationPlaceResponse
 * `avatarMedia`, optional): a picture, and for a video a clip that loops behind the invitation.
 *
 * Spec 1's MediaResponse carries a `processingStatus` (only COMPLETE media are ready to show),
 * a `mediaType` (IMAGE, VIDEO or PDF) and one URI per rendition (`URIType` LARGE, MEDIUM, SMALL,
 * VIDEO_THUMBNAIL, VIDEO, VIDEO_HLS_INDEX…). A kiosk screen is large, so an image's largest
 * rendition is taken. Of a video, the `VIDEO` rendition is the clip (one file a `<video>` plays
 * as it is; the HLS renditions would need a player library in every guest screen's bundle) and
 * `VIDEO_THUMBNAIL` the picture — shown before the clip plays, instead of it with reduced motion,
 * and offline when the clip was too large to keep. A URL that is not http(s) is never fetched.
 *
 * The screens never load these URLs themselves: they get this server's addresses for them
 * (`placeMediaAddress`), served by the place-media route from the platform's asset. So a screen
 * keeps them in IndexedDB like the menu's pictures (same origin), and guests' screens talk to
 * this server only.
 */
import { createHash } from 'node:crypto';
import type { Media } from '../platform/schemas/identity.ts';

export type PlaceMediaKind = 'picture' | 'clip';

/** The platform's asset URLs to show; null where there is none. */
export type PlaceMediaSources = Record<PlaceMediaKind, string | null>;

const PICTURE_RENDITIONS = ['LARGE', 'MEDIUM', 'SMALL'] as const;

const NONE: PlaceMediaSources = { picture: null, clip: null };

export function placeMediaOf(media: Media | undefined): PlaceMediaSources {
	if (!media || media.processingStatus !== 'COMPLETE') return NONE;
	const rendition = (type: string) =>
		media.uris.find((uri) => uri.URIType === type && isWebUrl(uri.src))?.src ?? null;
	switch (media.mediaType) {
		case 'IMAGE':
			return {
				picture: PICTURE_RENDITIONS.map(rendition).find((src) => src !== null) ?? null,
				clip: null
			};
		case 'VIDEO':
			return { picture: rendition('VIDEO_THUMBNAIL'), clip: rendition('VIDEO') };
		default:
			return NONE;
	}
}

/**
 * This server's address of a place's asset: its kind and a digest of the source URL, so a new
 * asset gets a new address and the route can tell which of the identity's sources is meant
 * without taking a URL from the request.
 */
export function placeMediaAddress(kind: PlaceMediaKind, src: string): string {
	return `/media/place/${placeMediaFile(kind, src)}`;
}

export function placeMediaFile(kind: PlaceMediaKind, src: string): string {
	return `${kind}-${createHash('sha256').update(src).digest('hex').slice(0, 32)}`;
}

/** The source, of those given, that `file` names, with its kind; null when none does. */
export function sourceOfFile(
	sources: PlaceMediaSources,
	file: string
): { kind: PlaceMediaKind; src: string } | null {
	for (const kind of ['picture', 'clip'] as const) {
		const src = sources[kind];
		if (src !== null && placeMediaFile(kind, src) === file) return { kind, src };
	}
	return null;
}

function isWebUrl(text: string): boolean {
	try {
		const url = new URL(text);
		return url.protocol === 'https:' || url.protocol === 'http:';
	} catch {
		return false;
	}
}
