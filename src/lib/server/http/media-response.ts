/**
 * The answer for a stored picture or clip: its bytes with their type and an ETag (a digest of
 * the content), 304 to a client that has them (If-None-Match), and one byte range on request
 * (a `<video>` asks for ranges to start and to loop). How long browsers may keep it is the
 * caller's: for good (`immutable`) where the address names the content, shorter where it names
 * only the source.
 */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export interface Media {
	contentType: string;
	bytes: Uint8Array;
	/** Of the content: the ETag. */
	hash: string;
}

/** What of the request decides the answer. */
export interface MediaRequest {
	ifNoneMatch: string | null;
	range?: string | null;
	ifRange?: string | null;
}

export function mediaRequestOf(request: Request): MediaRequest {
	return {
		ifNoneMatch: request.headers.get('if-none-match'),
		range: request.headers.get('range'),
		ifRange: request.headers.get('if-range')
	};
}

export function mediaResponse(
	media: Media,
	request: MediaRequest,
	answer: { cacheControl: string; headers?: Record<string, string> }
): Response {
	const etag = `"${media.hash}"`;
	const size = media.bytes.byteLength;
	const headers = {
		...answer.headers,
		etag,
		'cache-control': answer.cacheControl,
		'accept-ranges': 'bytes'
	};
	if (request.ifNoneMatch !== null && matchesAny(request.ifNoneMatch, etag)) {
		return new Response(null, { status: 304, headers });
	}
	// RFC 9110 13.1.5: a range of another version is no range — the whole of this one.
	const sameVersion = !request.ifRange || request.ifRange === etag;
	const range = request.range && sameVersion ? byteRange(request.range, size) : null;
	if (range === 'unsatisfiable') {
		return new Response(null, {
			status: 416,
			headers: { ...headers, 'content-range': `bytes */${size}` }
		});
	}
	const { start, end } = range ?? { start: 0, end: size - 1 };
	return new Response(media.bytes.slice(start, end + 1), {
		status: range ? 206 : 200,
		headers: {
			...headers,
			'content-type': media.contentType,
			'content-length': String(end + 1 - start),
			...(range && { 'content-range': `bytes ${start}-${end}/${size}` })
		}
	});
}

/** The answer for media whose address names its content: kept by browsers for good. */
export function immutableMediaResponse(media: Media, request: MediaRequest): Response {
	return mediaResponse(media, request, { cacheControl: IMMUTABLE_CACHE_CONTROL });
}

/** RFC 9110 13.1.2: `*`, or a list of entity tags compared weakly (a `W/` prefix ignored). */
function matchesAny(ifNoneMatch: string, etag: string): boolean {
	return ifNoneMatch
		.split(',')
		.map((tag) => tag.trim())
		.some((tag) => tag === '*' || tag.replace(/^W\//, '') === etag);
}

/**
 * RFC 9110 14.1.2: one range `bytes=first-last`, `bytes=first-` or `bytes=-suffix`, clamped to
 * the content. Several ranges, or a header that is no byte range, get the whole (null) — which
 * the RFC allows a server to answer to any range request.
 */
export function byteRange(
	header: string,
	size: number
): { start: number; end: number } | 'unsatisfiable' | null {
	const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
	if (!match || (match[1] === '' && match[2] === '')) return null;
	const [first, last] = [match[1]!, match[2]!];
	if (first === '') {
		const suffix = Number(last);
		if (suffix === 0 || size === 0) return 'unsatisfiable';
		return { start: Math.max(0, size - suffix), end: size - 1 };
	}
	const start = Number(first);
	const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
	if (last !== '' && Number(last) < start) return null;
	if (start >= size) return 'unsatisfiable';
	return { start, end };
}
