import { serverContext } from '#lib/server/context.ts';
import { readJson, saleStep, startSaleSchema } from '#lib/server/sales/kiosk-api.ts';
import type { RequestHandler } from './$types';

export const POST: RequestHandler = async ({ request, locals }) => {
	const body = await readJson(request, startSaleSchema);
	if (body instanceof Response) return body;
	const context = serverContext();
	return saleStep(context, locals.screenDeviceId, (deviceId) =>
		context.checkout.start(deviceId, body.basket, body.confirmedAge)
	);
};
