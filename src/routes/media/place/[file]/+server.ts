/**
 * The place's picture and clip for the attract screen of the guest screen that asks
 * (screens/place-media.ts), from the platform's asset host through this server.
 */
import { serverContext } from '#lib/server/context.ts';
import { mediaRequestOf, mediaResponse } from '#lib/server/http/media-response.ts';
import { placeAssetFor } from '#lib/server/screens/place-asset.ts';
import type { RequestHandler } from './$types';

/** The address names the source, not the content: asked again now and then (ETag → 304). */
const CACHE_CONTROL = 'private, max-age=3600';
/**
 * The platform's bytes on this origin: never run as a page (an SVG may carry script), never
 * taken for another type than the one they came with.
 */
const CONTAINED = {
	'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
	'x-content-type-options': 'nosniff'
};

export const GET: RequestHandler = async ({ params, locals, request }) => {
	const asset = await placeAssetFor(serverContext(), locals.screenDeviceId, params.file);
	if (!asset) {
		return new Response('Not found', {
			status: 404,
			headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }
		});
	}
	return mediaResponse(asset, mediaRequestOf(request), {
		cacheControl: CACHE_CONTROL,
		headers: CONTAINED
	});
};
