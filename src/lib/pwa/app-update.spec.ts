import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppUpdate, type WorkboxLike } from './app-update.svelte.ts';

/** Something with listeners that the spec fires by hand. */
function listened<T extends object>(target: T) {
	const listeners = new Map<string, (() => void)[]>();
	return Object.assign(target, {
		addEventListener: vi.fn((type: string, listener: () => void) => {
			listeners.set(type, [...(listeners.get(type) ?? []), listener]);
		}),
		fire: (type: string) => listeners.get(type)?.forEach((listener) => listener())
	});
}

type FakeWorker = ReturnType<typeof fakeWorker>;
const fakeWorker = (state: string) => listened({ state });

/** The service worker registration: which worker is where, changed by the spec. */
function fakeRegistration() {
	const registration = listened({
		active: fakeWorker('activated') as FakeWorker | null,
		waiting: null as FakeWorker | null,
		installing: null as FakeWorker | null
	});
	return Object.assign(registration, {
		/** A new worker starts installing (an update found by anyone). */
		found(worker: FakeWorker) {
			registration.installing = worker;
			registration.fire('updatefound');
		},
		/** The installing worker has installed and waits. */
		installed() {
			const worker = registration.installing!;
			registration.installing = null;
			registration.waiting = worker;
			worker.state = 'installed';
			worker.fire('statechange');
		}
	});
}

/** workbox-window's Workbox as the spec drives it: events fired by hand, calls counted. */
function fakeWorkbox(registration = fakeRegistration()) {
	const workbox = listened({
		register: vi.fn(async () => registration),
		update: vi.fn(async () => undefined),
		messageSkipWaiting: vi.fn()
	});
	return { workbox, fire: workbox.fire, registration };
}

describe('AppUpdate', () => {
	beforeEach(() => vi.useFakeTimers());
	afterEach(() => vi.useRealTimers());

	async function started(pollMs = 60_000, registration = fakeRegistration()) {
		const { workbox, fire } = fakeWorkbox(registration);
		const reload = vi.fn();
		const update = new AppUpdate({
			workbox: async () => workbox as unknown as WorkboxLike,
			reload,
			pollMs
		});
		await update.start();
		return { update, workbox, fire, reload, registration };
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
		const { update, workbox, fire, reload, registration } = await started();
		update.apply(); // nothing waits yet
		expect(workbox.messageSkipWaiting).not.toHaveBeenCalled();
		registration.found(fakeWorker('installing'));
		expect(update.ready).toBe(false);
		registration.installed();
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

	it('a version found while the page loaded (installing before register resolved) is ready once installed', async () => {
		const registration = fakeRegistration();
		registration.installing = fakeWorker('installing');
		const { update } = await started(60_000, registration);
		expect(update.ready).toBe(false);
		registration.installed();
		expect(update.ready).toBe(true);
		update.stop();
	});

	it('a version already waiting when the page loads is ready at once', async () => {
		const registration = fakeRegistration();
		registration.waiting = fakeWorker('installed');
		const { update } = await started(60_000, registration);
		expect(update.ready).toBe(true);
		update.stop();
	});

	it('the first install (no active worker yet) is no new version', async () => {
		const registration = fakeRegistration();
		registration.active = null;
		const { update } = await started(60_000, registration);
		registration.found(fakeWorker('installing'));
		registration.installed();
		expect(update.ready).toBe(false);
		update.stop();
	});

	it('a worker that takes control without being applied (the first install) reloads nothing', async () => {
		const { update, fire, reload } = await started();
		fire('controlling');
		expect(reload).not.toHaveBeenCalled();
		update.stop();
	});
});
