import { redirect } from '@sveltejs/kit';
import { serverContext } from '#lib/server/context.ts';
import { hasScreenPin } from '#lib/server/setup/screen-pin.ts';
import { exitScreenAction } from '#lib/server/setup/screen-session.ts';
import type { DeviceMode } from '#lib/server/devices/device-repository.ts';
import type { Actions, PageServerLoad } from './$types';

const SCREEN_PATHS: Record<DeviceMode, string> = {
	kiosk: '/kiosk',
	return: '/return',
	board: '/board',
	pickup: '/pickup'
};

export const load: PageServerLoad = async ({ locals }) => {
	const context = serverContext();
	const device = locals.screenDeviceId
		? await context.devices.get(locals.screenDeviceId)
		: undefined;
	// A paired browser shows its mode's own screen.
	if (device) redirect(303, SCREEN_PATHS[device.mode]);
	return {
		hasPin: await hasScreenPin(context.settings),
		/** A screen session whose device is gone: its exit (with the PIN) ends the session. */
		hasScreenSession: locals.screenDeviceId !== null
	};
};

export const actions: Actions = {
	exit: exitScreenAction
};
