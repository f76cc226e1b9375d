import { error, json } from '@sveltejs/kit';
import { serverContext } from '#lib/server/context.ts';
import {
	failureResponse,
	kioskDeviceOf,
	ownSale,
	readJson,
	terminalAnswerSchema
} from '#lib/server/sales/kiosk-api.ts';
import type { RequestHandler } from './$types';

/** The sale of this kiosk, or the response that says why not. */
async function saleOfKiosk(screenDeviceId: string | null, saleId: string) {
	const context = serverContext();
	const deviceId = await kioskDeviceOf(context, screenDeviceId);
	if (deviceId instanceof Response) return deviceId;
	try {
		return { deviceId, sale: await ownSale(context, deviceId, saleId) };
	} catch {
		return failureResponse('sale-not-found', 404);
	}
}

/**
 * The card terminal's answer given on the kiosk screen: demo mode's simulated terminal's approve,
 * decline or cancel ("tap your card"); with a ZVT terminal only the guest's cancel, which stops a
 * payment still waiting for the card (docs/zvt.md). Outside demo there is no on-screen terminal:
 * its answer would be the guest approving their own payment, so it does not exist (404).
 */
export const POST: RequestHandler = async ({ params, request, locals }) => {
	const found = await saleOfKiosk(locals.screenDeviceId, params.id);
	if (found instanceof Response) return found;
	const body = await readJson(request, terminalAnswerSchema);
	if (body instanceof Response) return body;
	const { terminal, terminals } = serverContext();
	const zvt = await terminals.zvtOf(found.deviceId);
	const reference = found.sale.payment?.reference;
	if (zvt) {
		const cancelled =
			body.outcome === 'cancelled' && reference !== undefined && zvt.cancel(reference);
		return cancelled ? json({ answered: body.outcome }) : failureResponse('sale-closed', 409);
	}
	if (!terminal) error(404, 'no on-screen terminal outside demo mode');
	return (await terminal.answer(params.id, body.outcome))
		? json({ answered: body.outcome })
		: failureResponse('sale-closed', 409);
};

/** What the kiosk's ZVT terminal shows for the sale's payment now, for the screen to say. */
export const GET: RequestHandler = async ({ params, locals }) => {
	const found = await saleOfKiosk(locals.screenDeviceId, params.id);
	if (found instanceof Response) return found;
	const reference = found.sale.payment?.reference;
	const progress = reference ? serverContext().terminals.progressOf(reference) : null;
	return json({ progress: progress && { messageId: progress.messageId } });
};
