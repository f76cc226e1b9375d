import { json } from '@sveltejs/kit';
import type { RequestHandler } from './$types';

/**
 * "Is the kiosk server there?" for the screens (lib/pwa/server-reachability.svelte.ts): an answer
 * at all is the news. Never cached, by the browser or the service worker (it is under /api).
 */
export const GET: RequestHandler = () =>
	json({ up: true }, { headers: { 'cache-control': 'no-store' } });
