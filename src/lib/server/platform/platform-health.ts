/**
 * Which parts of the platform the screens can use now — loyalty credits (spec 3) and deposits
 * (spec 1's container transactions) — learnt from how the platform's calls went, so that a part
 * that is out of reach is paused on the screens before a guest tries it (the kiosk: card only,
 * or no drinks in returnable cups; the return station: no returns), while the rest works.
 *
 * A call that got no answer (network, time-out) or a 5xx marks its part out of reach for
 * `pauseMs`; any answer of the platform (2xx, or a 4xx about the request) marks it reachable. After
 * the pause a part is offered again: deposits once a read of the deposit configuration (spec 1:
 * "cached and refreshed periodically"; a safe repeat) has answered, loyalty directly — spec 3 has
 * no read to ask with, so the next guest's preview (safe to repeat: X-Idempotency-Key) is the try.
 */
import { PlatformApiError, type PlatformClientError } from './errors.ts';
import type { OperationId } from './retry-policies.ts';

export type PlatformPart = 'loyalty' | 'deposits';

/** The platform's operations by the part of the screens they serve. */
const PART_OF: Partial<Record<OperationId, PlatformPart>> = {
	createCreditTransactionPreview: 'loyalty',
	updateCreditTransaction: 'loyalty',
	finalizeCreditTransactionPreview: 'loyalty',
	cancelCreditTransaction: 'loyalty',
	refundCreditTransactionByIntegration: 'loyalty',
	getRevoUnionConfigurationByIntegration: 'deposits',
	createHybridRevoTokenTransactionByIntegration: 'deposits',
	previewHybridRevoTokenTransactionByIntegration: 'deposits',
	validateHybridRevoTokenTransactionByIntegration: 'deposits'
};

/** No answer, or the platform said it cannot serve now (5xx). */
function outOfReach(error: PlatformClientError): boolean {
	if (error instanceof PlatformApiError) return error.status >= 500;
	return error.kind === 'network' || error.kind === 'timeout';
}

export interface PlatformHealthOptions {
	pauseMs: number;
	/** Reads the deposit configuration once (its outcome is observed like any call). */
	probeDeposits?: () => Promise<unknown>;
	now?: () => number;
}

export class PlatformHealth {
	readonly #pauseMs: number;
	readonly #probeDeposits: (() => Promise<unknown>) | undefined;
	readonly #now: () => number;
	/** When each part out of reach may be tried again. */
	readonly #pausedUntil = new Map<PlatformPart, number>();
	#probing: Promise<unknown> | null = null;

	constructor({ pauseMs, probeDeposits, now = () => Date.now() }: PlatformHealthOptions) {
		this.#pauseMs = pauseMs;
		this.#probeDeposits = probeDeposits;
		this.#now = now;
	}

	/** The outcome of one call (after its retries): `error` null when it was answered. */
	observe(operation: OperationId, error: PlatformClientError | null): void {
		const part = PART_OF[operation];
		if (!part) return;
		if (error && outOfReach(error)) this.#pausedUntil.set(part, this.#now() + this.#pauseMs);
		else this.#pausedUntil.delete(part);
	}

	/** Whether each part may be used now (deposits: a probe runs once the pause is over). */
	parts(): Record<PlatformPart, boolean> {
		return { loyalty: this.#usable('loyalty'), deposits: this.#usable('deposits') };
	}

	#usable(part: PlatformPart): boolean {
		const until = this.#pausedUntil.get(part);
		if (until === undefined) return true;
		if (this.#now() < until) return false;
		if (part === 'loyalty' || !this.#probeDeposits) return true;
		// Deposits stay paused until a read of the configuration has been answered.
		if (!this.#probing)
			this.#probing = this.#probeDeposits()
				.catch(() => undefined)
				.finally(() => (this.#probing = null));
		return false;
	}
}
