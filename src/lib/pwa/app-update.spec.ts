import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppUpdate, type WorkboxLike } from './app-update.svelte.ts';

/** workbox-window's Workbox as the spec drives it: events fired by hand, calls counted. */
function fakeWorkbox() {
	const listeners = new Map<string, (() => void)[]>();
	const workbox = {
		addEventListener: vi.fn((type: string, listener: () => void) => {
			listeners.set(type, [...(listeners.get(type) ?? []), listener]);
		}),
		register: vi.fn(async () => undefined),
		update: vi.fn(async () => undefined),
		messageSkipWaiting: vi.fn()
	};
	const fire = (type: string) => listeners.get(type)?.forEach((listener) => listener());
	return { workbox, fire };
}

describe('AppUpdate', () => {
	beforeEach(() => vi.useFakeTimers());
	afterEach(() => vi.useRealTimers());

	async function started(pollMs = 60_000) {
		const { workbox, fire } = fakeWorkbox();
		const reload = vi.fn();
		const update = new AppUpdate({
			workbox: async () => workbox as unknown as WorkboxLike,
			reload,
			pollMs
		});
		await update.start();
		return { update, workbox, fire, reload };
	}

	it('registers the service worker once and asks for a new version every pollMs', async () => {
		const { update, workbox } = await started();
		await update.start();
		expect(workbox.register).toHaveBeenCalledTimes(1);
		await vi.advanceTimersByTimeAsync(180_000);
		expect(workbox.update).toHaveBeenCalledTimes(3);
		update.stop();
		await vi.advanceTimersByTimeAsync(180_000);
		expect(workbox.update).toHaveBeenCalledTimes(3);
	});

	it('a waiting version is ready; it takes over only when applied, and then the page reloads', async () => {
		const { update, workbox, fire, reload } = await started();
		update.apply(); // nothing waits yet
		expect(workbox.messageSkipWaiting).not.toHaveBeenCalled();
		fire('waiting');
		expect(update.ready).toBe(true);
		expect(workbox.messageSkipWaiting).not.toHaveBeenCalled();
		update.apply();
		update.apply();
		expect(workbox.messageSkipWaiting).toHaveBeenCalledTimes(1);
		expect(reload).not.toHaveBeenCalled();
		fire('controlling');
		expect(reload).toHaveBeenCalledTimes(1);
		update.stop();
	});

	it('a worker that takes control without being applied (the first install) reloads nothing', async () => {
		const { update, fire, reload } = await started();
		fire('controlling');
		expect(reload).not.toHaveBeenCalled();
		update.stop();
	});
});
