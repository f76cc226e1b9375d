/**
 * A screen's heartbeat (server: fleet/fleet.ts): what the screen knows of itself, sent to its
 * server at once when it starts, then as often as the server's answer says (every 15 s by
 * default), and at once when something in it changed (`changed`) — so staff see a frozen,
 * offline or paper-less screen on the fleet page before a guest tells them. The answer carries
 * what staff asked of the screen: reload, or out of order. A beat that finds no server is
 * repeated at the next interval; the server judges silence by the beats it did not get.
 */
import type { HeartbeatAnswer, ScreenReport } from '#lib/shared/fleet.ts';
import { systemTimers, type Timers } from '#lib/board/timers.ts';

export const HEARTBEAT_PATH = '/api/screen/heartbeat';
const DEFAULT_INTERVAL_MS = 15_000;

export interface HeartbeatOptions {
	/** What the screen knows now (asked at each beat). */
	report: () => ScreenReport;
	/** The server's answer, each time. */
	onAnswer: (answer: HeartbeatAnswer) => void;
	fetcher?: (url: string, init: RequestInit) => Promise<Response>;
	timers?: Pick<Timers, 'setTimeout' | 'clearTimeout'>;
}

export class Heartbeat {
	readonly #options: HeartbeatOptions;
	readonly #fetch: (url: string, init: RequestInit) => Promise<Response>;
	readonly #timers: Pick<Timers, 'setTimeout' | 'clearTimeout'>;
	#intervalMs = DEFAULT_INTERVAL_MS;
	#next: unknown = undefined;
	#running = false;

	constructor(options: HeartbeatOptions) {
		this.#options = options;
		this.#fetch = options.fetcher ?? ((url, init) => fetch(url, init));
		this.#timers = options.timers ?? systemTimers;
	}

	start(): void {
		if (this.#running) return;
		this.#running = true;
		this.#soon(0);
	}

	stop(): void {
		this.#running = false;
		this.#timers.clearTimeout(this.#next);
	}

	/** Something the report says changed: beat now. */
	changed(): void {
		this.#soon(0);
	}

	/** One beat now; resolves with the answer, or null when there was none. */
	async beat(): Promise<HeartbeatAnswer | null> {
		let answer: HeartbeatAnswer | null = null;
		try {
			const response = await this.#fetch(HEARTBEAT_PATH, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify(this.#options.report()),
				cache: 'no-store',
				signal: AbortSignal.timeout(5_000)
			});
			if (response.ok) answer = (await response.json()) as HeartbeatAnswer;
		} catch {
			// No server now: the next beat tries again.
		}
		if (answer) {
			this.#intervalMs = answer.nextBeatMs;
			this.#options.onAnswer(answer);
		}
		this.#soon(this.#intervalMs);
		return answer;
	}

	#soon(ms: number): void {
		if (!this.#running) return;
		this.#timers.clearTimeout(this.#next);
		this.#next = this.#timers.setTimeout(() => void this.beat(), ms);
	}
}

/** The battery where the browser tells (`navigator.getBattery`, Chromium only); null elsewhere. */
export interface BatteryReading {
	battery: number | null;
	charging: boolean | null;
}

interface BatteryLike extends EventTarget {
	level: number;
	charging: boolean;
}

/** Follows the battery, calling `changed` when it changes; the reading is kept in `reading`. */
export function followBattery(changed: () => void): { reading: BatteryReading } {
	const kept: { reading: BatteryReading } = { reading: { battery: null, charging: null } };
	const getBattery = (navigator as Navigator & { getBattery?: () => Promise<BatteryLike> })
		.getBattery;
	if (!getBattery) return kept;
	void getBattery
		.call(navigator)
		.then((battery) => {
			const read = () => {
				kept.reading = { battery: Math.round(battery.level * 100), charging: battery.charging };
				changed();
			};
			read();
			battery.addEventListener('chargingchange', read);
		})
		.catch(() => undefined);
	return kept;
}
