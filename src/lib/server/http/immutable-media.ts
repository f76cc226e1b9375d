/**
 * The answer for media whose address names its content (a hash in the path): browsers may keep
 * it for a year without asking again (`immutable`), since other content gets another address;
 * the ETag serves those that ask anyway (If-None-Match → 304, without the bytes).
 */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export interface Media {
	contentType: string;
	bytes: Uint8Array;
	/** Of the content: the ETag. */
	hash: string;
}

export function immutableMediaResponse(media: Media, ifNoneMatch: string | null): Response {
	const etag = `"${media.hash}"`;
	const headers = { etag, 'cache-control': IMMUTABLE_CACHE_CONTROL };
	if (ifNoneMatch !== null && matchesAny(ifNoneMatch, etag)) {
		return new Response(null, { status: 304, headers });
	}
	return new Response(new Uint8Array(media.bytes), {
		headers: {
			...headers,
			'content-type': media.contentType,
			'content-length': String(media.bytes.byteLength)
		}
	});
}

/** RFC 9110 13.1.2: `*`, or a list of entity tags compared weakly (a `W/` prefix ignored). */
function matchesAny(ifNoneMatch: string, etag: string): boolean {
	return ifNoneMatch
		.split(',')
		.map((tag) => tag.trim())
		.some((tag) => tag === '*' || tag.replace(/^W\//, '') === etag);
}
