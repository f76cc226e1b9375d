/**
 * What the service worker does with a request (src/service-worker). Screens must open when the
 * kiosk server or the network is gone, and nothing that moves money or reads live state may ever
 * come from a cache:
 * - this version's build files and static files: from the cache filled at install (they never
 *   change under their name), the network only for one missing;
 * - a page of a screen (ordering kiosk, return station, order board, pickup screen): from the
 *   network, and the last copy of it when the network fails or is too slow;
 * - `/screen` (the installed app's start page, which redirects to the paired mode's screen): from
 *   the network, else to the screen last shown;
 * - everything else from the network alone: every `/api` call (money calls, live feeds), a page's
 *   data (`__data.json`), form posts, setup pages (staff), other origins.
 */
const SCREEN_PATHS = ['/kiosk', '/return', '/board', '/pickup'] as const;
const START_PATH = '/screen';
export type CachePolicy =
	| { kind: 'network' }
	| { kind: 'asset'; path: string }
	| { kind: 'screen'; path: string }
	| { kind: 'start' };

export interface RequestFacts {
	method: string;
	url: string;
	/** `navigate` for a page the browser opens. */
	mode: string;
}

export function cachePolicy(
	request: RequestFacts,
	origin: string,
	precached: ReadonlySet<string>
): CachePolicy {
	const url = new URL(request.url);
	if (request.method !== 'GET' || url.origin !== origin) return { kind: 'network' };
	if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return { kind: 'network' };
	if (precached.has(url.pathname) && url.search === '')
		return { kind: 'asset', path: url.pathname };
	if (request.mode !== 'navigate') return { kind: 'network' };
	if (url.pathname === START_PATH) return { kind: 'start' };
	const screen = SCREEN_PATHS.find((path) => url.pathname === path);
	return screen ? { kind: 'screen', path: screen } : { kind: 'network' };
}

/** The absolute path of a file of the build manifest (`_app/…` or `/favicon.svg`). */
export function rootPath(path: string): string {
	return path.startsWith('/') ? path : `/${path}`;
}
