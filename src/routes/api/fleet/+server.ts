import { json } from '@sveltejs/kit';
import { serverContext } from '#lib/server/context.ts';
import type { RequestHandler } from './$types';

/** The fleet's view for the fleet page, its alerts for an order board (fleet/fleet.ts). */
export const GET: RequestHandler = async ({ locals }) => {
	const view = await serverContext().fleet.viewFor(locals);
	return view === null ? new Response(null, { status: 401 }) : json(view);
};
