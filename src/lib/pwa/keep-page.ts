/**
 * A screen's page tells the service worker it is shown, so that the worker keeps it even when it
 * did not see it load: the browser's first load comes before the worker is installed, and a
 * screen reached from another page without a page load is no request of the worker's at all.
 * Without this a kiosk loaded once and then cut off could not open again (src/service-worker).
 */

/** The message that asks the service worker to keep the page of the client that sends it. */
export const KEEP_PAGE = 'KEEP_PAGE';

/** Once a service worker is active (at once, or when the first one has installed), asks it. */
export async function keepThisPage(): Promise<void> {
	const registration = await navigator.serviceWorker.ready;
	registration.active?.postMessage({ type: KEEP_PAGE });
}
