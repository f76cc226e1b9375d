import { redirect } from '@sveltejs/kit';
import { idleOverride } from '#lib/server/screens/idle-override.ts';
import { serverContext } from '#lib/server/context.ts';
import { returnSnapshot } from '#lib/server/screens/guest-snapshots.ts';
import { hasScreenPin } from '#lib/server/setup/screen-pin.ts';
import { exitScreenAction, pairedDevice } from '#lib/server/setup/screen-session.ts';
import type { ReturnData } from '#lib/shared/screen-snapshot.ts';
import type { Actions, PageServerLoad } from './$types';

/**
 * The return station of a browser paired as one (anything else goes to /screen): its snapshot
 * (the cached identity, never fetched per page, and the station's settings), which the screen
 * keeps and revalidates through /api/return/snapshot. Demo mode only: `?idle=N` sets the idle
 * time of a half-done return to N seconds (5…3600).
 */
export const load: PageServerLoad = async ({ locals, url }): Promise<ReturnData> => {
	const context = serverContext();
	const device = await pairedDevice(context, locals.screenDeviceId, 'return');
	if (!device) redirect(303, '/screen');
	return {
		device: { id: device.id, name: device.name },
		snapshot: await returnSnapshot(context, device.id),
		idleOverride: idleOverride(url.searchParams.get('idle'), context.config.demo),
		demo: context.config.demo,
		hasPin: await hasScreenPin(context.settings)
	};
};

export const actions: Actions = {
	exit: exitScreenAction
};
