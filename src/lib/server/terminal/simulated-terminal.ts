/**
 * The simulated terminal of demos and tests: "tap your card" on the kiosk screen, where the guest
 * (or a test) answers approve or decline for the pending reference; or a fixed outcome.
 * An unanswered payment is cancelled after `timeoutMs`. Its record lives in its own table (it
 * stands for a device of its own that outlives a crash of the kiosk server); a payment still
 * waiting when the server dies never completes, so the record does not know it: `not-found`.
 *
 * A payment waits in memory: the screen's answer settles it at once, and an answer that came
 * before its payment started waiting is handed over the moment the payment does. With several
 * kiosk servers behind a load balancer the answer may reach another server than the one
 * waiting: the two meet in the store (answer-rendezvous.ts, which says how); on one server
 * nothing is written or read for a wait, and no timer but the payment's timeout runs.
 */
import { touchedOne, type Store, type StoreDb } from '../store/store.ts';
import { rendezvousOf, type AnswerRendezvous } from './answer-rendezvous.ts';
import type {
	PaymentTerminal,
	RefundOutcome,
	TerminalOutcome,
	TerminalRecord,
	TerminalRequest
} from './payment-terminal.ts';

export class SimulatedTerminal implements PaymentTerminal {
	/** Part of a payment, or all of it, in one refund or several. */
	async partialRefundsOf(): Promise<boolean> {
		return true;
	}
	/** Payments waiting here: how to settle each. */
	readonly #pending = new Map<string, (outcome: TerminalOutcome) => void>();
	/**
	 * Answers given before their payment waited, told when a payment starts waiting (null: one
	 * may have, unheard).
	 */
	readonly #early = new Set<(reference: string | null) => void>();
	readonly #store: Store;
	readonly #rendezvous: AnswerRendezvous;
	readonly #timeoutMs: number;
	readonly #answerGraceMs: number;
	readonly #now: () => Date;
	fixedOutcome: TerminalOutcome | null;
	/** Tests: the next refunds fail. */
	refundsFail = false;

