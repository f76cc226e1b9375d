/**
 * A guest screen's snapshot endpoint: the snapshot of the paired device of that screen, never
 * stored by any cache (it is the fresh copy the screen keeps; the endpoints are under /api, which
 * http/security-headers.ts keeps out of caches), or 401 `not-paired` — the screen then forgets
 * what it kept and goes to /screen.
 */
import { json } from '@sveltejs/kit';
import type { ScreenSnapshot } from '#lib/shared/screen-snapshot.ts';
import type { ServerContext } from '../context.ts';
import { notPairedResponse, pairedDevice } from '../setup/screen-session.ts';

export async function snapshotResponse<S extends ScreenSnapshot>(
	context: ServerContext,
	screenDeviceId: string | null,
	screen: S['screen'],
	snapshotOf: (context: ServerContext, deviceId: string) => Promise<S>
): Promise<Response> {
	const device = await pairedDevice(context, screenDeviceId, screen);
	if (!device) return notPairedResponse();
	return json(await snapshotOf(context, device.id));
}
