import { error, fail, redirect } from '@sveltejs/kit';
import { serverContext } from '#lib/server/context.ts';
import { depositCategories, deviceOverview } from '#lib/server/setup/device-overview.ts';
import { orderCallbackAddress, rotateOrderCallback } from '#lib/server/setup/order-callback.ts';
import { pairScreen } from '#lib/server/setup/screen-session.ts';
import type { Actions, PageServerLoad } from './$types';

async function deviceOr404(id: string) {
	const device = await serverContext().devices.get(id);
	if (!device) error(404, 'no such device');
	return device;
}

export const load: PageServerLoad = async ({ params, url }) => {
	const context = serverContext();
	const overview = await deviceOverview(context, await deviceOr404(params.id));
	const configuration = overview.view.depositConfiguration;
	return {
		...overview,
		callbackAddress: await orderCallbackAddress(context, overview.device, url.origin),
		categories: configuration ? depositCategories(configuration) : [],
		depositProductCount: configuration?.hybridRevoTokenProducts.length ?? 0,
		unfinished:
			overview.device.mode === 'board'
				? await context.counterOrders.unfinishedOf(overview.device.id)
				: null,
		saved: url.searchParams.has('saved')
	};
};

export const actions: Actions = {
	refresh: async ({ params }) => {
		const context = serverContext();
		const device = await deviceOr404(params.id);
		await context.views.refresh(device.id, await context.platformFor(device.id));
	},
	pair: async ({ params, cookies, url }) => {
		await pairScreen(serverContext(), (await deviceOr404(params.id)).id, cookies, url);
		redirect(303, '/screen');
	},
	/** A new callback address; staff enter it in the platform's console (demo: done for them). */
	rotateCallback: async ({ params }) => {
		const outcome = await rotateOrderCallback(serverContext(), await deviceOr404(params.id));
		if (outcome === 'no-callbacks') return fail(400);
		return { callbackRotated: true, demoNotTold: outcome === 'demo-not-told' };
	},
	remove: async ({ params }) => {
		if (!(await serverContext().devices.remove(params.id))) return fail(404);
		redirect(303, '/setup');
	}
};
