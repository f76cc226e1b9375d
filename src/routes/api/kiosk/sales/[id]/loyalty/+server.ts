import { serverContext } from '#lib/server/context.ts';
import { loyaltySchema, ownSale, readJson, saleStep } from '#lib/server/sales/kiosk-api.ts';
import type { RequestHandler } from './$types';

export const POST: RequestHandler = async ({ params, request, locals }) => {
	const body = await readJson(request, loyaltySchema);
	if (body instanceof Response) return body;
	const context = serverContext();
	return saleStep(context, locals.screenDeviceId, async (deviceId) =>
		context.checkout.scanLoyaltyKey((await ownSale(context, deviceId, params.id)).id, body.key)
	);
};
