/**
 * Whether this screen can reach its kiosk server, for the screens that must pause what needs it
 * (ordering, returns) instead of failing half-way. The browser's own online/offline events say
 * only whether there is a network; a server that is down, or a network that drops what it sends,
 * shows only by asking: a small request to `/api/health` (never cached) every `upMs` while
 * reachable, every `downMs` while not, at once when the browser says it is back online, and when
 * a call of the screen failed for want of a connection (`unreachable()`).
 */
import { systemTimers, type Timers } from '#lib/board/timers.ts';

export const HEALTH_PATH = '/api/health';

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

	/** Asks the server now; resolves whether it answered. */
	async probe(): Promise<boolean> {
		let answered: boolean;
		try {
			const response = await this.#fetch(HEALTH_PATH, {
				cache: 'no-store',
				signal: AbortSignal.timeout(this.#probeTimeoutMs)
			});
			answered = response.ok;
		} catch {
			answered = false;
		}
		this.reachable = answered;
		this.#probeSoon(answered ? this.#upMs : this.#downMs);
		return answered;
	}

	#probeSoon(ms: number): void {
		if (!this.#running) return;
		this.#timers.clearTimeout(this.#next);
		this.#next = this.#timers.setTimeout(() => void this.probe(), ms);
	}
}
