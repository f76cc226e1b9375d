/**
 * Whether this screen can reach its kiosk server, for the screens that must pause what needs it
 * (ordering, returns) instead of failing half-way — and, from the server's answer, whether the
 * platform's loyalty credits and deposits can be used now (paused one by one). The browser's own online/offline events say
 * only whether there is a network; a server that is down, or a network that drops what it sends,
 * shows only by asking: a small request to `/api/health` (never cached) every `upMs` while
 * reachable, every `downMs` while not, at once when the browser says it is back online, and when
 * a call of the screen failed for want of a connection (`unreachable()`).
 */
import { systemTimers, type Timers } from '#lib/board/timers.ts';

export const HEALTH_PATH = '/api/health';

/** The platform's parts the screens pause one by one (server: platform/platform-health.ts). */
export interface PlatformParts {
	loyalty: boolean;
	deposits: boolean;
}

const ALL_PARTS: PlatformParts = { loyalty: true, deposits: true };

/** The health answer's `platform`; anything else counts as "all usable" (the calls still say). */
function partsOf(body: unknown): PlatformParts {
	const platform = (body as { platform?: Partial<Record<keyof PlatformParts, unknown>> } | null)
		?.platform;
	return {
		loyalty: platform?.loyalty !== false,
		deposits: platform?.deposits !== false
	};
}

export interface ReachabilityOptions {
	fetcher?: (url: string, init: RequestInit) => Promise<Response>;
	timers?: Pick<Timers, 'setTimeout' | 'clearTimeout'>;
	/** Where online/offline events come from (the window); null: none. */
	network?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> | null;
	/** Whether the browser has a network now (`navigator.onLine`), asked at `start`. */
	online?: () => boolean;
	upMs?: number;
	downMs?: number;
	/** A probe not answered after this long counts as unreachable. */
	probeTimeoutMs?: number;
}

export class ServerReachability {
	reachable = $state(true);
	/** Which parts of the platform the server can use now (as of the last answer). */
	platform: PlatformParts = $state(ALL_PARTS);

	readonly #fetch: (url: string, init: RequestInit) => Promise<Response>;
	readonly #timers: Pick<Timers, 'setTimeout' | 'clearTimeout'>;
	readonly #network: ReachabilityOptions['network'];
	readonly #isOnline: () => boolean;
	readonly #upMs: number;
	readonly #downMs: number;
	readonly #probeTimeoutMs: number;
	#next: unknown = undefined;
	#running = false;
	readonly #offline = () => this.unreachable();
	readonly #online = () => this.#probeSoon(0);

	constructor({
		fetcher = (url, init) => fetch(url, init),
		timers = systemTimers,
		network = typeof window === 'undefined' ? null : window,
		online = () => typeof navigator === 'undefined' || navigator.onLine !== false,
		upMs = 15_000,
		downMs = 3_000,
		probeTimeoutMs = 4_000
	}: ReachabilityOptions = {}) {
		this.#fetch = fetcher;
		this.#timers = timers;
		this.#network = network;
		this.#isOnline = online;
		this.#upMs = upMs;
		this.#downMs = downMs;
		this.#probeTimeoutMs = probeTimeoutMs;
	}

	start(): void {
		if (this.#running) return;
		this.#running = true;
		this.#network?.addEventListener('offline', this.#offline);
		this.#network?.addEventListener('online', this.#online);
		// Started without a network (a kiosk switched on while the venue's network is down).
		if (!this.#isOnline()) this.unreachable();
		else this.#probeSoon(this.#upMs);
	}

	stop(): void {
		this.#running = false;
		this.#network?.removeEventListener('offline', this.#offline);
		this.#network?.removeEventListener('online', this.#online);
		this.#timers.clearTimeout(this.#next);
	}

	/** A call found no connection (or the browser went offline): paused until a probe answers. */
	unreachable(): void {
		this.reachable = false;
		this.#probeSoon(this.#downMs);
	}

	/** A call found part of the platform unavailable: ask the server now what is paused. */
	check(): void {
		this.#probeSoon(0);
	}

	/** Asks the server now; resolves whether it answered. */
	async probe(): Promise<boolean> {
		let answered: boolean;
		try {
			const response = await this.#fetch(HEALTH_PATH, {
				cache: 'no-store',
				signal: AbortSignal.timeout(this.#probeTimeoutMs)
			});
			answered = response.ok;
			if (answered) this.platform = partsOf(await response.json().catch(() => null));
		} catch {
			answered = false;
		}
		this.reachable = answered;
		// While anything is paused, ask often: the screen resumes soon after it is back.
		const allUp = answered && this.platform.loyalty && this.platform.deposits;
		this.#probeSoon(allUp ? this.#upMs : this.#downMs);
		return answered;
	}

	#probeSoon(ms: number): void {
		if (!this.#running) return;
		this.#timers.clearTimeout(this.#next);
		this.#next = this.#timers.setTimeout(() => void this.probe(), ms);
	}
}
