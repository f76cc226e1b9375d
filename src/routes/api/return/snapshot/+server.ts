import { serverContext } from '#lib/server/context.ts';
import { snapshotResponse } from '#lib/server/screens/snapshot-response.ts';
import { returnSnapshot } from '#lib/server/screens/guest-snapshots.ts';
import type { RequestHandler } from './$types';

/** The return station's snapshot, for the screen to keep and show (lib/screen-data). */
export const GET: RequestHandler = ({ locals }) =>
	snapshotResponse(serverContext(), locals.screenDeviceId, 'return', returnSnapshot);
