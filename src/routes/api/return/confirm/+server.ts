import { serverContext } from '#lib/server/context.ts';
import { confirmSchema, returnStep } from '#lib/server/returns/return-api.ts';
import { readJson } from '#lib/server/sales/kiosk-api.ts';
import type { RequestHandler } from './$types';

/** The guest's choice (and the staff PIN): return the containers; repeated, it tells what happened. */
export const POST: RequestHandler = async ({ request, locals }) => {
	const body = await readJson(request, confirmSchema);
	if (body instanceof Response) return body;
	const context = serverContext();
	return returnStep(context, locals.screenDeviceId, (deviceId) =>
		context.returns.confirm(deviceId, body)
	);
};
