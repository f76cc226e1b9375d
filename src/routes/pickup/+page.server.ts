import { redirect } from '@sveltejs/kit';
import { serverContext } from '#lib/server/context.ts';
import { pickupView } from '#lib/server/orders/pickup-view.ts';
import { guestLanguages } from '#lib/server/screens/guest-languages.ts';
import { hasScreenPin } from '#lib/server/setup/screen-pin.ts';
import { exitScreenAction, pairedDevice } from '#lib/server/setup/screen-session.ts';
import type { Actions, PageServerLoad } from './$types';

/** The pickup screen of a browser paired as one (anything else goes to /screen). */
export const load: PageServerLoad = async ({ locals, depends }) => {
	depends('pickup:orders');
	const context = serverContext();
	const device = await pairedDevice(context, locals.screenDeviceId, 'pickup');
	if (!device) redirect(303, '/screen');
	const place = await context.places.placeOf(device.id);
	return {
		pickup: pickupView(
			place?.name ?? null,
			place ? await context.orderBoard.ordersAtPlace(place.id) : []
		),
		placeKnown: place !== null,
		languages: await guestLanguages(context.settings),
		hasPin: await hasScreenPin(context.settings)
	};
};

export const actions: Actions = { exit: exitScreenAction };
