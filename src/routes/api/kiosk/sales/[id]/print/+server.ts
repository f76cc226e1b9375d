import { json } from '@sveltejs/kit';
import { z } from 'zod';
import { locales } from '#lib/paraglide/runtime.js';
import { serverContext } from '#lib/server/context.ts';
import { kioskDeviceOf, readJson } from '#lib/server/sales/kiosk-api.ts';
import type { RequestHandler } from './$types';

const printSchema = z.strictObject({ locale: z.enum(locales) });

/**
 * The guest's receipt on the kiosk's printer (docs/printer.md), in the guest's language: how it
 * went, for the screen to say (printed, or what to do instead). A sale of another kiosk, or not
 * paid, prints nothing.
 */
export const POST: RequestHandler = async ({ params, request, locals }) => {
	const body = await readJson(request, printSchema);
	if (body instanceof Response) return body;
	const context = serverContext();
	const deviceId = await kioskDeviceOf(context, locals.screenDeviceId);
	if (deviceId instanceof Response) return deviceId;
	const print = await context.printing.printForGuest(deviceId, params.id, body.locale);
	return json({ outcome: print.outcome });
};
