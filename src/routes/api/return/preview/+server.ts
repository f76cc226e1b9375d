import { serverContext } from '#lib/server/context.ts';
import { previewSchema, returnStep } from '#lib/server/returns/return-api.ts';
import { readJson } from '#lib/server/sales/kiosk-api.ts';
import type { RequestHandler } from './$types';

/** A scanned or typed deposit code: what can be returned on it. */
export const POST: RequestHandler = async ({ request, locals }) => {
	const body = await readJson(request, previewSchema);
	if (body instanceof Response) return body;
	const context = serverContext();
	return returnStep(context, locals.screenDeviceId, (deviceId) =>
		context.returns.preview(deviceId, body.code)
	);
};
