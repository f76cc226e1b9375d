import { fail, redirect } from '@sveltejs/kit';
import { serverContext } from '#lib/server/context.ts';
import { readForm } from '#lib/server/http/forms.ts';
import { ORDER_STATUSES, type KioskOrderStatus } from '#lib/board/kiosk-order.ts';
import { hasScreenPin } from '#lib/server/setup/screen-pin.ts';
import { exitScreenAction } from '#lib/server/setup/screen-session.ts';
import type { Actions, PageServerLoad } from './$types';

/** The order board of a browser paired as one (anything else goes to /screen). */
export const load: PageServerLoad = ({ locals, depends }) => {
	depends('board:orders');
	const context = serverContext();
	const device = locals.screenDeviceId ? context.devices.get(locals.screenDeviceId) : undefined;
	if (device?.mode !== 'board') redirect(303, '/screen');
	const identity = context.views.get(device.id).identity;
	return {
		device: { name: device.name },
		place: identity && { organization: identity.organization.name, place: identity.place.name },
		kioskOrders: context.kioskOrders.board(device.id),
		hasPin: hasScreenPin(context.settings)
	};
};

export const actions: Actions = {
	/** Moves a kiosk order to another status (ready, collected, or back). */
	status: async ({ request, locals }) => {
		const context = serverContext();
		const device = locals.screenDeviceId ? context.devices.get(locals.screenDeviceId) : undefined;
		if (device?.mode !== 'board') return fail(401);
		const form = await readForm(request);
		const saleId = form.get('saleId');
		const status = form.get('status');
		if (
			typeof saleId !== 'string' ||
			!ORDER_STATUSES.includes(status as KioskOrderStatus) ||
			!context.kioskOrders.setStatus(device.id, saleId, status as KioskOrderStatus)
		) {
			return fail(400, { statusError: true });
		}
	},
	exit: exitScreenAction
};
