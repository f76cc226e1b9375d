/**
 * A new version of the app, told to the screens. workbox-window registers the service worker
 * (SvelteKit's own registration is off: vite.config.ts) and reports a new worker that has
 * installed and waits (`ready`). Kiosk pages never close, so the server is also asked for a new
 * version every `pollMs`. The new version takes over only when a screen says so (`apply`): a
 * guest screen when it is idle — never mid-sale — and a staff screen when staff tap "reload";
 * the page reloads once the new worker controls it.
 */
import type { Workbox } from 'workbox-window';
import { dev } from '$app/env';

/** What AppUpdate uses of workbox-window's Workbox (a spec hands it a fake). */
export type WorkboxLike = Pick<
	Workbox,
	'addEventListener' | 'register' | 'update' | 'messageSkipWaiting'
>;

export interface AppUpdateOptions {
	/** Loads workbox-window on demand: not in any screen's initial JavaScript. */
	workbox?: () => Promise<WorkboxLike>;
	reload?: () => void;
	pollMs?: number;
}

export const SERVICE_WORKER_URL = '/service-worker.js';
const POLL_MS = 10 * 60 * 1000;

export class AppUpdate {
	/** A new version has installed and waits to take over. */
	ready = $state(false);

	readonly #load: () => Promise<WorkboxLike>;
	readonly #reload: () => void;
	readonly #pollMs: number;
	#workbox: WorkboxLike | null = null;
	#applying = false;
	#poll: ReturnType<typeof setInterval> | undefined;

	constructor({
		workbox = async () => {
			const { Workbox } = await import('workbox-window');
			// As SvelteKit registers it: a module while developing, one classic script when built.
			return new Workbox(SERVICE_WORKER_URL, { type: dev ? 'module' : 'classic' });
		},
		reload = () => window.location.reload(),
		pollMs = POLL_MS
	}: AppUpdateOptions = {}) {
		this.#load = workbox;
		this.#reload = reload;
		this.#pollMs = pollMs;
	}

	/** Registers the service worker and watches for new versions (once per page). */
	async start(): Promise<void> {
		if (this.#workbox) return;
		const workbox = (this.#workbox = await this.#load());
		// The new worker controls the page now: load this version's page.
		workbox.addEventListener('controlling', () => {
			if (this.#applying) this.#reload();
		});
		const registration = await workbox.register();
		if (registration) this.#watch(registration);
		this.#poll = setInterval(() => void workbox.update().catch(() => undefined), this.#pollMs);
	}

	/**
	 * A new version is ready once a worker waits beside the active one. Watched on the
	 * registration itself, not by workbox-window's `waiting` event: that hears only of workers
	 * that start installing after `register()` has resolved, so a version the browser found while
	 * this page loaded (its own update check on navigation, or another tab) would install unheard
	 * and the screen would never take it. A first install (no active worker) is no new version.
	 */
	#watch(registration: ServiceWorkerRegistration): void {
		const check = () => {
			if (registration.waiting && registration.active) this.ready = true;
		};
		const follow = (worker: ServiceWorker | null) => worker?.addEventListener('statechange', check);
		check();
		follow(registration.installing);
		registration.addEventListener('updatefound', () => follow(registration.installing));
	}

	/** Lets the waiting version take over; the page reloads when it does. */
	apply(): void {
		if (!this.ready || !this.#workbox || this.#applying) return;
		this.#applying = true;
		this.#workbox.messageSkipWaiting();
	}

	stop(): void {
		clearInterval(this.#poll);
	}
}

/** The page's one AppUpdate (the root layout starts it; screens read and apply it). */
export const appUpdate = new AppUpdate();
