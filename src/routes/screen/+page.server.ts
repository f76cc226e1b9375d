import { fail, redirect } from '@sveltejs/kit';
import { serverContext } from '#lib/server/context.ts';
import { hasScreenPin } from '#lib/server/setup/screen-pin.ts';
import { exitScreenAction, unpairScreen } from '#lib/server/setup/screen-session.ts';
import type { Actions, PageServerLoad } from './$types';

export const load: PageServerLoad = ({ locals }) => {
	const context = serverContext();
	const device = locals.screenDeviceId ? context.devices.get(locals.screenDeviceId) : undefined;
	// A paired browser shows its mode's own screen.
	if (device?.mode === 'kiosk') redirect(303, '/kiosk');
	if (device?.mode === 'return') redirect(303, '/return');
	if (device?.mode === 'board') redirect(303, '/board');
	const identity = device ? context.views.get(device.id).identity : null;
	return {
		device: device && { name: device.name, mode: device.mode },
		place: identity && { organization: identity.organization.name, place: identity.place.name },
		hasPin: hasScreenPin(context.settings),
		staff: locals.staff
	};
};

export const actions: Actions = {
	/** A logged-in staff member unpairs without the PIN. */
	unpair: ({ locals, cookies }) => {
		if (!locals.staff) return fail(403);
		unpairScreen(serverContext(), cookies);
		redirect(303, '/setup');
	},
	exit: exitScreenAction
};
