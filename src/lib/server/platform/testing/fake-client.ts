/**
 * A platform client over a scripted fetch for unit tests: instant backoff (the waits are
 * recorded), jitter fixed at one half, and the call `failure` that expects a rejection.
 */
import { createPlatformClient } from '../client.ts';
import { fakeFetch, type Step } from './fake-fetch.ts';

export function fakeClient(steps: Step[], options: { apiKey: string; timeoutMs: number }) {
	const fake = fakeFetch(...steps);
	const sleeps: number[] = [];
	const client = createPlatformClient({
		baseUrl: 'https://platform.test',
		apiKey: options.apiKey,
		fetch: fake.fetch,
		sleep: async (ms) => void sleeps.push(ms),
		random: () => 0.5,
		timeoutMs: options.timeoutMs
	});
	return { client, calls: fake.calls, sleeps };
}

/** The error `promise` rejects with; a promise that resolves fails the test. */
export async function failure(promise: Promise<unknown>): Promise<any> {
	try {
		await promise;
	} catch (error) {
		return error;
	}
	throw new Error('expected a failure');
}
