import { readForm } from '#lib/server/http/forms.ts';
import { fail } from '@sveltejs/kit';
import { serverContext } from '#lib/server/context.ts';
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

export const load: PageServerLoad = async () => {
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
		geometry
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

export const actions: Actions = {
	kiosk: async ({ request }) => {
		const values = kioskSettingsFromForm(await readForm(request), await menuContext());
		if (!values) return fail(400, { kioskError: true });
		await saveKioskSettings(serverContext().settings, values);
		return { kioskSaved: true };
	},
	returnStation: async ({ request }) => {
		const { settings } = serverContext();
		const parsed = returnSettingsFromForm(await readForm(request), await hasScreenPin(settings));
		if (!parsed.ok) return fail(400, { returnError: parsed.problem });
		await saveReturnSettings(settings, parsed.values);
		return { returnSaved: true };
	},
	screenGeometry: async ({ request }) => {
		const values = screenGeometryFromForm(await readForm(request));
		if (!values) return fail(400, { geometryError: true });
		await saveScreenGeometry(serverContext().settings, values);
		return { geometrySaved: true };
	},
	orderBoard: async ({ request }) => {
		const values = boardSettingsFromForm(await readForm(request));
		if (!values) return fail(400, { boardError: true });
		await saveBoardSettings(serverContext().settings, values);
		return { boardSaved: true };
	},
	pin: async ({ request }) => {
		const pin = (await readForm(request)).get('pin');
		if (typeof pin !== 'string' || !isPinFormat(pin)) return fail(400, { pinError: true });
		await setScreenPin(serverContext().settings, pin);
		return { pinSaved: true };
	}
};
