/**
 * The platform calls the simulator received (`GET /_sim/requests`), so a test or a benchmark can
 * count what a client sends per sale. Control calls (`/_sim/…`) are not logged. Nothing secret is
 * kept: no header, no body, no query; the device is named by the id its API key belongs to.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { SimState } from './state.ts';

export interface LoggedRequest {
	method: string;
	/** The path without the query. */
	path: string;
	/** The device whose API key came with the call; null for a missing or unknown key. */
	deviceId: string | null;
	/** The status the simulator answered (or would have: see `dropped`). */
	status: number;
	/** A `drop` fault: the call took effect and the client got no answer. */
	dropped: boolean;
	/** Simulated time of the call (ISO 8601). */
	at: string;
}

/** The oldest entries go first beyond this, so a long-running demo does not grow without bound. */
const MAX_ENTRIES = 10_000;

export class RequestLog {
	#entries: LoggedRequest[] = [];

	record(entry: LoggedRequest): void {
		this.#entries.push(entry);
		if (this.#entries.length > MAX_ENTRIES) this.#entries.shift();
	}

	list(): LoggedRequest[] {
		return [...this.#entries];
	}

	clear(): void {
		this.#entries = [];
	}
}

/** The id of the device an `X-API-Key` belongs to (enabled or not), or null. */
export function deviceIdOf(state: SimState, headers: IncomingHttpHeaders): string | null {
	const apiKey = headers['x-api-key'];
	if (typeof apiKey !== 'string') return null;
	return state.devices.find((device) => device.apiKey === apiKey)?.id ?? null;
}
