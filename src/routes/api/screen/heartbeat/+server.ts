import { json } from '@sveltejs/kit';
import { serverContext } from '#lib/server/context.ts';
import { failureResponse, readJson } from '#lib/server/sales/kiosk-api.ts';
import { notPairedResponse } from '#lib/server/setup/screen-session.ts';
import { z } from 'zod';
import type { RequestHandler } from './$types';

/** A paired screen's heartbeat (fleet/fleet.ts): its report in, what staff asked of it out. */
export const POST: RequestHandler = async ({ request, locals }) => {
	const body = await readJson(request, z.unknown());
	if (body instanceof Response) return body;
	const answer = await serverContext().fleet.receiveHeartbeat(locals.screenDeviceId, body);
	if (answer === 'not-paired') return notPairedResponse();
	if (answer === 'bad-request') return failureResponse(answer, 400);
	return json(answer);
};
