import { json } from '@sveltejs/kit';
import { serverContext } from '#lib/server/context.ts';
import type { RequestHandler } from './$types';

/**
 * "Is the kiosk server there?" for the screens (lib/pwa/server-reachability.svelte.ts): an answer
 * at all is the news, with which parts of the platform can be used now (platform-health.ts), so a
 * screen pauses only what is out of reach. Never cached, by the browser or the service worker:
 * it is under /api (http/security-headers.ts, lib/pwa/cache-policy.ts).
 */
export const GET: RequestHandler = () =>
	json({ up: true, platform: serverContext().platformHealth.parts() });
