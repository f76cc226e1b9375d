/**
 * The one event of the platform (spec 2, Events): when an order reaches APPROVABLE the service
 * POSTs `{callback_url}?orderId=<id>` with no body, expects 200 promptly, and retries with
 * exponential backoff otherwise. The schedule is ours (spec: "not shown"): base delay × 2^(n−1),
 * at most `callbackMaxAttempts` attempts (by default 1 s and 8: docs/platform-assumptions.md).
 */
import type { SimState } from '../state.ts';
import { isoTime } from '../state.ts';

const CALLBACK_TIMEOUT_MS = 5_000;

/** Where callbacks for an order of `placeId` go: each ORDER device's own URL, or the default. */
export function callbackTargets(state: SimState, placeId: string): string[] {
	const urls = state.devices
		.filter((device) => device.enabled && device.placeId === placeId)
		.filter((device) => device.authorities.includes('ORDER'))
		.map((device) => state.callbackUrls.get(device.id) ?? state.callbackUrls.get('*'))
		.filter((url): url is string => url !== undefined);
	return [...new Set(urls)];
}

export class CallbackDispatcher {
	readonly #state: () => SimState;
	readonly #timers = new Set<ReturnType<typeof setTimeout>>();
	readonly #inFlight = new Set<AbortController>();

	constructor(state: () => SimState) {
		this.#state = state;
	}

	/** Sends the APPROVABLE callback for an order to every target, retrying in the background. */
	orderBecameApprovable(orderId: string, placeId: string): void {
		for (const url of callbackTargets(this.#state(), placeId)) {
			void this.#attempt(orderId, url, 1);
		}
	}

	/** Stops pending retries and open requests (on reset and shutdown). */
	cancelAll(): void {
		for (const timer of this.#timers) clearTimeout(timer);
		this.#timers.clear();
		for (const controller of this.#inFlight) controller.abort();
		this.#inFlight.clear();
	}

	async #attempt(orderId: string, url: string, attempt: number): Promise<void> {
		const state = this.#state();
		const target = new URL(url);
		target.searchParams.set('orderId', orderId);
		const controller = new AbortController();
		this.#inFlight.add(controller);
		const timeout = setTimeout(() => controller.abort(), CALLBACK_TIMEOUT_MS);
		let status: number;
		try {
			const response = await fetch(target, { method: 'POST', signal: controller.signal });
			status = response.status;
			await response.body?.cancel();
		} catch {
			status = 0;
		} finally {
			clearTimeout(timeout);
			this.#inFlight.delete(controller);
		}
		if (this.#state() !== state) return; // the simulator was reset meanwhile
		state.callbackAttempts.push({ orderId, url, status, attempt, at: isoTime(state.clock.now()) });
		if (status === 200 || attempt >= state.settings.callbackMaxAttempts) return;
		const delay = state.settings.callbackBaseDelayMs * 2 ** (attempt - 1);
		const timer = setTimeout(() => {
			this.#timers.delete(timer);
			void this.#attempt(orderId, url, attempt + 1);
		}, delay);
		timer.unref();
		this.#timers.add(timer);
	}
}
