import { error, fail, redirect } from '@sveltejs/kit';
import { getLocale } from '#lib/paraglide/runtime.js';
import { isManager, requireManager } from '#lib/server/auth/roles.ts';
import { serverContext } from '#lib/server/context.ts';
import { readForm } from '#lib/server/http/forms.ts';
import {
	printerSettings,
	printerSettingsFromForm,
	savePrinterSettings
} from '#lib/server/printer/printer-settings.ts';
import { depositCategories, deviceOverview } from '#lib/server/setup/device-overview.ts';
import { orderCallbackAddress, rotateOrderCallback } from '#lib/server/setup/order-callback.ts';
import { pairScreen } from '#lib/server/setup/screen-session.ts';
import type { Actions, PageServerLoad } from './$types';

async function deviceOr404(id: string) {
	const device = await serverContext().devices.get(id);
	if (!device) error(404, 'no such device');
	return device;
}

export const load: PageServerLoad = async ({ params, url, locals }) => {
	const context = serverContext();
	const overview = await deviceOverview(context, await deviceOr404(params.id));
	const configuration = overview.view.depositConfiguration;
	const manager = isManager(locals.staff);
	return {
		...overview,
		/** Pairing, the callback address (anyone holding it can announce orders) and removing the
		 *  device are a manager's; staff see what the device is and can refresh it. */
		manager,
		callbackAddress: manager
			? await orderCallbackAddress(context, overview.device, url.origin)
			: null,
		categories: configuration ? depositCategories(configuration) : [],
		depositProductCount: configuration?.hybridRevoTokenProducts.length ?? 0,
		unfinished:
			overview.device.mode === 'board'
				? await context.counterOrders.unfinishedOf(overview.device.id)
				: null,
		saved: url.searchParams.has('saved'),
		printer:
			overview.device.mode === 'kiosk'
				? await printerSettings(context.settings, overview.device.id)
				: null
	};
};

/** A kiosk's printer: set by a manager (issue 15), in the audit log. */
async function kioskOr404(id: string) {
	const device = await deviceOr404(id);
	if (device.mode !== 'kiosk') error(404, 'not a kiosk');
	return device;
}

export const actions: Actions = {
	refresh: async ({ params }) => {
		const context = serverContext();
		const device = await deviceOr404(params.id);
		await context.views.refresh(device.id, await context.platformFor(device.id));
	},
	pair: async ({ params, cookies, url, locals }) => {
		const actor = requireManager(locals);
		const context = serverContext();
		const device = await deviceOr404(params.id);
		await pairScreen(context, device.id, cookies, url);
		await context.audit.write(actor, 'device.pair', device.id, {
			name: device.name,
			mode: device.mode
		});
		redirect(303, '/screen');
	},
	/** A new callback address; staff enter it in the platform's console (demo: done for them). */
	rotateCallback: async ({ params, locals }) => {
		const actor = requireManager(locals);
		const context = serverContext();
		const device = await deviceOr404(params.id);
		const outcome = await rotateOrderCallback(context, device);
		if (outcome === 'no-callbacks') return fail(400);
		// That it rotated, never the address (it is the secret).
		await context.audit.write(actor, 'device.callback-rotate', device.id, {
			name: device.name,
			simulatorTold: outcome !== 'demo-not-told'
		});
		return { callbackRotated: true, demoNotTold: outcome === 'demo-not-told' };
	},
	printer: async ({ params, request, locals }) => {
		const actor = requireManager(locals);
		const context = serverContext();
		const device = await kioskOr404(params.id);
		const reading = printerSettingsFromForm(await readForm(request));
		if (!reading.ok) return fail(400, { printerInvalid: reading.invalid });
		const before = await printerSettings(context.settings, device.id);
		await savePrinterSettings(context.settings, device.id, reading.printer);
		await context.audit.write(actor, 'device.printer', device.id, {
			name: device.name,
			before,
			after: reading.printer
		});
		return { printerSaved: true };
	},
	printerTest: async ({ params, locals }) => {
		requireManager(locals);
		const device = await kioskOr404(params.id);
		const print = await serverContext().printing.printTestPage(device.id, getLocale());
		return { printerTest: print.outcome };
	},
	remove: async ({ params, locals }) => {
		const actor = requireManager(locals);
		const context = serverContext();
		const device = await context.devices.get(params.id);
		if (!device || !(await context.devices.remove(params.id))) return fail(404);
		await context.audit.write(actor, 'device.remove', device.id, {
			before: {
				name: device.name,
				mode: device.mode,
				environment: device.environment,
				baseUrl: device.baseUrl
			}
		});
		redirect(303, '/setup');
	}
};
