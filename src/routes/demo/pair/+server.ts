import { readForm } from '#lib/server/http/forms.ts';
import { error, redirect } from '@sveltejs/kit';
import { serverContext } from '#lib/server/context.ts';
import { pairScreen } from '#lib/server/setup/screen-session.ts';
import type { RequestHandler } from './$types';

/** Demo mode only: pair this browser with the demo device of a screen mode (no staff login). */
export const POST: RequestHandler = async ({ request, cookies, url }) => {
	const context = serverContext();
	if (!context.config.demo) error(404, 'not found');
	const mode = (await readForm(request)).get('mode');
	const device = (await context.devices.list()).find((candidate) => candidate.mode === mode);
	if (!device) error(400, 'no demo device for this screen');
	await pairScreen(context, device.id, cookies, url);
	redirect(303, '/screen');
};
