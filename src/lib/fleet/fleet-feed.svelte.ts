/**
 * The fleet's view as staff follow it, on the fleet page and the order board: `/api/fleet` read
 * every few seconds (a silent screen is news that no event announces: only time tells). A new
 * alert beeps (Web Audio, board/chime.ts), and beeps again at each reading until staff silence
 * it; silence lasts until an alert that was not there when they silenced it. The screen remembers
 * the alerts it silenced in the browser's storage: a board reloaded (a new version, a tablet
 * woken) does not beep again for what staff already silenced, and an alert that cleared and came
 * back is new.
 */
import type { FleetAlerts } from '#lib/shared/fleet.ts';
import { browserStorage, type StorageLike } from '#lib/board/remembered-sound.svelte.ts';
import { systemTimers, type Timers } from '#lib/board/timers.ts';

export const FLEET_PATH = '/api/fleet';
const POLL_MS = 3_000;
/** Where a screen remembers the alerts staff silenced on it (their keys, as JSON). */
export const SILENCED_KEY = 'venue-kiosk:fleet-silenced';

export interface FleetFeedOptions {
	fetcher?: (url: string, init: RequestInit) => Promise<Response>;
	timers?: Pick<Timers, 'setTimeout' | 'clearTimeout' | 'now'>;
	pollMs?: number;
	/** Sounds the alert (the board's and the page's Web Audio); false when it could not. */
	beep: () => void;
	/** null: silence is not remembered. Default: the browser's localStorage. */
	storage?: StorageLike | null;
}

export class FleetFeed<View extends FleetAlerts> {
	view = $state<View | null>(null);
	/** When the last reading came (the clock of `timers`); null: none yet. */
	readAt = $state<number | null>(null);
	/** Staff silenced the alerts shown; a new one sounds again. */
	silenced = $state(false);

	readonly #fetch: (url: string, init: RequestInit) => Promise<Response>;
	readonly #timers: Pick<Timers, 'setTimeout' | 'clearTimeout' | 'now'>;
	readonly #pollMs: number;
	readonly #beep: () => void;
	readonly #storage: StorageLike | null;
	/** The alerts shown at the last reading: what Silence silences. */
	#shown: readonly string[] = [];
	/** The alerts staff silenced that are still there: one not among them is new. */
	#silencedKeys: readonly string[];
	#next: unknown = undefined;
	#running = false;

	constructor({
		fetcher,
		timers = systemTimers,
		pollMs = POLL_MS,
		beep,
		storage = browserStorage()
	}: FleetFeedOptions) {
		this.#fetch = fetcher ?? ((url, init) => fetch(url, init));
		this.#timers = timers;
		this.#pollMs = pollMs;
		this.#beep = beep;
		this.#storage = storage;
		this.#silencedKeys = this.#recall();
	}

	start(view: View | null = null): void {
		if (view) this.#take(view);
		if (this.#running) return;
		this.#running = true;
		void this.read();
	}

	stop(): void {
		this.#running = false;
		this.#timers.clearTimeout(this.#next);
	}

	silence(): void {
		this.#silencedKeys = this.#shown;
		this.silenced = true;
		this.#remember();
	}

	/** One reading now. */
	async read(): Promise<void> {
		try {
			const response = await this.#fetch(FLEET_PATH, { cache: 'no-store' });
			if (response.ok) this.#take((await response.json()) as View);
		} catch {
			// Out of reach: the page says how old its reading is.
		}
		if (!this.#running) return;
		this.#timers.clearTimeout(this.#next);
		this.#next = this.#timers.setTimeout(() => void this.read(), this.#pollMs);
	}

	#take(view: View): void {
		const keys = view.alerts.map((alert) => alert.key);
		const silenced = keys.every((key) => this.#silencedKeys.includes(key));
		const kept = silenced ? keys : [];
		if (kept.length !== this.#silencedKeys.length) {
			this.#silencedKeys = kept;
			this.#remember();
		}
		this.#shown = keys;
		this.silenced = keys.length > 0 && silenced;
		this.view = view;
		this.readAt = this.#timers.now();
		if (keys.length > 0 && !this.silenced) this.#beep();
	}

	#recall(): readonly string[] {
		try {
			const kept: unknown = JSON.parse(this.#storage?.getItem(SILENCED_KEY) ?? '[]');
			return Array.isArray(kept) ? kept.filter((key) => typeof key === 'string') : [];
		} catch {
			return [];
		}
	}

	#remember(): void {
		try {
			this.#storage?.setItem(SILENCED_KEY, JSON.stringify(this.#silencedKeys));
		} catch {
			// Storage refused (private mode, full): the silence holds until the next reload.
		}
	}
}
