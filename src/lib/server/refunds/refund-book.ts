/**
 * Writes how a part of a refund ended: first on the sale (compare-and-set, taken up again when
 * another save came first), then on its journal entry. In this order a crash between the two
 * leaves the entry open with the outcome already on the sale, and settling it reads the sale
 * instead of calling anything again (refund-settlement.ts).
 */
import type { SaleRefund, SaleRefundOutcome } from '#lib/shared/refunds.ts';
import type { Journal, JournalStatus } from '../journal/journal.ts';
import type { Sale } from '../sales/sale.ts';
import { SaleConflictError, type SaleRepository } from '../sales/sale-repository.ts';
import { withOutcome } from './refund-records.ts';

/** Other saves of a sale are rare and short (a refund of it runs at a time): a few tries suffice. */
const SAVE_ATTEMPTS = 5;

export interface BookedOutcome {
	outcome: SaleRefundOutcome;
	errorCode: string | null;
	journal: { status: JournalStatus; errorCode?: string; result?: unknown };
}

export class RefundBook {
	readonly #sales: SaleRepository;
	readonly #journal: Journal;

	constructor(sales: SaleRepository, journal: Journal) {
		this.#sales = sales;
		this.#journal = journal;
	}

	async book(saleId: string, record: SaleRefund, booked: BookedOutcome): Promise<Sale> {
		const sale = await this.saveOutcome(saleId, record.id, booked.outcome, booked.errorCode);
		await this.#journal.settle(record.journalId, booked.journal.status, {
			errorCode: booked.journal.errorCode,
			result: booked.journal.result
		});
		return sale;
	}

	/** The record's outcome on the sale only (its journal entry stays as it is). */
	async saveOutcome(
		saleId: string,
		refundId: string,
		outcome: SaleRefundOutcome,
		errorCode: string | null
	): Promise<Sale> {
		for (let attempt = 1; ; attempt += 1) {
			const sale = await this.#sales.get(saleId);
			if (!sale) throw new Error(`sale ${saleId} is gone`);
			try {
				return await this.#sales.save(withOutcome(sale, refundId, outcome, errorCode));
			} catch (error) {
				if (!(error instanceof SaleConflictError) || attempt >= SAVE_ATTEMPTS) throw error;
			}
		}
	}
}
