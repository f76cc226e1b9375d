/**
 * The service worker: this version's files are cached at install, so that every screen and the
 * chunks it loads on demand (scanner, dialogs) open with no network; the screens' pages are kept
 * as last seen; nothing else is ever answered from a cache (lib/pwa/cache-policy.ts says which
 * request is which, and why). A screen's page the worker did not see load — the browser's first,
 * loaded before the worker was there, or one reached without a page load — is fetched and kept
 * when the page says it is shown (lib/pwa/keep-page.ts), so a kiosk loaded once and then cut off
 * still opens.
 */
import { version } from '$app/env';
import { assets, immutable } from '$app/manifest';
import { self } from '$app/service-worker';
import { cachePolicy, rootPath } from '../lib/pwa/cache-policy.ts';
import { KEEP_PAGE } from '../lib/pwa/keep-page.ts';
import { SCREENS_CACHE } from '../lib/pwa/screens-cache.ts';

/** The files of this version; a new version installs its own and drops the old. */
const FILES = `files-${version}`;
/** The screens' pages as last seen, kept across versions (a new version refreshes them). */
const SCREENS = SCREENS_CACHE;
/** The path of the screen last shown, where an offline `/screen` goes. */
const LAST_SCREEN = '/.last-screen';
/** A screen's page that has not come after this long is shown from the cache, if there is one. */
const SCREEN_WAIT_MS = 4_000;

const PRECACHED = new Set([...immutable, ...assets].map(({ path }) => rootPath(path)));

self.addEventListener('install', (event) => {
	event.waitUntil(caches.open(FILES).then((cache) => cache.addAll([...PRECACHED])));
});

self.addEventListener('activate', (event) => {
	event.waitUntil(
		caches
			.keys()
			.then((keys) =>
				Promise.all(
					keys.filter((key) => key !== FILES && key !== SCREENS).map((key) => caches.delete(key))
				)
			)
	);
});

// A new version waits until a screen lets it take over (lib/pwa/app-update.svelte.ts): a guest
// screen when idle, a staff screen when staff tap "reload". workbox-window sends this message.
self.addEventListener('message', (event) => {
	const type = (event.data as { type?: unknown } | null)?.type;
	if (type === 'SKIP_WAITING') void self.skipWaiting();
	else if (type === KEEP_PAGE && event.source instanceof Client) {
		event.waitUntil(keepUnseen(event.source.url));
	}
});

self.addEventListener('fetch', (event) => {
	const policy = cachePolicy(event.request, self.location.origin, PRECACHED);
	switch (policy.kind) {
		case 'asset':
			event.respondWith(fromFiles(event.request));
			break;
		case 'screen':
			event.respondWith(screen(event.request, policy.path));
			break;
		case 'start':
			event.respondWith(start(event.request));
			break;
		case 'network':
			// Not answered here: the browser asks the network as if there were no service worker.
			break;
	}
});

async function fromFiles(request: Request): Promise<Response> {
	return (await caches.match(request, { cacheName: FILES })) ?? fetch(request);
}

/** The network's page, kept for later; the kept one when the network fails or takes too long. */
async function screen(request: Request, path: string): Promise<Response> {
	const cache = await caches.open(SCREENS);
	const fresh = fetch(request).then((response) => keep(cache, path, response));

	const kept = await cache.match(path);
	if (!kept) return fresh;
	const answered = fresh.catch(() => null);
	const late = new Promise<null>((resolve) => setTimeout(() => resolve(null), SCREEN_WAIT_MS));
	return (await Promise.race([answered, late])) ?? kept;
}

/**
 * Keeps the page of the screen a client shows, unless one is kept already (the worker saw it
 * load). Best effort: without a network there is nothing to keep, and the client is not harmed.
 */
async function keepUnseen(url: string): Promise<void> {
	const policy = cachePolicy(
		{ method: 'GET', url, mode: 'navigate' },
		self.location.origin,
		PRECACHED
	);
	if (policy.kind !== 'screen') return;
	const cache = await caches.open(SCREENS);
	if (await cache.match(policy.path)) return;
	try {
		await keep(cache, policy.path, await fetch(policy.path, { headers: { accept: 'text/html' } }));
	} catch {
		// Offline already: the next load of the screen with a network keeps it.
	}
}

/**
 * Keeps `response` as the page of the screen at `path`: only a page the server rendered for this
 * screen, not an error. A redirect says this browser is not paired as that screen (any more): its
 * kept page goes.
 */
async function keep(cache: Cache, path: string, response: Response): Promise<Response> {
	if (response.ok && !response.redirected && response.type === 'basic') {
		await cache.put(path, response.clone());
		await cache.put(LAST_SCREEN, new Response(path));
	} else if (response.type === 'opaqueredirect' || response.redirected) {
		await cache.delete(path);
	}
	return response;
}

/** `/screen` from the network (it sends a paired browser to its screen); offline, the last screen. */
async function start(request: Request): Promise<Response> {
	try {
		return await fetch(request);
	} catch (error) {
		const last = await (await caches.open(SCREENS)).match(LAST_SCREEN);
		if (!last) throw error;
		return Response.redirect(new URL(await last.text(), self.location.origin).href, 303);
	}
}
