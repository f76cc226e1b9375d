/**
 * The place asset a guest screen asks for by its address (place-media.ts): only a source of the
 * asking screen's own place is ever fetched — the address names one of them, never a URL — so
 * the route is no open proxy, and a browser that is no paired screen gets nothing.
 */
import type { ServerContext } from '../context.ts';
import type { PlaceAsset } from './place-media-cache.ts';
import { placeMediaOf, sourceOfFile } from './place-media.ts';

export async function placeAssetFor(
	context: Pick<ServerContext, 'devices' | 'views' | 'placeMedia'>,
	screenDeviceId: string | null,
	file: string
): Promise<PlaceAsset | null> {
	if (!screenDeviceId || !(await context.devices.get(screenDeviceId))) return null;
	const { identity } = await context.views.get(screenDeviceId);
	const source = sourceOfFile(placeMediaOf(identity?.place.avatarMedia), file);
	return source && context.placeMedia.get(source.kind, source.src);
}
