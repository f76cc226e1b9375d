/**
 * How the platform answered each device lately, as this server saw it (in memory: another
 * server's network path is its own). The board warns from it instead of showing a quiet,
 * stale queue. (Which parts of the platform the guest screens may use now is another question:
 * platform/platform-health.ts.)
 */
import { PlatformApiError } from '../platform/errors.ts';

export interface DeviceHealth {
	lastAnswerAt: string | null;
	/** The last call failed without an answer (unreachable, timed out, 5xx, the key refused). */
	failing: boolean;
}

export class DeviceHealthTracker {
	readonly #devices = new Map<string, DeviceHealth>();
	readonly #now: () => Date;

	constructor(now: () => Date = () => new Date()) {
		this.#now = now;
	}

	/** The platform answered (a 2xx, or a 4xx about the request itself). */
	answered(deviceId: string): void {
		this.#devices.set(deviceId, { lastAnswerAt: this.#now().toISOString(), failing: false });
	}

	/** A call failed: it counts against the platform unless the platform answered it. */
	failed(deviceId: string, error: unknown): void {
		if (answeredAnyway(error)) return this.answered(deviceId);
		const known = this.#devices.get(deviceId);
		this.#devices.set(deviceId, { lastAnswerAt: known?.lastAnswerAt ?? null, failing: true });
	}

	of(deviceId: string): DeviceHealth {
		return this.#devices.get(deviceId) ?? { lastAnswerAt: null, failing: false };
	}
}

/** A 4xx other than 401/429 is the platform answering about one request: it is up. */
function answeredAnyway(error: unknown): boolean {
	if (!(error instanceof PlatformApiError)) return false;
	return error.status >= 400 && error.status < 500 && error.status !== 401 && error.status !== 429;
}
