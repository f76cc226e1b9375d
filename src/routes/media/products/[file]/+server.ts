/**
 * The menu's stored pictures, `/media/products/<hash>.webp` (catalog/picture-address.ts), for the
 * guest screens and the setup pages alike: no session needed, cached for good by the address.
 */
import { pictureHashOfFile } from '#lib/server/catalog/picture-address.ts';
import { serverContext } from '#lib/server/context.ts';
import { immutableMediaResponse, mediaRequestOf } from '#lib/server/http/media-response.ts';
import type { RequestHandler } from './$types';

export const GET: RequestHandler = async ({ params, request }) => {
	const hash = pictureHashOfFile(params.file);
	const picture = hash === null ? undefined : await serverContext().productImages.byHash(hash);
	if (!picture) {
		// Not kept by browsers: a picture removed and uploaded again comes back at this address.
		return new Response('Not found', {
			status: 404,
			headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }
		});
	}
	return immutableMediaResponse(picture, mediaRequestOf(request));
};
