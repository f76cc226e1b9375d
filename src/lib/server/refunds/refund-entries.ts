/**
 * The journal entries of a staff refund's parts: what each records before its call is sent
 * (journal.ts: "written before the call"), and reading them back to settle one whose answer was
 * lost. Nothing secret: a transaction id, a terminal reference, amounts, the comment, who.
 */
import { z } from 'zod';
import type { JournalEntry } from '../journal/journal.ts';
import { JournalOperation } from '../journal/journal-operation.ts';

const common = {
	refundId: z.string(),
	requestId: z.string(),
	amountMinor: z.int(),
	currencyCode: z.string(),
	actor: z.string()
};

const creditRefundEntrySchema = z.object({
	...common,
	transactionId: z.string(),
	comment: z.string().nullable()
});
export type CreditRefundEntry = z.infer<typeof creditRefundEntrySchema>;

const cardRefundEntrySchema = z.object({
	...common,
	/** The payment's reference on the terminal. */
	reference: z.string(),
	/** The terminal's total given back of the payment just before this refund; null: not known. */
	refundedBeforeMinor: z.int().nullable()
});
export type CardRefundEntry = z.infer<typeof cardRefundEntrySchema>;

export type StaffRefundEntry =
	{ kind: 'credits'; request: CreditRefundEntry } | { kind: 'card'; request: CardRefundEntry };

/**
 * A staff refund's entry, or null for any other entry — the checkout's own card refunds share
 * the operation but carry no refund id, and are left to the resolver's usual handling.
 */
export function staffRefundEntry(entry: JournalEntry): StaffRefundEntry | null {
	if (entry.operation === JournalOperation.creditRefund) {
		const parsed = creditRefundEntrySchema.safeParse(entry.request);
		return parsed.success ? { kind: 'credits', request: parsed.data } : null;
	}
	if (entry.operation === JournalOperation.cardRefund) {
		const parsed = cardRefundEntrySchema.safeParse(entry.request);
		return parsed.success ? { kind: 'card', request: parsed.data } : null;
	}
	return null;
}
