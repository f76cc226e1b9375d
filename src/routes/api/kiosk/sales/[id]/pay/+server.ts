import { serverContext } from '#lib/server/context.ts';
import { saleStep } from '#lib/server/sales/kiosk-api.ts';
import type { RequestHandler } from './$types';

/** Waits for the card terminal (the simulated one is answered on the screen), then completes. */
export const POST: RequestHandler = ({ params, locals }) => {
	const context = serverContext();
	return saleStep(context, locals.screenDeviceId, (deviceId) =>
		context.checkout.pay(params.id, deviceId)
	);
};
