import { json } from '@sveltejs/kit';
import { serverContext } from '#lib/server/context.ts';
import {
	failureResponse,
	kioskDeviceOf,
	ownSale,
	readJson,
	terminalAnswerSchema
} from '#lib/server/sales/kiosk-api.ts';
import type { RequestHandler } from './$types';

/** The simulated card terminal's answer, given on the kiosk screen ("tap your card"). */
export const POST: RequestHandler = async ({ params, request, locals }) => {
	const context = serverContext();
	const deviceId = await kioskDeviceOf(context, locals.screenDeviceId);
	if (deviceId instanceof Response) return deviceId;
	const body = await readJson(request, terminalAnswerSchema);
	if (body instanceof Response) return body;
	try {
		await ownSale(context, deviceId, params.id);
	} catch {
		return failureResponse('sale-not-found', 404);
	}
	return (await context.terminal.answer(params.id, body.outcome))
		? json({ answered: body.outcome })
		: failureResponse('sale-closed', 409);
};
