import { serverContext } from '#lib/server/context.ts';
import { ownSale, saleStep } from '#lib/server/sales/kiosk-api.ts';
import type { RequestHandler } from './$types';

/** "I'm still here" on the screen: the open sale is not released as unattended. */
export const POST: RequestHandler = ({ params, locals }) => {
	const context = serverContext();
	return saleStep(context, locals.screenDeviceId, async (deviceId) =>
		context.checkout.keepAlive((await ownSale(context, deviceId, params.id)).id)
	);
};
