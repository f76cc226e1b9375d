import { serverContext } from '#lib/server/context.ts';
import { ownSale, saleStep } from '#lib/server/sales/kiosk-api.ts';
import type { RequestHandler } from './$types';

export const POST: RequestHandler = ({ params, locals }) => {
	const context = serverContext();
	return saleStep(context, locals.screenDeviceId, async (deviceId) =>
		context.checkout.abandon((await ownSale(context, deviceId, params.id)).id)
	);
};
