import { readForm } from '#lib/server/http/forms.ts';
import { fail } from '@sveltejs/kit';
import { isManager, requireManager } from '#lib/server/auth/roles.ts';
import { serverContext } from '#lib/server/context.ts';
import { STAFF_COOKIE } from '#lib/server/http/cookies.ts';
import { changePassword } from '#lib/server/setup/staff-login.ts';
import { allDeviceOverviews } from '#lib/server/setup/device-overview.ts';
import { hasScreenPin } from '#lib/server/setup/screen-pin.ts';
import {
	changeAgeLimits,
	changeBoardSettings,
	changeGuestLanguages,
	changeKioskSettings,
	changeReturnSettings,
	changeScreenGeometry,
	changeScreenPin
} from '#lib/server/setup/setting-changes.ts';
import { kioskSettings } from '#lib/server/sales/kiosk-settings.ts';
import { fromMinor, scaledIntegerToDecimal } from '@venue-kiosk/vocabulary/money.ts';
import { boardSettings } from '#lib/server/orders/board-settings.ts';
import { returnSettings } from '#lib/server/returns/return-settings.ts';
import { guestLanguages } from '#lib/server/screens/guest-languages.ts';
import { venueAgeLimits } from '#lib/server/catalog/age-limits.ts';
import { screenGeometry } from '#lib/server/screens/screen-geometry.ts';
import type { Actions, PageServerLoad } from './$types';

export const load: PageServerLoad = async ({ locals }) => {
	const context = serverContext();
	const [kiosk, hasPin, returnStation, orderBoard, geometry, languages, ageLimits] =
		await Promise.all([
			kioskSettings(context.settings),
			hasScreenPin(context.settings),
			returnSettings(context.settings),
			boardSettings(context.settings),
			screenGeometry(context.settings),
			guestLanguages(context.settings),
			venueAgeLimits(context.settings)
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
		languages,
		ageLimits,
		/** The settings and passwords are a manager's (roles); staff see the devices. */
		manager: isManager(locals.staff),
		passwords: {
			fromEnvironment: context.staff.fromEnvironment(),
			hasManagerPassword: await context.staff.hasManagerPassword()
		}
	};
};

/**
 * Every settings form is a manager's (requireManager); setup/setting-changes.ts saves it and
 * writes its audit entry.
 */
export const actions: Actions = {
	kiosk: async ({ request, locals }) => {
		const saved = await changeKioskSettings(
			serverContext(),
			requireManager(locals),
			await readForm(request)
		);
		return saved ? { kioskSaved: true } : fail(400, { kioskError: true });
	},
	returnStation: async ({ request, locals }) => {
		const saved = await changeReturnSettings(
			serverContext(),
			requireManager(locals),
			await readForm(request)
		);
		return saved.ok ? { returnSaved: true } : fail(400, { returnError: saved.problem });
	},
	screenGeometry: async ({ request, locals }) => {
		const saved = await changeScreenGeometry(
			serverContext(),
			requireManager(locals),
			await readForm(request)
		);
		return saved ? { geometrySaved: true } : fail(400, { geometryError: true });
	},
	guestLanguages: async ({ request, locals }) => {
		const saved = await changeGuestLanguages(
			serverContext(),
			requireManager(locals),
			await readForm(request)
		);
		return saved.ok ? { languagesSaved: true } : fail(400, { languagesError: saved.problem });
	},
	ageLimits: async ({ request, locals }) => {
		const saved = await changeAgeLimits(
			serverContext(),
			requireManager(locals),
			await readForm(request)
		);
		return saved.ok
			? { ageLimitsSaved: true }
			: fail(400, { ageLimitsErrors: saved.problems, ageLimitsTyped: saved.typed });
	},
	orderBoard: async ({ request, locals }) => {
		const saved = await changeBoardSettings(
			serverContext(),
			requireManager(locals),
			await readForm(request)
		);
		return saved ? { boardSaved: true } : fail(400, { boardError: true });
	},
	pin: async ({ request, locals }) => {
		const saved = await changeScreenPin(
			serverContext(),
			requireManager(locals),
			await readForm(request)
		);
		return saved ? { pinSaved: true } : fail(400, { pinError: true });
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
