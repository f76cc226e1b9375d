import { redirect } from '@sveltejs/kit';
import { idleOverride } from '#lib/kiosk/idle.ts';
import type { ReturnData } from '#lib/return/types.ts';
import { serverContext } from '#lib/server/context.ts';
import { returnSettings } from '#lib/server/returns/return-settings.ts';
import { hasScreenPin } from '#lib/server/setup/screen-pin.ts';
import { exitScreenAction, pairedDevice } from '#lib/server/setup/screen-session.ts';
import type { Actions, PageServerLoad } from './$types';

/**
 * The return station of a browser paired as one (anything else goes to /screen): the cached
 * identity (never fetched per page) and the station's settings. Demo mode only: `?idle=N` sets
 * the idle time of a half-done return to N seconds (5…3600).
 */
export const load: PageServerLoad = ({ locals, url }): ReturnData => {
	const context = serverContext();
	const device = pairedDevice(context, locals.screenDeviceId, 'return');
	if (!device) redirect(303, '/screen');
	const identity = context.views.get(device.id).identity;
	const settings = returnSettings(context.settings);
	return {
		device: { id: device.id, name: device.name },
		identity: identity && {
			organization: identity.organization.name,
			place: identity.place.name
		},
		settings: {
			...settings,
			idleSeconds:
				idleOverride(url.searchParams.get('idle'), context.config.demo) ?? settings.idleSeconds
		},
		demo: context.config.demo,
		hasPin: hasScreenPin(context.settings)
	};
};

export const actions: Actions = {
	exit: exitScreenAction
};
