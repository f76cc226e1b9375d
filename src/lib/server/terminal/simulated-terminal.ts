/**
 * The simulated terminal of demos and tests: "tap your card" on the kiosk screen, where the guest
 * (or a test) answers approve or decline for the pending reference; or a fixed outcome.
 * An unanswered payment is cancelled after `timeoutMs`. Its record lives in its own table (it
 * stands for a device of its own that outlives a crash of the kiosk server); a payment still
 * waiting when the server dies never completes, so the record does not know it: `not-found`.
 *
 * On one server (SQLite: the store's one writer) a payment waits in memory alone: the screen's
 * answer settles it at once, and an answer that came before its payment started waiting is
 * handed over the moment the payment does, by an in-process event. Nothing is written or read
 * for the wait, and no timer but the payment's timeout runs.
 *
 * With several kiosk servers behind a load balancer (a store shared with other servers), the
 * screen's answer may reach another server than the one waiting: a waiting payment is also a row
 * in the store, the answer is written into it, and the waiting server hears of it by a change
 * notice (store/change-notices.ts) — or, should that be lost, by reading the row again every
 * `pollMs`. An early answer given to another server hears of its payment by the notice a payment
 * publishes when it starts waiting; only should that notice be lost is the row looked for again,
 * every `answerRetryMs`.
 */
