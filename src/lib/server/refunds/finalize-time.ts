/**
 * The earliest the platform can have finalized a sale's credit transaction, which spec 3's
 * refund window runs from ("only within 24 hours of finalization").
 */
import type { Journal } from '../journal/journal.ts';
import { JournalOperation } from '../journal/journal-operation.ts';
import type { Sale } from '../sales/sale.ts';

/**
 * When this server first journaled a finalize of the transaction: the entry is written before
 * the call is sent (journal.ts), so the platform finalized after it. Not the last finalize: one
 * repeated after a lost answer (the resolver's repeat, the recovery pass's next call) may have
 * taken effect at the first send, and the window runs from there. A bound that is too early only
 * shortens the window we count on — a refusal near its end goes to staff (lost-refund.ts) — where
 * one too late could read a refusal for a lapsed window as "refunded". Null: no credits.
 */
export async function earliestFinalize(journal: Journal, sale: Sale): Promise<Date | null> {
	const transactionId = sale.credits?.transactionId;
	if (transactionId === undefined) return null;
	const entries = await journal.list({
		reference: sale.id,
		operation: JournalOperation.creditFinalize,
		limit: 10_000
	});
	const times = entries
		.filter(
			(entry) => (entry.request as { transactionId?: unknown }).transactionId === transactionId
		)
		.map((entry) => Date.parse(entry.createdAt));
	// Without its entry (a journal cleared by hand) the sale's start is still an earlier bound.
	return new Date(times.length > 0 ? Math.min(...times) : Date.parse(sale.createdAt));
}
