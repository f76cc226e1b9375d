import { serverContext } from '#lib/server/context.ts';
import { snapshotResponse } from '#lib/server/screens/snapshot-response.ts';
import { kioskSnapshot } from '#lib/server/screens/guest-snapshots.ts';
import type { RequestHandler } from './$types';

/** The ordering kiosk's snapshot, for the screen to keep and show (lib/screen-data). */
export const GET: RequestHandler = ({ locals }) =>
	snapshotResponse(serverContext(), locals.screenDeviceId, 'kiosk', kioskSnapshot);
