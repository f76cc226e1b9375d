import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CallbackLull } from './callback-lull.ts';

describe('CallbackLull', () => {
	beforeEach(() => vi.useFakeTimers());
	afterEach(() => vi.useRealTimers());

	const lull = () => new CallbackLull({ quietMs: 10, maxWaitMs: 200, now: () => Date.now() });

	/** When `quiet()` resolved, in fake ms from now, while `during` runs each ms. */
	async function settledAfter(subject: CallbackLull, during: (ms: number) => void = () => {}) {
		let settled: number | null = null;
		const started = Date.now();
		void subject.quiet().then(() => (settled = Date.now() - started));
		for (let ms = 0; ms < 1_000 && settled === null; ms += 1) {
			during(ms);
			await vi.advanceTimersByTimeAsync(1);
		}
		return settled;
	}

	it('does not wait when no callback came', async () => {
		const subject = lull();
		let settled = false;
		await subject.quiet().then(() => (settled = true));
		expect(settled).toBe(true);
	});

	it('waits until callbacks have been quiet for quietMs', async () => {
		const subject = lull();
		subject.callback();
		expect(await settledAfter(subject)).toBe(10);
		// A callback each ms up to 29 ms: ready 10 ms after the last.
		subject.callback();
		expect(await settledAfter(subject, (ms) => ms < 30 && subject.callback())).toBe(39);
	});

	it('waits no longer than maxWaitMs while callbacks keep coming', async () => {
		const subject = lull();
		subject.callback();
		expect(await settledAfter(subject, () => subject.callback())).toBe(200);
	});
});
