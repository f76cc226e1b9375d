/**
 * The picture of the place a guest screen shows on its attract screen: the place's `avatarMedia`
 * (spec 1, IntegrationPlaceResponse; optional), as an image URL, or null.
 *
 * Spec 1's MediaResponse carries a `processingStatus` (only COMPLETE media are ready to show),
 * a `mediaType` (IMAGE, VIDEO or PDF) and one URI per rendition (`URIType` LARGE, MEDIUM, SMALL,
 * …). A kiosk screen is large, so the largest image rendition is taken; a URL that is not http(s)
 * is not shown (the page must never be handed a `javascript:` or `data:` source by a platform
 * answer).
 */
import type { Media } from '../platform/schemas/identity.ts';

const RENDITIONS_BY_PREFERENCE = ['LARGE', 'MEDIUM', 'SMALL'] as const;

export function placeAvatarOf(media: Media | undefined): string | null {
	if (!media || media.processingStatus !== 'COMPLETE' || media.mediaType !== 'IMAGE') return null;
	for (const rendition of RENDITIONS_BY_PREFERENCE)
		for (const uri of media.uris)
			if (uri.URIType === rendition && isWebUrl(uri.src)) return uri.src;
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
