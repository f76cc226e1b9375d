import { error, fail, redirect } from '@sveltejs/kit';
import { getLocale } from '#lib/paraglide/runtime.js';
import { isManager, requireManager } from '#lib/server/auth/roles.ts';
import { venueNames } from '#lib/server/catalog/menu-names.ts';
import { serverContext } from '#lib/server/context.ts';
import { readForm } from '#lib/server/http/forms.ts';
import { isUnattended } from '#lib/server/devices/unattended.ts';
import { printerSettings } from '#lib/server/printer/printer-settings.ts';
import { isTerminalError } from '#lib/server/terminal/zvt-link.ts';
import {
	TERMINAL_CURRENCIES,
	terminalSettings,
	withoutPassword
} from '#lib/server/terminal/terminal-settings.ts';
import {
	changePrinter,
	changeTerminal,
	changeUnattended,
	closeTerminalDay,
	pairThisBrowser,
	removeDevice,
	rotateCallback
} from '#lib/server/setup/device-admin.ts';
import { depositCategories, deviceOverview } from '#lib/server/setup/device-overview.ts';
import { orderCallbackAddress } from '#lib/server/setup/order-callback.ts';
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
		containerNames: (await venueNames(context.settings)).containers,
		depositProductCount: configuration?.hybridRevoTokenProducts.length ?? 0,
		unfinished:
			overview.device.mode === 'board'
				? await context.counterOrders.unfinishedOf(overview.device.id)
				: null,
		saved: url.searchParams.has('saved'),
		unattended:
			overview.device.mode === 'kiosk'
				? await isUnattended(context.settings, overview.device.id)
				: null,
		printer:
			overview.device.mode === 'kiosk'
				? await printerSettings(context.settings, overview.device.id)
				: null,
		terminal: await shownTerminal(overview.device.id),
		/** Without a ZVT terminal the kiosk pays on the screen in demo mode, and takes no cards else. */
		demo: context.config.demo,
		terminalCurrencies: Object.keys(TERMINAL_CURRENCIES),
		currencyCode: await context.catalog.currencyCode()
	};
};

/** A kiosk's card terminal as staff may see it: never its password. */
async function shownTerminal(deviceId: string) {
	const terminal = await terminalSettings(serverContext().settings, deviceId);
	return terminal && withoutPassword(terminal);
}

/** The kiosk's ZVT terminal, or a 400 when it has none. */
async function zvtOr400(deviceId: string) {
	const zvt = await serverContext().terminals.zvtOf(deviceId);
	if (!zvt) error(400, 'no card terminal');
	return zvt;
}

/** A kiosk's printer and terminal: set by a manager. */
async function kioskOr404(id: string) {
	const device = await deviceOr404(id);
	if (device.mode !== 'kiosk') error(404, 'not a kiosk');
	return device;
}

/** setup/device-admin.ts makes each change and writes its audit entry. */
export const actions: Actions = {
	/** Reads the device's identity and deposits again: what the periodic refresh does. */
	refresh: async ({ params }) => {
		const context = serverContext();
		const device = await deviceOr404(params.id);
		await context.views.refresh(device.id, await context.platformFor(device.id));
	},
	pair: async ({ params, cookies, url, locals }) => {
		const actor = requireManager(locals);
		await pairThisBrowser(serverContext(), actor, await deviceOr404(params.id), cookies, url);
		redirect(303, '/screen');
	},
	/** A new callback address; staff enter it in the platform's console (demo: done for them). */
	rotateCallback: async ({ params, locals }) => {
		const actor = requireManager(locals);
		const outcome = await rotateCallback(serverContext(), actor, await deviceOr404(params.id));
		if (outcome === 'no-callbacks') return fail(400);
		return { callbackRotated: true, demoNotTold: outcome === 'demo-not-told' };
	},
	printer: async ({ params, request, locals }) => {
		const actor = requireManager(locals);
		const kiosk = await kioskOr404(params.id);
		const saved = await changePrinter(serverContext(), actor, kiosk, await readForm(request));
		return saved.ok ? { printerSaved: true } : fail(400, { printerInvalid: saved.invalid });
	},
	/** Unattended: the kiosk sells nothing age-restricted (audited in device-admin.ts). */
	unattended: async ({ params, request, locals }) => {
		const actor = requireManager(locals);
		const kiosk = await kioskOr404(params.id);
		const saved = await changeUnattended(serverContext(), actor, kiosk, await readForm(request));
		return saved ? { unattendedSaved: true } : fail(400, { unattendedInvalid: true });
	},
	/** A test page: paper out of the printer, nothing changed. */
	printerTest: async ({ params, locals }) => {
		requireManager(locals);
		const device = await kioskOr404(params.id);
		const print = await serverContext().printing.printTestPage(device.id, getLocale());
		return { printerTest: print.outcome };
	},
	terminal: async ({ params, request, locals }) => {
		const actor = requireManager(locals);
		const kiosk = await kioskOr404(params.id);
		const saved = await changeTerminal(serverContext(), actor, kiosk, await readForm(request));
		return saved.ok ? { terminalSaved: true } : fail(400, { terminalInvalid: saved.invalid });
	},
	/** ZVT status enquiry (05 01): does the terminal answer, and how is it. */
	terminalTest: async ({ params, locals }) => {
		requireManager(locals);
		const device = await kioskOr404(params.id);
		return { terminalTest: await (await zvtOr400(device.id)).statusEnquiry() };
	},
	/** ZVT end of day (06 50): the terminal books its batch. */
	dayClosing: async ({ params, locals }) => {
		const actor = requireManager(locals);
		const kiosk = await kioskOr404(params.id);
		const zvt = await zvtOr400(kiosk.id);
		try {
			const closing = await closeTerminalDay(serverContext(), actor, kiosk, zvt);
			return { dayClosing: { ok: true as const, totalMinor: closing.totalMinor } };
		} catch (failure) {
			if (!isTerminalError(failure)) throw failure;
			return fail(502, { dayClosing: { ok: false as const, reason: failure.message } });
		}
	},
	remove: async ({ params, locals }) => {
		const actor = requireManager(locals);
		if (!(await removeDevice(serverContext(), actor, params.id))) return fail(404);
		redirect(303, '/setup');
	}
};