import { sharedWithOtherServers, touchedOne, type Store, type StoreDb } from '../store/store.ts';
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
	/** Payments waiting here: how to settle each, and how to read its row for an answer. */
	readonly #pending = new Map<
		string,
		{ settle(outcome: TerminalOutcome): void; readAnswer(): void }
	>();
	/**
	 * Answers given before their payment waited, told when a payment starts waiting (null: one
	 * may have, unheard).
	 */
	readonly #early = new Set<(reference: string | null) => void>();
	readonly #store: Store;
	/** Other servers may wait for payments or take their answers (the rows and notices). */
	readonly #shared: boolean;
	readonly #pollMs: number;
	readonly #timeoutMs: number;
	readonly #answerGraceMs: number;
	readonly #answerRetryMs: number;
	readonly #now: () => Date;
	fixedOutcome: TerminalOutcome | null;
	/** Tests: the next refunds fail. */
	refundsFail = false;

	constructor(
		store: Store,
		options: {
			fixedOutcome?: TerminalOutcome | null;
			timeoutMs?: number;
			pollMs?: number;
			/** How long an answer looks for its payment before it is refused (see `answer`). */
			answerGraceMs?: number;
			/** How often such an answer looks again, should a payment's start go unheard. */
			answerRetryMs?: number;
			now?: () => Date;
		} = {}
	) {
		this.#store = store;
		this.#shared = sharedWithOtherServers(store);
		this.#pollMs = options.pollMs ?? 1_000;
		this.#answerGraceMs = options.answerGraceMs ?? 2_000;
		this.#answerRetryMs = options.answerRetryMs ?? 500;
		this.fixedOutcome = options.fixedOutcome ?? null;
		this.#timeoutMs = options.timeoutMs ?? 120_000;
		this.#now = options.now ?? (() => new Date());
		if (!this.#shared) return;
		// Listened to from the start, not per payment: a notice sent before a listener's LISTEN
		// took effect would go unheard. Payments that start waiting on another server (this
		// one's are told directly), and answers written into the rows of payments waiting here.
		store.notices.subscribe(WAIT_TOPIC, {
			notice: (reference) => this.#tellEarlyAnswers(reference),
			reconnected: () => this.#tellEarlyAnswers(null)
		});
		store.notices.subscribe(NOTICE_TOPIC, {
			notice: (reference) => this.#pending.get(reference)?.readAnswer(),
			reconnected: () => {
				for (const waiting of this.#pending.values()) waiting.readAnswer();
			}
		});
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
		const record = (db: StoreDb) =>
			db
				.insertInto('simulated_terminal_payments')
				.values({
					reference: request.reference,
					amount_minor: request.amountMinor,
					currency_code: request.currencyCode,
					...recorded
				})
				.onConflict((conflict) => conflict.column('reference').doUpdateSet(recorded))
				.execute();
		if (!this.#shared) await record(this.#store.db);
		else {
			// The terminal's record, and the wait's row gone: one commit.
			await this.#store.db.transaction().execute(async (db) => {
				await db
					.deleteFrom('simulated_terminal_waits')
					.where('reference', '=', request.reference)
					.execute();
				await record(db);
			});
		}
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
				await starts.next(this.#shared ? Math.min(this.#answerRetryMs, left) : left);
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
		if (local !== undefined) {
			this.#pending.get(local)?.settle(outcome);
			return true;
		}
		if (!this.#shared) return false;
		const since = new Date(this.#now().getTime() - this.#timeoutMs).toISOString();
		// Lazily, as the waiting row itself: an answer lost in a power cut lets the payment time
		// out, charging nothing.
		const answered = await this.#store.writeLazily((db) =>
			db
				.updateTable('simulated_terminal_waits')
				.set({ answer: outcome })
				.where((eb) =>
					eb.or([
						eb('reference', '=', referenceOrSale),
						eb('reference', 'like', `${referenceOrSale.replaceAll(/[%_\\]/g, '')}.%`)
					])
				)
				.where('answer', 'is', null)
				.where('started_at', '>', since)
				.returning('reference')
				.execute()
		);
		for (const { reference } of answered) {
			await this.#store.notices.publish(NOTICE_TOPIC, reference);
		}
		return answered.length > 0;
	}

	isPending(reference: string): boolean {
		return this.#pending.has(reference);
	}

	/**
	 * Waits for the screen's answer. With other servers, the waiting row is written lazily (Store
	 * `writeLazily`): it only lets another server's answer find this payment, and one lost in a
	 * power cut leaves the payment to time out, charging nothing. `collect` removes it with the
	 * outcome's record.
	 */
	async #waitForAnswer(reference: string): Promise<TerminalOutcome> {
		if (this.#shared) await this.#writeWaitingRow(reference);
		return new Promise<TerminalOutcome>((resolve) => {
			const stop = () => {
				clearTimeout(timer);
				clearInterval(poll);
				this.#pending.delete(reference);
			};
			const settle = (answer: TerminalOutcome) => {
				stop();
				resolve(answer);
			};
			// An answer given to another server: written into the row, announced by a notice.
			const readAnswer = () => {
				this.#answerOf(reference).then(
					(answer) => answer && settle(answer),
					() => {} // the store is busy or closing: the next poll reads again
				);
			};
			const timer = setTimeout(() => settle('cancelled'), this.#timeoutMs);
			const poll = this.#shared ? setInterval(readAnswer, this.#pollMs) : undefined;
			timer.unref?.();
			poll?.unref?.();
			this.#pending.set(reference, { settle, readAnswer });
			this.#tellEarlyAnswers(reference);
			if (!this.#shared) return;
			// An answer given to another server meanwhile: it looks for this payment now.
			this.#store.notices.publish(WAIT_TOPIC, reference).catch(() => {});
			// An answer written into the row before this wait listened, its notice gone unheard.
			readAnswer();
		});
	}

	#writeWaitingRow(reference: string): Promise<unknown> {
		return this.#store.writeLazily((db) =>
			db
				.insertInto('simulated_terminal_waits')
				.values({ reference, answer: null, started_at: this.#now().toISOString() })
				.onConflict((conflict) =>
					conflict
						.column('reference')
						.doUpdateSet({ answer: null, started_at: this.#now().toISOString() })
				)
				.execute()
		);
	}

	async #answerOf(reference: string): Promise<TerminalOutcome | null> {
		const row = await this.#store.db
			.selectFrom('simulated_terminal_waits')
			.select('answer')
			.where('reference', '=', reference)
			.executeTakeFirst();
		return row?.answer ?? null;
	}

	#row(reference: string) {
		return this.#store.db
			.selectFrom('simulated_terminal_payments')
			.select(['outcome', 'amount_minor', 'refunded_minor'])
			.where('reference', '=', reference)
			.executeTakeFirst();
	}
}

/** The change notices of answers given to waiting payments. */
const NOTICE_TOPIC = 'terminal_answer';

/** The change notices of payments that start waiting for an answer. */
const WAIT_TOPIC = 'terminal_wait';

/** Whether payment `reference` is `referenceOrSale` or an attempt of that sale. */
function belongsTo(reference: string, referenceOrSale: string): boolean {
	return reference === referenceOrSale || reference.startsWith(`${referenceOrSale}.`);
}
