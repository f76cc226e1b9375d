/**
 * The day report held against the journal (the report's totals equal the sum of the sales and of
 * the journal; docs/back-office.md, The day report): the card payments the journal recorded as
 * approved for the day's sales, and a succeeded finalize (spec 3: the credits deducted) for each
 * sale paid with credits. Where the two disagree, the page says so and staff look at the sales and
 * the journal.
 */
import type { JournalEntry } from '../journal/journal.ts';
import { JournalOperation } from '../journal/journal-operation.ts';
import type { Sale } from '../sales/sale.ts';

export interface JournalCheck {
	/** Approved card payments of the day's sales, per the journal. */
	cardCollectedMinor: number;
	/** Sales with credits, and of them those whose finalize the journal records as succeeded. */
	creditSales: number;
	creditSalesFinalized: number;
}

const settledWell = (entry: JournalEntry) =>
	entry.status === 'succeeded' || entry.status === 'resolved';

export function journalCheck(
	sales: readonly Sale[],
	entries: readonly JournalEntry[]
): JournalCheck {
	const ids = new Set(sales.map((sale) => sale.id));
	const mine = entries.filter((entry) => ids.has(entry.reference) && settledWell(entry));
	const cardCollectedMinor = mine
		.filter((entry) => entry.operation === JournalOperation.cardPayment)
		.reduce((sum, entry) => {
			const amount = (entry.request as { amountMinor?: unknown }).amountMinor;
			return sum + (typeof amount === 'number' ? amount : 0);
		}, 0);
	const finalized = new Set(
		mine
			.filter((entry) => entry.operation === JournalOperation.creditFinalize)
			.map((entry) => entry.reference)
	);
	const withCredits = sales.filter(
		(sale) => sale.credits !== null && sale.credits.creditsMinor > 0
	);
	return {
		cardCollectedMinor,
		creditSales: withCredits.length,
		creditSalesFinalized: withCredits.filter((sale) => finalized.has(sale.id)).length
	};
}
