/**
 * The snapshot a guest screen shows: the page's own, or a newer one the screen kept (IndexedDB)
 * or fetched (its snapshot endpoint) — lib/pwa/screen-link.ts hands those in once the screen is
 * up. A newer snapshot is shown only while the screen is idle, so the menu never changes under
 * a guest's basket; `refresh` (the server said the menu changed) shows it at once.
 */
import { invalidateAll } from '$app/navigation';
import { newerSnapshot, type ScreenSnapshot } from '#lib/shared/screen-snapshot.ts';

export class ScreenData<S extends ScreenSnapshot> {
	readonly #page: () => S;
	readonly #idle: () => boolean;
	readonly #reload: () => Promise<void>;
	#kept: S | null = $state(null);
	/** Newer than what is shown, held until the screen is idle. */
	#waiting: S | null = null;
	/** Fetches a new snapshot and offers it (set once the screen's keeper runs). */
	#fetch: (() => Promise<S | null>) | null = null;

	/** The snapshot to show now. */
	readonly current: S;

	/**
	 * How often the keeper has fetched pictures to keep. Fetching an address takes its picture out
	 * of the browser's image cache (one resource per address), so the pictures kept ready for the
	 * screen (lib/kiosk/kept-pictures.svelte.ts) are loaded again after it.
	 */
	mediaFetches = $state(0);

	/**
	 * `page`: the load's snapshot; `idle`: whether a newer one may be shown now; `reload`: the
	 * page's data loaded again, where no keeper fetches snapshots (SvelteKit's `invalidateAll`).
	 */
	constructor(page: () => S, idle: () => boolean, reload: () => Promise<void> = invalidateAll) {
		this.#page = page;
		this.#idle = idle;
		this.#reload = reload;
		this.current = $derived(newerSnapshot(this.#page(), this.#kept));
	}

	/** A newer snapshot: shown now if the screen is idle, else once it is (`settle`). */
	offer(snapshot: S): void {
		if (this.#idle()) {
			this.#kept = snapshot;
			this.#waiting = null;
		} else this.#waiting = snapshot;
	}

	/** The screen is idle: show what waited. */
	settle(): void {
		if (!this.#waiting || !this.#idle()) return;
		this.#kept = this.#waiting;
		this.#waiting = null;
	}

	/** The keeper fetched pictures to keep (`mediaFetches`). */
	mediaFetched(): void {
		this.mediaFetches += 1;
	}

	/** Where fresh snapshots come from once the screen is up (lib/screen-data/keeper.ts). */
	fetchWith(fetch: () => Promise<S | null>): void {
		this.#fetch = fetch;
	}

	/**
	 * The server said what is shown is out of date (a product gone): show its newest at once,
	 * idle or not — the guest's basket is pruned against it.
	 */
	async refresh(): Promise<void> {
		if (!this.#fetch) return this.#reload();
		const fresh = await this.#fetch();
		if (fresh) {
			this.#kept = fresh;
			this.#waiting = null;
		}
	}
}
