/**
 * The guest screen's JSON API over the checkout saga. Every call needs a browser paired as an
 * ordering kiosk; a sale is reachable only from the device it was started on. Failures are a
 * `failure` code the screen translates; bad input is 400 (a body past the server's limit 413),
 * never a 500.
 */
import { json } from '@sveltejs/kit';
import { z } from 'zod';
import type { CheckoutFailure } from '#lib/shared/checkout-failure.ts';
import type { ServerContext } from '../context.ts';
import { BODY_TOO_LARGE, isBodyTooLarge } from '../http/body-limit.ts';
import { notPairedResponse, pairedDevice } from '../setup/screen-session.ts';
import { CheckoutError } from './checkout.ts';
import type { Sale } from './sale.ts';
import { saleView } from './sale-view.ts';
import { venueNames } from '../catalog/menu-names.ts';

const STATUS: Record<CheckoutFailure, number> = {
	'sale-not-found': 404,
	'sale-closed': 409,
	'basket-invalid': 400,
	'sold-out': 409,
	'age-unconfirmed': 409,
	'age-unattended': 409,
	'key-format': 400,
	'key-expired': 400,
	'key-used': 400,
	'key-other-venue': 400,
	'insufficient-credit': 400,
	'preview-expired': 400,
	'menu-vat': 422,
	'card-declined': 402,
	'card-unavailable': 409,
	'card-outcome-unknown': 409,
	'platform-unavailable': 503,
	'deposits-unavailable': 503,
	'platform-refused': 502,
	'out-of-order': 409
};

export function failureResponse(
	failure: CheckoutFailure | 'bad-request' | typeof BODY_TOO_LARGE,
	status: number
) {
	return json({ error: { failure } }, { status });
}

/** The kiosk device of this screen, or a 401 response. */
export async function kioskDeviceOf(
	context: ServerContext,
	screenDeviceId: string | null
): Promise<string | Response> {
	const device = await pairedDevice(context, screenDeviceId, 'kiosk');
	return device?.id ?? notPairedResponse();
}

export async function readJson<Schema extends z.ZodType>(
	request: Request,
	schema: Schema
): Promise<z.output<Schema> | Response> {
	let body: unknown;
	try {
		body = await request.json();
	} catch (problem) {
		return isBodyTooLarge(problem)
			? failureResponse(BODY_TOO_LARGE, 413)
			: failureResponse('bad-request', 400);
	}
	const parsed = schema.safeParse(body);
	return parsed.success ? parsed.data : failureResponse('bad-request', 400);
}

/** Runs a saga step for this screen's device and answers the sale view or the failure. */
export async function saleStep(
	context: ServerContext,
	screenDeviceId: string | null,
	step: (deviceId: string) => Sale | Promise<Sale>
): Promise<Response> {
	const deviceId = await kioskDeviceOf(context, screenDeviceId);
	if (deviceId instanceof Response) return deviceId;
	try {
		const sale = await step(deviceId);
		if (sale.deviceId !== deviceId) return failureResponse('sale-not-found', 404);
		return json(saleView(sale, (await venueNames(context.settings)).containers));
	} catch (error) {
		if (error instanceof CheckoutError)
			return failureResponse(error.failure, STATUS[error.failure]);
		throw error;
	}
}

/** A sale of this device, or the not-found failure (another device's sale is not found). */
export async function ownSale(
	context: ServerContext,
	deviceId: string,
	saleId: string
): Promise<Sale> {
	const sale = await context.checkout.get(saleId);
	if (sale.deviceId !== deviceId) throw new CheckoutError('sale-not-found');
	return sale;
}

/** `confirmedAge`: the age the guest confirmed (#lib/shared/age-limits.ts); none when absent. */
export const startSaleSchema = z.object({
	basket: z.unknown(),
	confirmedAge: z.int().min(0).max(99).default(0)
});
export const loyaltySchema = z.object({ key: z.string().min(1).max(200) });
/**
 * The simulated terminal's answer: the screen's demo panel sends approve or decline; `uncertain`
 * (the terminal lost its connection mid-payment) comes only from tests and demos driving the
 * simulation, as the platform simulator's faults do.
 */
export const terminalAnswerSchema = z.object({
	outcome: z.enum(['approved', 'declined', 'cancelled', 'uncertain'])
});
