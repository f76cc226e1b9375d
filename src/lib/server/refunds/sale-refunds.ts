/**
 * Staff refunds of a paid guest sale (docs/back-office.md, Refunds): the credits through spec 3's
 * `refundCreditTransactionByIntegration`, an amount of the card payment through the terminal —
 * or each alone.
 *
 *   confirm → check against the offer → intent on the sale + journal entries (one transaction)
 *   → card refund → its outcome → credit refund → its outcome
 *
 * Invariants: nothing is refunded twice. A confirmation's `requestId` is recorded with its
 * intent, compare-and-set, before anything is sent, so a double submit or a retried POST — on
 * this server or another — finds it and sends nothing. Every call is journaled and its intent is
 * on the sale before it goes out, so a crash at any point leaves a record to settle
 * (refund-settlement.ts), never a reason to send again blindly; a lost answer is settled by a
 * read-back (card) or by repeating once and reading the answer with decideLostRefund (credits:
 * spec 3 gives the refund no idempotency key and no read-back). One refund of a sale runs at a
 * time. The card goes first: it can be refused (a terminal offline) and tried again, while the
 * credit refund is final and once only — so the credits go back only once the card part did.
 */
import type { RefundOffer, RefundStaffTask, SaleRefund } from '#lib/shared/refunds.ts';
import type { Journal, JournalEntry } from '../journal/journal.ts';
import { JournalOperation } from '../journal/journal-operation.ts';
import type { PlatformClient, PlatformFor } from '../platform/client.ts';
import type { Sale } from '../sales/sale.ts';
import { SaleLocks } from '../sales/sale-locks.ts';
import { SaleConflictError, type SaleRepository } from '../sales/sale-repository.ts';
import type { StoreDb } from '../store/store.ts';
import type { PaymentTerminal, RefundOutcome } from '../terminal/payment-terminal.ts';
import { earliestFinalize } from './finalize-time.ts';
import { RefundBook } from './refund-book.ts';
import type { CardRefundEntry, CreditRefundEntry } from './refund-entries.ts';
import { creditCallFailure, RefundError } from './refund-error.ts';
import { cardAmountProblem, refundOffer } from './refund-offer.ts';
import { recordOf, recordsOf, refundIdOf } from './refund-records.ts';
import { parseActor, parseRefundRequest, type RefundRequest } from './refund-request.ts';
import { RefundSettlement, type SettledOutcome } from './refund-settlement.ts';
import { refundStaffTasks } from './refund-staff-task.ts';

export { RefundError } from './refund-error.ts';
export type { RefundRequest } from './refund-request.ts';

export interface SaleRefundsDependencies {
	sales: SaleRepository;
	journal: Journal;
	platformFor: PlatformFor;
	terminal: PaymentTerminal;
	/** Runs `work` in one store transaction: a refund's intent commits with its journal entries. */
	inTransaction<T>(work: (db: StoreDb) => Promise<T>): Promise<T>;
	now?: () => Date;
}

/** The parts of one confirmation as they stand; null: not asked for. */
export interface RefundResult {
	sale: Sale;
	credits: SaleRefund | null;
	card: SaleRefund | null;
}

/** Intents lost to another save of the sale are written again on a fresh read; rare, so a few tries. */
const INTENT_ATTEMPTS = 5;

const OPEN_REFUND_OPERATIONS: readonly string[] = [
	JournalOperation.creditRefund,
	JournalOperation.cardRefund
];

export class SaleRefunds {
	readonly #deps: SaleRefundsDependencies;
	readonly #book: RefundBook;
	readonly #settlement: RefundSettlement;
	/** One step of a sale's refunds at a time here; across servers the sale's version decides. */
	readonly #locks = new SaleLocks();

