/** A guest sale as the checkout saga keeps it: where it stands and what was agreed at each step. */
import type { SaleRefund } from '#lib/shared/refunds.ts';
import type { SaleState } from '#lib/shared/sale-states.ts';
import type { CreditSummary, IssuedDeposit, SaleProblem } from '#lib/shared/sale-view.ts';
import type { SaleQuote } from './quote.ts';

/**
 * The one card payment of a claim: the terminal's reference (unique per claim) and the amount
 * asked.
 */
export interface CardPayment {
	reference: string;
	amountMinor: number;
}

/**
 * The server driving a sale through payment, until when (several kiosk servers may share one
 * database). Written with the claim (compare-and-set), so another server neither asks the card
 * again nor takes up a payment that is still under way elsewhere; once `until` has passed (the
 * server died) anyone may take it up.
 */
export interface SaleClaim {
	owner: string;
	until: string;
}

export interface Sale {
	id: string;
	deviceId: string;
	state: SaleState;
	/** Bumped by every save: a save from a stale copy is refused (compare-and-set). */
	version: number;
	quote: SaleQuote;
	credits: CreditSummary | null;
	/** Credit attempt of this sale; a cancelled credit transaction starts the next one. */
	creditAttempt: number;
	/** A hash of the scanned loyalty key: a second scan of the same key is recognised; never the key. */
	keyFingerprint: string | null;
	/** The card payment asked for since the sale was claimed for payment; null before. */
	payment: CardPayment | null;
	/** Who is paying the sale; null before the claim and once the sale is open again. */
	claim: SaleClaim | null;
	/** Amount collected on the card terminal, once approved (0 again once refunded). */
	cardPaidMinor: number;
	deposit: IssuedDeposit | null;
	orderNumber: string | null;
	/**
	 * When the sale became paid (its credits finalized, its order number given): the time staff
	 * search and the day report go by. Null before.
	 */
	paidAt: string | null;
	problem: SaleProblem | null;
	/**
	 * Staff refunds of the paid sale, oldest first. `cardPaidMinor` stays what was
	 * collected; what was given back is here.
	 */
	refunds: SaleRefund[];
	createdAt: string;
	updatedAt: string;
}
