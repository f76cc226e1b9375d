/**
 * The card terminal behind split/external payment: an amount in minor units in, an outcome out.
 * `uncertain` means the terminal could not tell (lost connection mid-payment): the guest may
 * have paid, so nothing is finalized or issued and staff are asked to check.
 */
export type TerminalOutcome = 'approved' | 'declined' | 'cancelled' | 'uncertain';

export interface TerminalRequest {
	/** One payment attempt; a retry of the same attempt reuses it. */
	reference: string;
	amountMinor: number;
	currencyCode: string;
}

export interface PaymentTerminal {
	collect(request: TerminalRequest): Promise<TerminalOutcome>;
}

/**
 * The simulated terminal of demos and tests: "tap your card" on the kiosk screen, where the guest
 * (or a test) answers approve or decline for the pending reference; or a fixed outcome.
 * An unanswered payment is cancelled after `timeoutMs`.
 */
export class SimulatedTerminal implements PaymentTerminal {
	readonly #pending = new Map<string, (outcome: TerminalOutcome) => void>();
	readonly #timeoutMs: number;
	fixedOutcome: TerminalOutcome | null;

	constructor(options: { fixedOutcome?: TerminalOutcome | null; timeoutMs?: number } = {}) {
		this.fixedOutcome = options.fixedOutcome ?? null;
		this.#timeoutMs = options.timeoutMs ?? 120_000;
	}

	collect(request: TerminalRequest): Promise<TerminalOutcome> {
		if (this.fixedOutcome) return Promise.resolve(this.fixedOutcome);
		return new Promise((resolve) => {
			const timer = setTimeout(() => this.answer(request.reference, 'cancelled'), this.#timeoutMs);
			timer.unref?.();
			this.#pending.set(request.reference, (outcome) => {
				clearTimeout(timer);
				this.#pending.delete(request.reference);
				resolve(outcome);
			});
		});
	}

	/**
	 * The screen's answer for a pending payment, by its reference or by the sale it belongs to
	 * (references are `<saleId>.<attempt>`); false when none is pending.
	 */
	answer(referenceOrSale: string, outcome: TerminalOutcome): boolean {
		const reference = [...this.#pending.keys()].find(
			(candidate) => candidate === referenceOrSale || candidate.startsWith(`${referenceOrSale}.`)
		);
		const settle = reference === undefined ? undefined : this.#pending.get(reference);
		settle?.(outcome);
		return settle !== undefined;
	}

	isPending(reference: string): boolean {
		return this.#pending.has(reference);
	}
}
