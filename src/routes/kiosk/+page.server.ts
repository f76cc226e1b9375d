import { redirect } from '@sveltejs/kit';
import { idleOverride } from '#lib/kiosk/idle.ts';
import { menuOf } from '#lib/kiosk/menu.ts';
import type { KioskData } from '#lib/kiosk/types.ts';
import { serverContext } from '#lib/server/context.ts';
import { featuresOf } from '#lib/server/devices/platform-view.ts';
import { kioskSettings } from '#lib/server/sales/kiosk-settings.ts';
import { hasScreenPin } from '#lib/server/setup/screen-pin.ts';
import { exitScreenAction, pairedDevice } from '#lib/server/setup/screen-session.ts';
import type { Actions, PageServerLoad } from './$types';

/**
 * The guest ordering screen of a browser paired as an ordering kiosk (anything else goes to
 * /screen). Everything comes from the store: the cached identity and deposit configuration (never
 * fetched per page), the available menu, the kiosk settings. Demo mode only: `?idle=N` sets the
 * idle time to N seconds (5…3600) for trying the "still there?" question.
 */
export const load: PageServerLoad = ({ locals, url }): KioskData => {
	const context = serverContext();
	const device = pairedDevice(context, locals.screenDeviceId, 'kiosk');
	if (!device) redirect(303, '/screen');
	const view = context.views.get(device.id);
	const features = featuresOf(view);
	const settings = kioskSettings(context.settings);
	// The rule the checkout prices by: deposits while the configuration answered 200.
	const depositConfiguration = view.deposits === 'active' ? view.depositConfiguration : null;
	return {
		device: { id: device.id, name: device.name },
		identity: view.identity && {
			organization: view.identity.organization.name,
			place: view.identity.place.name
		},
		features: { deposits: depositConfiguration !== null, loyalty: features.loyalty },
		products: menuOf(context.catalog.list({ availableOnly: true }), depositConfiguration),
		settings: {
			idleSeconds:
				idleOverride(url.searchParams.get('idle'), context.config.demo) ?? settings.idleSeconds,
			creditPaymentType: settings.creditPaymentType,
			serviceFeeMinor: settings.serviceFeeMinor
		},
		demo: context.config.demo,
		hasPin: hasScreenPin(context.settings)
	};
};

export const actions: Actions = {
	exit: exitScreenAction
};
