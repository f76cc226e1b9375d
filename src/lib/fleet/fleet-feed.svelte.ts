/**
 * The fleet's view as staff follow it, on the fleet page and the order board: `/api/fleet` read
 * every few seconds (a silent screen is news that no event announces: only time tells). A new
 * alert beeps (Web Audio, board/chime.ts), and beeps again at each reading until staff silence
 * it; silence lasts until an alert that was not there when they silenced it.
 */
import type { FleetAlerts } from '#lib/shared/fleet.ts';
import { systemTimers, type Timers } from '#lib/board/timers.ts';

export const FLEET_PATH = '/api/fleet';
const POLL_MS = 3_000;

export interface FleetFeedOptions {
	fetcher?: (url: string, init: RequestInit) => Promise<Response>;
	timers?: Pick<Timers, 'setTimeout' | 'clearTimeout' | 'now'>;
	pollMs?: number;
	/** Sounds the alert (the board's and the page's Web Audio); false when it could not. */
	beep: () => void;
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
	/** The alerts seen at the last reading: one not among them is new. */
	#seen: readonly string[] = [];
	#next: unknown = undefined;
	#running = false;

	constructor({ fetcher, timers = systemTimers, pollMs = POLL_MS, beep }: FleetFeedOptions) {
		this.#fetch = fetcher ?? ((url, init) => fetch(url, init));
		this.#timers = timers;
		this.#pollMs = pollMs;
		this.#beep = beep;
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
		this.silenced = true;
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
		if (keys.some((key) => !this.#seen.includes(key))) this.silenced = false;
		this.#seen = keys;
		this.view = view;
		this.readAt = this.#timers.now();
		if (keys.length > 0 && !this.silenced) this.#beep();
	}
}