	constructor(dependencies: SaleRefundsDependencies) {
		this.#deps = dependencies;
		this.#book = new RefundBook(dependencies.sales, dependencies.journal);
		this.#settlement = new RefundSettlement({
			sales: dependencies.sales,
			journal: dependencies.journal,
			terminal: dependencies.terminal,
			book: this.#book,
			now: () => this.#now()
		});
	}

	/** What staff may refund of `sale` at `now`: the credits (and the time left) and the card. */
	async offer(sale: Sale, now: Date = this.#now()): Promise<RefundOffer> {
		return refundOffer(
			sale,
			await earliestFinalize(this.#deps.journal, sale),
			now,
			await this.#partialCardRefunds(sale)
		);
	}

	/**
	 * A sale's page: what may be refunded at `now`, and what staff must check of the refund parts
	 * only a person can settle — from one reading of the finalize.
	 */
	async offerAndTasks(
		sale: Sale,
		now: Date = this.#now()
	): Promise<{ offer: RefundOffer; tasks: RefundStaffTask[] }> {
		const finalizedAt = await earliestFinalize(this.#deps.journal, sale);
		return {
			offer: refundOffer(sale, finalizedAt, now, await this.#partialCardRefunds(sale)),
			tasks: refundStaffTasks(sale, finalizedAt)
		};
	}

	/**
	 * Refunds what `request` asks (checked here: RefundError when it cannot be done, with nothing
	 * recorded or sent). Returns the parts as they ended — `refunded`, `failed` with a reason
	 * code, `uncertain` (a lost answer: settled later, see `settleOpen`) or `needs-staff`. The
	 * same `requestId` again returns the first confirmation's parts as they stand and sends
	 * nothing; another try after a failure needs a new `requestId`.
	 */
	async refund(saleId: string, request: RefundRequest, actor: string): Promise<RefundResult> {
		const parsed = parseRefundRequest(request);
		const who = parseActor(actor);
		return this.#locks.run(saleId, () => this.#refund(saleId, parsed, who));
	}

	/**
	 * Settles the sale's refund parts left open — a lost answer, a crash — as far as this server
	 * can take their journal entries now (Journal.claim: never one another server is sending or
	 * settling). For the sale page's "check again"; the journal resolver does the same
	 * periodically through `settleEntry`.
	 */
	settleOpen(saleId: string): Promise<Sale> {
		return this.#locks.run(saleId, async () => {
			const entries = await this.#deps.journal.list({ reference: saleId, limit: 10_000 });
			// Oldest first: a confirmation's card entry precedes its credit entry.
			for (const entry of entries.reverse()) {
				if (!OPEN_REFUND_OPERATIONS.includes(entry.operation)) continue;
				if (entry.status !== 'pending' && entry.status !== 'uncertain') continue;
				if (!(await this.#deps.journal.claim(entry))) continue;
				const settled = await this.#settlement.settle(entry, await this.#platformOf(entry));
				if (settled === null || settled === 'still-open') {
					await this.#deps.journal.release(entry.id);
				}
			}
			return this.#get(saleId);
		});
	}

	/**
	 * The journal resolver's hook (resolver.ts), for an entry it holds: settles a staff refund's
	 * part; null for any other entry.
	 */
	settleEntry(
		entry: JournalEntry,
		platform: PlatformClient | undefined
	): Promise<SettledOutcome | null> {
		return this.#locks.run(entry.reference, () => this.#settlement.settle(entry, platform));
	}

	async #refund(saleId: string, request: RefundRequest, actor: string): Promise<RefundResult> {
		const { sale, fresh } = await this.#recordIntent(saleId, request, actor);
		if (!fresh) return resultOf(sale, request.requestId);
		let current = sale;
		const card = recordOf(current, refundIdOf(request.requestId, 'card'));
		if (card) current = await this.#refundCard(current, card);
		const credits = recordOf(current, refundIdOf(request.requestId, 'credits'));
		if (credits) {
			const cardDone = !card || recordOf(current, card.id)?.outcome === 'refunded';
			current = cardDone
				? await this.#refundCredits(current, credits)
				: await this.#book.book(saleId, credits, {
						outcome: 'failed',
						errorCode: 'not-sent',
						journal: {
							status: 'resolved',
							errorCode: 'not-sent',
							result: { resolvedBy: 'not-sent' }
						}
					});
		}
		return resultOf(current, request.requestId);
	}

	/**
	 * Writes the confirmation's intent — a `pending` record per part, each with its journal entry,
	 * in one transaction and compare-and-set on the sale — unless the sale has it already (`fresh`
	 * false: a double submit; nothing more is sent).
	 */
	async #recordIntent(
		saleId: string,
		request: RefundRequest,
		actor: string
	): Promise<{ sale: Sale; fresh: boolean }> {
		for (let attempt = 1; ; attempt += 1) {
			const sale = await this.#get(saleId);
			if (recordsOf(sale, request.requestId).length > 0) return { sale, fresh: false };
			checkAgainst(await this.offer(sale), request);
			// The terminal's total before this refund: what settles it if its answer is lost.
			const refundedBeforeMinor =
				request.cardMinor > 0
					? await this.#deps.terminal.refundedMinor(sale.payment!.reference)
					: null;
			try {
				const saved = await this.#deps.inTransaction((db) =>
					this.#writeIntent(db, sale, request, actor, refundedBeforeMinor)
				);
				return { sale: saved, fresh: true };
			} catch (error) {
				// Saved meanwhile (the same confirmation on another server, a checkout step): read again.
				if (!(error instanceof SaleConflictError) || attempt >= INTENT_ATTEMPTS) throw error;
			}
		}
	}

	async #writeIntent(
		db: StoreDb,
		sale: Sale,
		request: RefundRequest,
		actor: string,
		refundedBeforeMinor: number | null
	): Promise<Sale> {
		const journal = this.#deps.journal;
		const { currencyCode } = sale.quote;
		const base = {
			requestId: request.requestId,
			comment: request.comment ?? null,
			actor,
			at: this.#now().toISOString(),
			outcome: 'pending' as const,
			errorCode: null
		};
		const records: SaleRefund[] = [];
		if (request.cardMinor > 0) {
			const entry: CardRefundEntry = {
				refundId: refundIdOf(request.requestId, 'card'),
				requestId: request.requestId,
				amountMinor: request.cardMinor,
				currencyCode,
				actor,
				reference: sale.payment!.reference,
				refundedBeforeMinor
			};
			const journalId = await journal.begin(
				{
					deviceId: sale.deviceId,
					operation: JournalOperation.cardRefund,
					reference: sale.id,
					request: entry
				},
				db
			);
			records.push({
				...base,
				id: entry.refundId,
				kind: 'card',
				amountMinor: entry.amountMinor,
				journalId
			});
		}
		if (request.credits) {
			const entry: CreditRefundEntry = {
				refundId: refundIdOf(request.requestId, 'credits'),
				requestId: request.requestId,
				amountMinor: sale.credits!.creditsMinor,
				currencyCode,
				actor,
				transactionId: sale.credits!.transactionId,
				comment: base.comment
			};
			const journalId = await journal.begin(
				{
					deviceId: sale.deviceId,
					operation: JournalOperation.creditRefund,
					reference: sale.id,
					request: entry
				},
				db
			);
			records.push({
				...base,
				id: entry.refundId,
				kind: 'credits',
				amountMinor: entry.amountMinor,
				journalId
			});
		}
		return this.#deps.sales.save({ ...sale, refunds: [...sale.refunds, ...records] }, db);
	}

	async #refundCard(sale: Sale, record: SaleRefund): Promise<Sale> {
		const { reference } = sale.payment!;
		let answer: RefundOutcome;
		try {
			answer = await this.#deps.terminal.refund(reference, record.amountMinor);
		} catch {
			// The adapter lost the terminal mid-call: it may have refunded.
			answer = 'uncertain';
		}
		if (answer === 'refunded') {
			return this.#book.book(sale.id, record, {
				outcome: 'refunded',
				errorCode: null,
				journal: { status: 'succeeded' }
			});
		}
		if (answer === 'failed') {
			return this.#book.book(sale.id, record, {
				outcome: 'failed',
				errorCode: 'card-refund-failed',
				journal: { status: 'failed', errorCode: 'card-refund-failed' }
			});
		}
		const entry = await this.#deps.journal.get(record.journalId);
		const request = entry?.request as CardRefundEntry;
		return (await this.#settlement.card(sale, record, request)).sale;
	}

	async #refundCredits(sale: Sale, record: SaleRefund): Promise<Sale> {
		const { transactionId } = sale.credits!;
		const platform = await this.#deps.platformFor(sale.deviceId);
		try {
			await platform.credits.refund(
				transactionId,
				record.comment === null ? {} : { comment: record.comment }
			);
		} catch (error) {
			const failure = creditCallFailure(error);
			return this.#book.book(sale.id, record, {
				outcome: failure.outcome,
				errorCode: failure.errorCode,
				journal: { status: failure.outcome, errorCode: failure.platformCode }
			});
		}
		return this.#book.book(sale.id, record, {
			outcome: 'refunded',
			errorCode: null,
			journal: { status: 'succeeded' }
		});
	}

	async #platformOf(entry: JournalEntry): Promise<PlatformClient | undefined> {
		try {
			return await this.#deps.platformFor(entry.deviceId);
		} catch {
			return undefined;
		}
	}

	async #get(saleId: string): Promise<Sale> {
		const sale = await this.#deps.sales.get(saleId);
		if (!sale) throw new RefundError('sale-not-found');
		return sale;
	}

	#now(): Date {
		return this.#deps.now?.() ?? new Date();
	}

	/** Whether the terminal that took the sale's card payment gives back part of it. */
	#partialCardRefunds(sale: Sale): Promise<boolean> {
		return sale.payment
			? this.#deps.terminal.partialRefundsOf(sale.payment.reference)
			: Promise.resolve(true);
	}
}

/** The request against what may be refunded now: RefundError with the reason when it cannot be. */
function checkAgainst(offer: RefundOffer, request: RefundRequest): void {
	if (request.credits && offer.credits.reason) throw new RefundError(offer.credits.reason);
	const cardProblem = request.cardMinor > 0 && cardAmountProblem(offer.card, request.cardMinor);
	if (cardProblem) throw new RefundError(cardProblem);
}

function resultOf(sale: Sale, requestId: string): RefundResult {
	return {
		sale,
		credits: recordOf(sale, refundIdOf(requestId, 'credits')) ?? null,
		card: recordOf(sale, refundIdOf(requestId, 'card')) ?? null
	};
}
