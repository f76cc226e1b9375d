/**
 * The service worker keeps the screens' pages as last seen in a cache of their own (kept across
 * versions); the page empties it when this browser shows no screen any more.
 */
/** The cache of the screens' pages as last seen (kept across versions). */
export const SCREENS_CACHE = 'screens';

/**
 * This browser shows no screen any more (the start page says it is not paired): the screens it
 * kept must not open offline. Called from the page; a no-op where there is no Cache API.
 */
export async function forgetScreens(): Promise<void> {
	if (typeof caches !== 'undefined') await caches.delete(SCREENS_CACHE);
}
