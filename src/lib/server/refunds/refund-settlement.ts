/**
 * Settles a part of a staff refund whose answer is not recorded: lost (timeout, dropped
 * connection, 5xx), or cut off by a crash at any point after its intent was saved. Nothing is
 * guessed and nothing is sent blindly again:
 * - the outcome already on the sale (a crash between saving it and settling the journal) is
 *   copied to the journal, without calling anything;
 * - a card part is read back from the terminal's own total (lost-card-refund.ts), never asked
 *   again (a terminal refund carries no reference of its own);
 * - a credit part is repeated once per lost answer and the answer read by decideLostRefund
 *   (lost-refund.ts): spec 3's refund has no idempotency key and no read-back, so the repeat is
 *   the only reading; a repeat that refunds means the first never took effect.
 * The caller holds the entry (Journal.claim, or it sent the call itself): no other server
 * repeats it meanwhile.
 */
import type { SaleRefund } from '#lib/shared/refunds.ts';
import type { Journal, JournalEntry } from '../journal/journal.ts';
import type { PlatformClient } from '../platform/client.ts';
import type { Sale } from '../sales/sale.ts';
import type { SaleRepository } from '../sales/sale-repository.ts';
import type { PaymentTerminal } from '../terminal/payment-terminal.ts';
import { earliestFinalize } from './finalize-time.ts';
import { decideLostCardRefund } from './lost-card-refund.ts';
import { decideLostRefund, type RepeatOutcome } from './lost-refund.ts';
import type { RefundBook } from './refund-book.ts';
import type { CardRefundEntry, CreditRefundEntry } from './refund-entries.ts';
import { staffRefundEntry } from './refund-entries.ts';
import { repeatOutcomeOf } from './refund-error.ts';
import { isOpenRefund, recordOf, refundIdOf } from './refund-records.ts';

/** As the journal resolver counts an entry it worked on. */
export type SettledOutcome = 'resolved' | 'needs-staff' | 'still-open';

export interface Settled {
	sale: Sale;
	settled: SettledOutcome;
}

export interface RefundSettlementDependencies {
	sales: SaleRepository;
	journal: Journal;
	terminal: PaymentTerminal;
	book: RefundBook;
	now: () => Date;
}

export class RefundSettlement {
	readonly #deps: RefundSettlementDependencies;

	constructor(dependencies: RefundSettlementDependencies) {
		this.#deps = dependencies;
	}

