/**
 * The return station's JSON API over the return saga (src/routes/api/return). Every call needs
 * a browser paired as a return station. Failures are a `failure` code the screen translates,
 * with the details it needs (the issuing place, the fresh counts); bad input is 400, never a 500.
 */
import { json } from '@sveltejs/kit';
import { z } from 'zod';
import type { ReturnFailure } from '#lib/shared/return-view.ts';
import type { ServerContext } from '../context.ts';
import { notPairedResponse, pairedDevice } from '../setup/screen-session.ts';
import { ReturnError } from './return-desk.ts';

const STATUS: Record<ReturnFailure, number> = {
	'code-empty': 400,
	'code-wrong-length': 400,
	'code-invalid': 400,
	'code-is-loyalty-key': 400,
	'code-not-found': 404,
	'other-location': 403,
	'nothing-left': 409,
	'counts-changed': 409,
	'not-returned': 409,
	'nothing-chosen': 400,
	'staff-pin-wrong': 403,
	'staff-pin-rate-limited': 429,
	'outcome-unknown': 502,
	'platform-unavailable': 503,
	'platform-refused': 502,
	'bad-request': 400
};

/** The code and the guest's choice stay small: a code is 40 characters, a venue has few categories. */
export const previewSchema = z.object({ code: z.string().max(200) });
export const confirmSchema = z.object({
	returnId: z.string().max(64),
	code: z.string().max(200),
	quantities: z
		.record(z.string().min(1).max(255), z.int().min(0).max(10_000))
		.refine((quantities) => Object.keys(quantities).length <= 50),
	pin: z.string().max(16).optional()
});

/** Runs a step of the return for this screen's return station device. */
export async function returnStep(
	context: ServerContext,
	screenDeviceId: string | null,
	step: (deviceId: string) => Promise<unknown>
): Promise<Response> {
	const device = await pairedDevice(context, screenDeviceId, 'return');
	if (!device) return notPairedResponse();
	try {
		return json(await step(device.id));
	} catch (error) {
		if (!(error instanceof ReturnError)) throw error;
		return json(
			{
				error: {
					failure: error.failure,
					place: error.place,
					preview: error.preview,
					waitMs: error.waitMs
				}
			},
			{ status: STATUS[error.failure] }
		);
	}
}