	constructor(
		store: Store,
		options: {
			fixedOutcome?: TerminalOutcome | null;
			timeoutMs?: number;
			/** With other servers: how often a waiting payment reads its row (answer-rendezvous.ts). */
			pollMs?: number;
			/** How long an answer looks for its payment before it is refused (see `answer`). */
			answerGraceMs?: number;
			/** With other servers: how often such an answer looks again. */
			answerRetryMs?: number;
			now?: () => Date;
		} = {}
	) {
		this.#store = store;
		this.#answerGraceMs = options.answerGraceMs ?? 2_000;
		this.fixedOutcome = options.fixedOutcome ?? null;
		this.#timeoutMs = options.timeoutMs ?? 120_000;
		this.#now = options.now ?? (() => new Date());
		this.#rendezvous = rendezvousOf(store, {
			pollMs: options.pollMs,
			answerRetryMs: options.answerRetryMs,
			timeoutMs: this.#timeoutMs,
			now: this.#now
		});
		this.#rendezvous.onStartElsewhere((reference) => this.#tellEarlyAnswers(reference));
	}

	/** Tells the answers waiting here that `reference` (null: any payment) started waiting. */
	#tellEarlyAnswers(reference: string | null): void {
		for (const started of [...this.#early]) started(reference);
	}

	async collect(request: TerminalRequest): Promise<TerminalOutcome> {
		const outcome = this.fixedOutcome ?? (await this.#waitForAnswer(request.reference));
		const recorded = {
			outcome: outcome === 'uncertain' ? ('unknown' as const) : outcome,
			at: this.#now().toISOString()
		};
		await this.#rendezvous.recorded(request.reference, (db: StoreDb) =>
			db
				.insertInto('simulated_terminal_payments')
				.values({
					reference: request.reference,
					amount_minor: request.amountMinor,
					currency_code: request.currencyCode,
					...recorded
				})
				.onConflict((conflict) => conflict.column('reference').doUpdateSet(recorded))
				.execute()
		);
		return outcome;
	}

	async lookup(reference: string): Promise<TerminalRecord> {
		return (await this.#row(reference))?.outcome ?? 'not-found';
	}

	/**
	 * A refund of part or all of an approved payment: one guarded update, so two refunds at once
	 * can never give back more than was paid.
	 */
	async refund(reference: string, amountMinor: number): Promise<RefundOutcome> {
		if (this.refundsFail || !Number.isSafeInteger(amountMinor) || amountMinor <= 0) {
			return 'failed';
		}
		const result = await this.#store.db
			.updateTable('simulated_terminal_payments')
			.set((eb) => ({ refunded_minor: eb('refunded_minor', '+', amountMinor) }))
			.where('reference', '=', reference)
			.where('outcome', '=', 'approved')
			.where((eb) => eb(eb('refunded_minor', '+', amountMinor), '<=', eb.ref('amount_minor')))
			.executeTakeFirst();
		return touchedOne(result) ? 'refunded' : 'failed';
	}

	async refundedMinor(reference: string): Promise<number | null> {
		// A payment the terminal never approved was never refunded: nothing was given back.
		return (await this.#row(reference))?.refunded_minor ?? 0;
	}

	/** Whether the payment under `reference` was refunded in full (tests, the crash test's invariants). */
	async refunded(reference: string): Promise<boolean> {
		const row = await this.#row(reference);
		return row !== undefined && row.refunded_minor > 0 && row.refunded_minor === row.amount_minor;
	}

	/**
	 * The screen's answer for a pending payment, by its reference or by the sale it belongs to
	 * (references are `<saleId>.<attempt>`), on whichever server waits for it; false when none is
	 * waiting. The sale shows "in payment" a moment before its server starts waiting for the
	 * card (the claim is saved first): an answer that comes in that moment — a quick tap, or
	 * another server's quicker store — looks again for up to `answerGraceMs` before it is refused.
	 */
	async answer(referenceOrSale: string, outcome: TerminalOutcome): Promise<boolean> {
		const giveUpAt = Date.now() + this.#answerGraceMs;
		// Watched from before the first look, so a payment that starts waiting meanwhile is seen.
		const starts = this.#watchStarts(referenceOrSale);
		try {
			for (;;) {
				if (await this.#answerWaiting(referenceOrSale, outcome)) return true;
				if (Date.now() >= giveUpAt) return false;
				// Looked for again only where a payment's start may go unheard (another server's).
				const left = giveUpAt - Date.now();
				await starts.next(Math.min(this.#rendezvous.answerRetryMs, left));
			}
		} finally {
			starts.stop();
		}
	}

	/**
	 * Payments of `referenceOrSale` that start waiting here: `next` resolves once one has since the
	 * last call, or after `ms` (one may have started waiting on another server).
	 */
	#watchStarts(referenceOrSale: string) {
		let seen = false;
		let wake = () => {};
		const started = (reference: string | null) => {
			if (reference !== null && !belongsTo(reference, referenceOrSale)) return;
			seen = true;
			wake();
		};
		this.#early.add(started);
		return {
			next: (ms: number) =>
				new Promise<void>((resolve) => {
					const timer = setTimeout(() => wake(), ms);
					wake = () => {
						clearTimeout(timer);
						seen = false;
						wake = () => {};
						resolve();
					};
					if (seen) wake();
				}),
			stop: () => void this.#early.delete(started)
		};
	}

	async #answerWaiting(referenceOrSale: string, outcome: TerminalOutcome): Promise<boolean> {
		const local = [...this.#pending.keys()].find((candidate) =>
			belongsTo(candidate, referenceOrSale)
		);
		if (local === undefined) return this.#rendezvous.answerElsewhere(referenceOrSale, outcome);
		this.#pending.get(local)?.(outcome);
		return true;
	}

	isPending(reference: string): boolean {
		return this.#pending.has(reference);
	}

	/** Waits for the screen's answer, here or (answer-rendezvous.ts) on another server. */
	async #waitForAnswer(reference: string): Promise<TerminalOutcome> {
		await this.#rendezvous.open(reference);
		return new Promise<TerminalOutcome>((resolve) => {
			let stopListening = () => {};
			const settle = (answer: TerminalOutcome) => {
				clearTimeout(timer);
				stopListening();
				this.#pending.delete(reference);
				resolve(answer);
			};
			const timer = setTimeout(() => settle('cancelled'), this.#timeoutMs);
			timer.unref?.();
			this.#pending.set(reference, settle);
			this.#tellEarlyAnswers(reference);
			stopListening = this.#rendezvous.listen(reference, settle);
		});
	}

	#row(reference: string) {
		return this.#store.db
			.selectFrom('simulated_terminal_payments')
			.select(['outcome', 'amount_minor', 'refunded_minor'])
			.where('reference', '=', reference)
			.executeTakeFirst();
	}
}

/** Whether payment `reference` is `referenceOrSale` or an attempt of that sale. */
function belongsTo(reference: string, referenceOrSale: string): boolean {
	return reference === referenceOrSale || reference.startsWith(`${referenceOrSale}.`);
}
