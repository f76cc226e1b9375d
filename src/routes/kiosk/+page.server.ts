import { redirect } from '@sveltejs/kit';
import { idleOverride } from '#lib/server/screens/idle-override.ts';
import { serverContext } from '#lib/server/context.ts';
import { kioskSnapshot } from '#lib/server/screens/guest-snapshots.ts';
import { hasScreenPin } from '#lib/server/setup/screen-pin.ts';
import { exitScreenAction, pairedDevice } from '#lib/server/setup/screen-session.ts';
import type { KioskData } from '#lib/shared/screen-snapshot.ts';
import type { Actions, PageServerLoad } from './$types';

/**
 * The guest ordering screen of a browser paired as an ordering kiosk (anything else goes to
 * /screen): its snapshot (the cached identity and deposit configuration, never fetched per page;
 * the available menu; the kiosk settings), which the screen keeps and revalidates through
 * /api/kiosk/snapshot. Demo mode only: `?idle=N` sets the idle time to N seconds (5…3600) for
 * trying the "still there?" question.
 */
export const load: PageServerLoad = async ({ locals, url }): Promise<KioskData> => {
	const context = serverContext();
	const device = await pairedDevice(context, locals.screenDeviceId, 'kiosk');
	if (!device) redirect(303, '/screen');
	return {
		device: { id: device.id, name: device.name },
		snapshot: await kioskSnapshot(context, device.id),
		idleOverride: idleOverride(url.searchParams.get('idle'), context.config.demo),
		demo: context.config.demo,
		hasPin: await hasScreenPin(context.settings)
	};
};

export const actions: Actions = {
	exit: exitScreenAction
};
