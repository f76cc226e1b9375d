/**
 * Work on one thing (a deposit code being validated) by one kiosk server at a time, for the
 * servers sharing a store: a lease named after the thing (store/job-leases.ts `claimLease`),
 * waited for while another server holds it, given up when the work ends. Its expiry frees the
 * thing should the holder die mid-work. Within one server the caller serialises first, so only
 * one of its tasks waits here per thing.
 */
import { randomUUID } from 'node:crypto';
import { claimLease, releaseLease } from './job-leases.ts';
import type { Store } from './store.ts';

export class LockTimeoutError extends Error {
	override name = 'LockTimeoutError';
}

export interface StoreLockOptions {
	/** How long a holder keeps the lock at most (it is given up at once when the work ends). */
	leaseMs: number;
	/** How long to wait for another server's holder before giving up. */
	waitMs: number;
	/** How often to try again while waiting. */
	retryMs?: number;
	now?: () => Date;
}

export class StoreLocks {
	readonly #store: Store;
	readonly #options: StoreLockOptions;
	readonly #owner = `lock-${randomUUID()}`;

	constructor(store: Store, options: StoreLockOptions) {
		this.#store = store;
		this.#options = options;
	}

	/** Runs `task` holding lock `name`; LockTimeoutError when another server kept it too long. */
	async run<T>(name: string, task: () => Promise<T>): Promise<T> {
		const { leaseMs, waitMs, retryMs = 100, now = () => new Date() } = this.#options;
		const lease = { name, owner: this.#owner };
		const deadline = Date.now() + waitMs;
		while (!(await claimLease(this.#store, { ...lease, now: now(), ms: leaseMs }))) {
			if (Date.now() >= deadline) throw new LockTimeoutError(`${name} is held elsewhere`);
			await new Promise((resolve) => setTimeout(resolve, retryMs));
		}
		try {
			return await task();
		} finally {
			await releaseLease(this.#store, lease);
		}
	}
}
