/**
 * Contract-test harness: a fresh simulator on a free port per test file, reset before every
 * test, and small HTTP helpers. Everything goes over real HTTP, as a platform client would.
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import {
	startSimulator,
	type ListenOptions,
	type RunningSimulator
} from '@venue-kiosk/platform-sim/http-server.ts';

export interface HttpResult<Body = any> {
	status: number;
	body: Body;
	headers: Headers;
}

interface SeedDevice {
	id: string;
	name: string;
	apiKey: string;
	placeId: string;
	authorities: string[];
	enabled: boolean;
}

interface Seed {
	devices: SeedDevice[];
	places: { id: string; name: string; organizationId: string }[];
	wallets: { id: string; balance: number; currencyCode: string }[];
	products: {
		productId: string;
		name: string;
		grossPrice: number;
		vat: number;
		placeIds: string[];
		loyaltyDiscountPercent: number;
	}[];
	depositProducts: { productId: string; categoryId: string }[];
	desks: { id: string; placeId: string; type: string; name: string; enabled: boolean }[];
	transactionKeys: { key: string; walletId: string }[];
}

export interface RequestOptions {
	body?: unknown;
	/** Sent as is, for malformed-body tests. */
	rawBody?: string;
	headers?: Record<string, string>;
}

export interface Harness {
	readonly url: string;
	readonly running: RunningSimulator;
	readonly seed: Seed;
	/** A platform call with the API key of the seed device `deviceId` (none when null). */
	call(
		deviceId: string | null,
		method: string,
		path: string,
		options?: RequestOptions
	): Promise<HttpResult>;
	/** A control-API call (`/_sim/…`). */
	control(method: string, path: string, body?: unknown): Promise<HttpResult>;
	device(deviceId: string): SeedDevice;
}

export async function request(
	url: string,
	method: string,
	options: RequestOptions = {}
): Promise<HttpResult> {
	const headers: Record<string, string> = { ...options.headers };
	let body: string | undefined = options.rawBody;
	if (options.body !== undefined) {
		body = JSON.stringify(options.body);
		headers['content-type'] = 'application/json';
	}
	const response = await fetch(url, { method, headers, body });
	const text = await response.text();
	let parsed: unknown = text;
	try {
		parsed = text ? JSON.parse(text) : undefined;
	} catch {
		// not JSON: keep the text
	}
	return { status: response.status, body: parsed, headers: response.headers };
}

/** Starts one simulator for the file and resets it before each test. */
export function useSimulator(options: ListenOptions = {}): Harness {
	let running: RunningSimulator | undefined;
	let seed: Seed | undefined;
	const harness: Harness = {
		get url() {
			if (!running) throw new Error('simulator not started');
			return running.url;
		},
		get running() {
			if (!running) throw new Error('simulator not started');
			return running;
		},
		get seed() {
			if (!seed) throw new Error('simulator not started');
			return seed;
		},
		device(deviceId) {
			const found = harness.seed.devices.find((device) => device.id === deviceId);
			if (!found) throw new Error(`no seed device ${deviceId}`);
			return found;
		},
		call(deviceId, method, path, options = {}) {
			const headers = { ...options.headers };
			if (deviceId !== null) headers['X-API-Key'] = harness.device(deviceId).apiKey;
			return request(harness.url + path, method, { ...options, headers });
		},
		control(method, path, body) {
			return request(harness.url + path, method, { body });
		}
	};
	beforeAll(async () => {
		running = await startSimulator({ port: 0, ...options });
		seed = (await harness.control('GET', '/_sim/seed')).body as Seed;
	});
	afterAll(async () => {
		await running?.close();
	});
	beforeEach(async () => {
		await harness.control('POST', '/_sim/reset');
		await harness.control('DELETE', '/_sim/faults');
	});
	return harness;
}

/** Asserts nothing; extracts the error code of an envelope for readable expectations. */
export function errorCodeOf(result: HttpResult): string | undefined {
	return result.body?.errorModel?.errorCode;
}
