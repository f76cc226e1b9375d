/**
 * The day report held against the journal (the report's totals equal the sum of the sales and of
 * the journal; docs/back-office.md, The day report): the card payments the journal recorded as
 * approved for the day's sales, and a succeeded finalize (spec 3: the credits deducted) for each
 * sale paid with credits. Where the two disagree, the page says so and staff look at the sales and
 * the journal. Counted in the store with the report's sums (day-report-sums.ts): every sale paid
 * in the period counts, and a journal entry counts when it succeeded or was resolved.
 */

export interface JournalCheck {
	/** Approved card payments of the day's sales, per the journal. */
	cardCollectedMinor: number;
	/** Sales with credits, and of them those whose finalize the journal records as succeeded. */
	creditSales: number;
	creditSalesFinalized: number;
}

/** The statuses of a journal entry whose call went through. */
export const SETTLED_WELL = ['succeeded', 'resolved'] as const;

/** The amount a card payment's journaled request (JSON) asked for; 0 if it names none. */
export function askedAmount(request: string): number {
	const amount = (JSON.parse(request) as { amountMinor?: unknown } | null)?.amountMinor;
	return typeof amount === 'number' ? amount : 0;
}
