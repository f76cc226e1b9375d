/**
 * The card terminal behind split/external payment: an amount in minor units in, an outcome out.
 * `uncertain` means the terminal could not tell (lost connection mid-payment). Like a real
 * terminal (ZVT "status enquiry", OPI "repeat last message"), it keeps its own record of each
 * payment by reference, so the outcome of a payment whose answer was lost — or whose kiosk
 * server crashed while it waited — is looked up, never asked for again.
 */
import type { Store } from '../store/store.ts';

export type TerminalOutcome = 'approved' | 'declined' | 'cancelled' | 'uncertain';

/** What the terminal's record says of an earlier payment. */
export type TerminalRecord =
	| 'approved'
	| 'declined'
	| 'cancelled'
	/** No payment under this reference ever completed: the card was not charged. */
	| 'not-found'
	/** The terminal cannot tell either: a person must check. */
	| 'unknown';

export type RefundOutcome = 'refunded' | 'failed';

export interface TerminalRequest {
	/** One payment attempt; a retry of the same attempt reuses it. */
	reference: string;
	amountMinor: number;
	currencyCode: string;
}

export interface PaymentTerminal {
	collect(request: TerminalRequest): Promise<TerminalOutcome>;
	/** The terminal's record of the payment under `reference`. */
	lookup(reference: string): Promise<TerminalRecord>;
	/** Gives an approved payment back in full (a reversal). */
	refund(reference: string): Promise<RefundOutcome>;
}

/**
 * The simulated terminal of demos and tests: "tap your card" on the kiosk screen, where the guest
 * (or a test) answers approve or decline for the pending reference; or a fixed outcome.
 * An unanswered payment is cancelled after `timeoutMs`. Its record lives in its own table (it
 * stands for a device of its own that outlives a crash of the kiosk server); a payment still
 * waiting when the server dies never completes, so the record does not know it: `not-found`.
 */
export class SimulatedTerminal implements PaymentTerminal {
	readonly #pending = new Map<string, (outcome: TerminalOutcome) => void>();
	readonly #store: Store;
	readonly #timeoutMs: number;
	readonly #now: () => Date;
	fixedOutcome: TerminalOutcome | null;
	/** Tests: the next refunds fail. */
	refundsFail = false;

	constructor(
		store: Store,
		options: { fixedOutcome?: TerminalOutcome | null; timeoutMs?: number; now?: () => Date } = {}
	) {
		this.#store = store;
		this.fixedOutcome = options.fixedOutcome ?? null;
		this.#timeoutMs = options.timeoutMs ?? 120_000;
		this.#now = options.now ?? (() => new Date());
	}

	async collect(request: TerminalRequest): Promise<TerminalOutcome> {
		const outcome = this.fixedOutcome ?? (await this.#waitForAnswer(request.reference));
		const recorded = {
			outcome: outcome === 'uncertain' ? ('unknown' as const) : outcome,
			at: this.#now().toISOString()
		};
		await this.#store.db
			.insertInto('simulated_terminal_payments')
			.values({
				reference: request.reference,
				amount_minor: request.amountMinor,
				currency_code: request.currencyCode,
				...recorded
			})
			.onConflict((conflict) => conflict.column('reference').doUpdateSet(recorded))
			.execute();
		return outcome;
	}

	async lookup(reference: string): Promise<TerminalRecord> {
		return (await this.#row(reference))?.outcome ?? 'not-found';
	}

	async refund(reference: string): Promise<RefundOutcome> {
		const row = await this.#row(reference);
		if (this.refundsFail || row?.outcome !== 'approved') return 'failed';
		await this.#store.db
			.updateTable('simulated_terminal_payments')
			.set({ refunded: 1 })
			.where('reference', '=', reference)
			.execute();
		return 'refunded';
	}

	/** Whether the payment under `reference` was refunded (tests, the crash test's invariants). */
	async refunded(reference: string): Promise<boolean> {
		return (await this.#row(reference))?.refunded === 1;
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

	#waitForAnswer(reference: string): Promise<TerminalOutcome> {
		return new Promise((resolve) => {
			const timer = setTimeout(() => this.answer(reference, 'cancelled'), this.#timeoutMs);
			timer.unref?.();
			this.#pending.set(reference, (outcome) => {
				clearTimeout(timer);
				this.#pending.delete(reference);
				resolve(outcome);
			});
		});
	}

	#row(reference: string) {
		return this.#store.db
			.selectFrom('simulated_terminal_payments')
			.select(['outcome', 'refunded'])
			.where('reference', '=', reference)
			.executeTakeFirst();
	}
}