	/**
	 * Settles an open journal entry of a staff refund; null when the entry is not one (it is left
	 * to the resolver's usual handling). `platform`: the client of the entry's device, if it
	 * still exists.
	 */
	async settle(
		entry: JournalEntry,
		platform: PlatformClient | undefined
	): Promise<SettledOutcome | null> {
		const parsed = staffRefundEntry(entry);
		if (!parsed) return null;
		const sale = await this.#deps.sales.get(entry.reference);
		const record = sale && recordOf(sale, parsed.request.refundId);
		if (!sale || !record || record.journalId !== entry.id) {
			// The intent and its entry commit together (sale-refunds.ts): this cannot happen unless
			// the sale was removed by hand.
			await this.#deps.journal.settle(entry.id, 'needs-staff', {
				errorCode: 'refund-record-missing'
			});
			return 'needs-staff';
		}
		if (!isOpenRefund(record)) return this.#fromRecord(entry, record);
		const { settled } =
			parsed.kind === 'card'
				? await this.card(sale, record, parsed.request)
				: await this.#credits(entry, sale, record, parsed.request, platform);
		return settled;
	}

	/** A card part without a certain answer: the terminal's total before and now decide. */
	async card(sale: Sale, record: SaleRefund, request: CardRefundEntry): Promise<Settled> {
		let afterMinor: number | null;
		try {
			afterMinor = await this.#deps.terminal.refundedMinor(request.reference);
		} catch {
			// The terminal cannot be reached now: read again on a later pass.
			return this.#stillOpen(sale, record, 'card-outcome-unknown', 'terminal-unreachable');
		}
		const evidence = {
			resolvedBy: 'terminal-record',
			beforeMinor: request.refundedBeforeMinor,
			afterMinor
		};
		switch (decideLostCardRefund(request.refundedBeforeMinor, afterMinor, record.amountMinor)) {
			case 'refunded':
				return this.#givenBack(sale, record, evidence);
			case 'not-refunded':
				return this.#notGivenBack(sale, record, 'card-refund-failed', evidence);
			case 'staff':
				return this.#forStaff(sale, record, 'card-outcome-unknown', {
					errorCode: 'card-outcome-unknown',
					result: evidence
				});
		}
	}

	async #credits(
		entry: JournalEntry,
		sale: Sale,
		record: SaleRefund,
		request: CreditRefundEntry,
		platform: PlatformClient | undefined
	): Promise<Settled> {
		// Card before credits (sale-refunds.ts): the credits are sent only once the card part of
		// the same confirmation was given back. Until that is settled they wait; if it was not
		// given back, the credits were never sent.
		const card = recordOf(sale, refundIdOf(record.requestId, 'card'));
		if (card && isOpenRefund(card)) return { sale, settled: 'still-open' };
		if (card && card.outcome !== 'refunded')
			return this.#notGivenBack(sale, record, 'not-sent', { resolvedBy: 'not-sent' });
		if (!platform)
			return this.#forStaff(sale, record, 'outcome-unknown', { errorCode: 'device-removed' });
		const finalizedAt =
			(await earliestFinalize(this.#deps.journal, sale)) ?? new Date(sale.createdAt);
		await this.#deps.journal.retrying(entry.id);
		let repeat: RepeatOutcome;
		try {
			await platform.credits.refund(
				request.transactionId,
				request.comment === null ? {} : { comment: request.comment }
			);
			repeat = 'refunded';
		} catch (error) {
			repeat = repeatOutcomeOf(error);
		}
		// Taken after the answer: the latest the platform can have judged the window.
		const repeatedAt = this.#deps.now();
		const evidence = {
			resolvedBy: 'repeat',
			repeat,
			finalizedNotBefore: finalizedAt.toISOString(),
			repeatedAt: repeatedAt.toISOString()
		};
		switch (decideLostRefund(repeat, finalizedAt, repeatedAt)) {
			case 'refunded':
				return this.#givenBack(sale, record, evidence);
			case 'not-settled':
				return this.#stillOpen(sale, record, 'outcome-unknown', 'no-answer');
			case 'staff':
				return this.#forStaff(sale, record, 'outcome-unknown', {
					errorCode: repeat,
					result: evidence
				});
		}
	}

	/** The outcome is on the sale already (a crash before its journal entry was settled). */
	async #fromRecord(entry: JournalEntry, record: SaleRefund): Promise<SettledOutcome> {
		const needsStaff = record.outcome === 'needs-staff';
		await this.#deps.journal.settle(entry.id, needsStaff ? 'needs-staff' : 'resolved', {
			errorCode: record.errorCode ?? undefined,
			result: { resolvedBy: 'sale-record', outcome: record.outcome }
		});
		return needsStaff ? 'needs-staff' : 'resolved';
	}

	/** Settled: the part was given back. `evidence`: what showed it, for the journal. */
	async #givenBack(sale: Sale, record: SaleRefund, evidence: object): Promise<Settled> {
		const booked = await this.#deps.book.book(sale.id, record, {
			outcome: 'refunded',
			errorCode: null,
			journal: { status: 'resolved', result: evidence }
		});
		return { sale: booked, settled: 'resolved' };
	}

	/** Settled: nothing was given back, for the reason `errorCode`. */
	async #notGivenBack(
		sale: Sale,
		record: SaleRefund,
		errorCode: string,
		evidence: object
	): Promise<Settled> {
		const booked = await this.#deps.book.book(sale.id, record, {
			outcome: 'failed',
			errorCode,
			journal: { status: 'resolved', errorCode, result: evidence }
		});
		return { sale: booked, settled: 'resolved' };
	}

	/** Not to be settled by reading: a person checks (`errorCode` tells them what, on the sale). */
	async #forStaff(
		sale: Sale,
		record: SaleRefund,
		errorCode: string,
		journal: { errorCode: string; result?: object }
	): Promise<Settled> {
		const booked = await this.#deps.book.book(sale.id, record, {
			outcome: 'needs-staff',
			errorCode,
			journal: { status: 'needs-staff', ...journal }
		});
		return { sale: booked, settled: 'needs-staff' };
	}

	/** No reading yet: the record says uncertain, the entry stays open for a later pass. */
	async #stillOpen(
		sale: Sale,
		record: SaleRefund,
		errorCode: string,
		journalCode: string
	): Promise<Settled> {
		const current = await this.#deps.book.saveOutcome(sale.id, record.id, 'uncertain', errorCode);
		await this.#deps.journal.settle(record.journalId, 'uncertain', { errorCode: journalCode });
		return { sale: current, settled: 'still-open' };
	}
}
