import { readForm } from '#lib/server/http/forms.ts';
import { fail } from '@sveltejs/kit';
import { isManager, requireManager } from '#lib/server/auth/roles.ts';
import { serverContext } from '#lib/server/context.ts';
import { STAFF_COOKIE } from '#lib/server/http/cookies.ts';
import { changePassword } from '#lib/server/setup/staff-login.ts';
import { allDeviceOverviews } from '#lib/server/setup/device-overview.ts';
import { hasScreenPin, isPinFormat, setScreenPin } from '#lib/server/setup/screen-pin.ts';
import {
	kioskSettings,
	kioskSettingsFromForm,
	saveKioskSettings,
	type KioskSettingsFormContext
} from '#lib/server/sales/kiosk-settings.ts';
import { fromMinor, scaledIntegerToDecimal } from '#lib/money.ts';
import {
	boardSettings,
	boardSettingsFromForm,
	saveBoardSettings
} from '#lib/server/orders/board-settings.ts';
import {
	returnSettings,
	returnSettingsFromForm,
	saveReturnSettings
} from '#lib/server/returns/return-settings.ts';
import {
	saveScreenGeometry,
	screenGeometry,
	screenGeometryFromForm
} from '#lib/server/screens/screen-geometry.ts';
import type { Actions, PageServerLoad } from './$types';

export const load: PageServerLoad = async ({ locals }) => {
	const context = serverContext();
	const [kiosk, hasPin, returnStation, orderBoard, geometry] = await Promise.all([
		kioskSettings(context.settings),
		hasScreenPin(context.settings),
		returnSettings(context.settings),
		boardSettings(context.settings),
		screenGeometry(context.settings)
	]);
	const products = await context.catalog.list();
	const currencyCode = products[0]?.currencyCode ?? 'EUR';
	return {
		devices: await allDeviceOverviews(context),
		hasPin,
		kiosk: {
			creditPaymentType: kiosk.creditPaymentType,
			serviceFee: fromMinor(kiosk.serviceFeeMinor, currencyCode),
			serviceFeeVat: scaledIntegerToDecimal(kiosk.serviceFeeVatBp, 2),
			depositVat: scaledIntegerToDecimal(kiosk.depositVatBp, 2),
			idleSeconds: kiosk.idleSeconds,
			suggestedProductId: kiosk.suggestedProductId,
			currencyCode
		},
		products: products.map((product) => ({ id: product.id, name: product.name.en })),
		returnStation,
		orderBoard,
		geometry,
		/** The settings and passwords are a manager's (issue 14: roles); staff see the devices. */
		manager: isManager(locals.staff),
		passwords: {
			fromEnvironment: context.staff.fromEnvironment(),
			hasManagerPassword: await context.staff.hasManagerPassword()
		}
	};
};

/**
 * What the kiosk settings are checked against: the menu's currency (the fee is charged in it;
 * EUR for an empty menu) and its products (one may be suggested).
 */
async function menuContext(): Promise<KioskSettingsFormContext> {
	const { catalog } = serverContext();
	const products = await catalog.list();
	return {
		currencyCode: await catalog.currencyCode(),
		productIds: new Set(products.map((product) => product.id))
	};
}

/**
 * Every settings form is a manager's (requireManager), and each change that is saved goes to the
 * audit log with what it was before and after (never the PIN or a password).
 */
export const actions: Actions = {
	kiosk: async ({ request, locals }) => {
		const actor = requireManager(locals);
		const { settings, audit } = serverContext();
		const values = kioskSettingsFromForm(await readForm(request), await menuContext());
		if (!values) return fail(400, { kioskError: true });
		const before = await kioskSettings(settings);
		await saveKioskSettings(settings, values);
		await audit.write(actor, 'settings.kiosk', null, { before, after: values });
		return { kioskSaved: true };
	},
	returnStation: async ({ request, locals }) => {
		const actor = requireManager(locals);
		const { settings, audit } = serverContext();
		const parsed = returnSettingsFromForm(await readForm(request), await hasScreenPin(settings));
		if (!parsed.ok) return fail(400, { returnError: parsed.problem });
		const before = await returnSettings(settings);
		await saveReturnSettings(settings, parsed.values);
		await audit.write(actor, 'settings.return-station', null, { before, after: parsed.values });
		return { returnSaved: true };
	},
	screenGeometry: async ({ request, locals }) => {
		const actor = requireManager(locals);
		const { settings, audit } = serverContext();
		const values = screenGeometryFromForm(await readForm(request));
		if (!values) return fail(400, { geometryError: true });
		const before = await screenGeometry(settings);
		await saveScreenGeometry(settings, values);
		await audit.write(actor, 'settings.screen-geometry', null, { before, after: values });
		return { geometrySaved: true };
	},
	orderBoard: async ({ request, locals }) => {
		const actor = requireManager(locals);
		const { settings, audit } = serverContext();
		const values = boardSettingsFromForm(await readForm(request));
		if (!values) return fail(400, { boardError: true });
		const before = await boardSettings(settings);
		await saveBoardSettings(settings, values);
		await audit.write(actor, 'settings.order-board', null, { before, after: values });
		return { boardSaved: true };
	},
	pin: async ({ request, locals }) => {
		const actor = requireManager(locals);
		const { settings, audit } = serverContext();
		const pin = (await readForm(request)).get('pin');
		if (typeof pin !== 'string' || !isPinFormat(pin)) return fail(400, { pinError: true });
		const had = await hasScreenPin(settings);
		await setScreenPin(settings, pin);
		// That it changed, never the PIN.
		await audit.write(actor, 'settings.screen-pin', null, {
			before: had ? 'set' : 'none',
			after: 'set'
		});
		return { pinSaved: true };
	},
	/** The staff or the manager password; every other staff login ends. */
	password: async ({ request, locals, cookies }) => {
		const actor = requireManager(locals);
		const result = await changePassword(
			serverContext(),
			actor,
			await readForm(request),
			cookies.get(STAFF_COOKIE)
		);
		if (!result.ok) return fail(400, { passwordRole: result.role, passwordError: result.error });
		return { passwordSaved: result.role };
	}
};
