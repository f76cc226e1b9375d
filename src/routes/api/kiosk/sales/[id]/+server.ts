import { serverContext } from '#lib/server/context.ts';
import { ownSale, saleStep } from '#lib/server/sales/kiosk-api.ts';
import type { RequestHandler } from './$types';

export const GET: RequestHandler = ({ params, locals }) => {
	const context = serverContext();
	return saleStep(context, locals.screenDeviceId, (deviceId) =>
		ownSale(context, deviceId, params.id)
	);
};
