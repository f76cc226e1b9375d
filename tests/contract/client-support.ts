/**
 * Helpers for the platform-client contract tests: a typed client for a seed device of the
 * running simulator, fault injection, and a way to catch the typed error of a call.
 */
import { expect } from 'vitest';
import {
	createPlatformClient,
	type PlatformClient,
	type PlatformClientOptions
} from '#lib/server/platform/client.ts';
import { PlatformApiError } from '#lib/server/platform/errors.ts';
import type { Harness } from './harness.ts';

export function clientFor(
	sim: Harness,
	deviceId: string,
	options: Partial<PlatformClientOptions> = {}
): PlatformClient {
	return createPlatformClient({
		baseUrl: sim.url,
		apiKey: sim.device(deviceId).apiKey,
		// Short real backoff keeps retries realistic and the tests fast.
		sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.min(ms, 50))),
		...options
	});
}

/** A client with a key the platform does not know. */
export function strangerClient(sim: Harness): PlatformClient {
	return createPlatformClient({
		baseUrl: sim.url,
		apiKey: 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJub2JvZHkifQ.x'
	});
}

export async function caught(promise: Promise<unknown>): Promise<any> {
	try {
		await promise;
	} catch (error) {
		return error;
	}
	throw new Error('expected the call to fail');
}

/** Asserts a PlatformApiError with this status and errorCode (when given). */
export async function expectApiError(
	promise: Promise<unknown>,
	status: number,
	errorCode?: string
): Promise<PlatformApiError> {
	const error = await caught(promise);
	expect(error, String(error)).toBeInstanceOf(PlatformApiError);
	expect(error.status, String(error)).toBe(status);
	if (errorCode !== undefined) expect(error.errorCode).toBe(errorCode);
	expect(error.outcome).toBe('known');
	return error;
}

export interface FaultSpec {
	method?: string;
	path: string;
	mode: 'status' | 'delay' | 'drop';
	status?: number;
	delayMs?: number;
	count?: number;
}

export async function addFault(sim: Harness, fault: FaultSpec): Promise<void> {
	const result = await sim.control('POST', '/_sim/faults', fault);
	expect(result.status, JSON.stringify(result.body)).toBe(201);
}

/** Pending faults: `count` left of each. */
export async function pendingFaults(sim: Harness): Promise<{ path: string; count: number }[]> {
	return (await sim.control('GET', '/_sim/faults')).body;
}

export function sleep(ms: number): Promise<void> {
	return new Promise((resolve) => setTimeout(resolve, ms));
}
