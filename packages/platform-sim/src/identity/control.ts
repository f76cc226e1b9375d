/**
 * Identity controls under `/_sim/` (no key) — the platform's console for a place's picture:
 * set or remove its `avatarMedia` (spec 1 MediaResponse), e.g. a VIDEO with its `VIDEO` and
 * `VIDEO_THUMBNAIL` renditions, or media still PROCESSING. A relative `src` is served by the
 * simulator itself (`/_sim/media/…`) and made absolute when the identity is read.
 */
import { z } from 'zod';
import { PlatformError, SimErrorCode } from '../errors.ts';
import type { ControlRoute } from '../routing.ts';
import type { Place, SimState } from '../state.ts';
import { parseWith } from '../validation.ts';

const mediaSchema = z.strictObject({
	id: z.string().min(1),
	mediaType: z.enum(['IMAGE', 'VIDEO', 'PDF']),
	processingStatus: z.enum(['COMPLETE', 'ERROR', 'PROCESSING', 'QUEUED']).default('COMPLETE'),
	uris: z.array(
		z.strictObject({
			src: z.string().min(1),
			URIType: z.enum(['LARGE', 'MEDIUM', 'SMALL', 'VIDEO_THUMBNAIL', 'VIDEO'])
		})
	)
});

function requirePlace(state: SimState, placeId: string | undefined): Place {
	const place = state.places.find((candidate) => candidate.id === placeId);
	if (!place) throw new PlatformError(404, SimErrorCode.notFound, 'No place with the given id.');
	return place;
}

export const identityControlRoutes: ControlRoute[] = [
	{
		method: 'PUT',
		path: '/_sim/places/:placeId/avatar',
		handle({ sim, request }) {
			const place = requirePlace(sim.state, request.params.placeId);
			place.avatarMedia = parseWith(mediaSchema, request.body);
			return { status: 200, body: place.avatarMedia };
		}
	},
	{
		method: 'DELETE',
		path: '/_sim/places/:placeId/avatar',
		handle({ sim, request }) {
			delete requirePlace(sim.state, request.params.placeId).avatarMedia;
			return { status: 204 };
		}
	}
];
