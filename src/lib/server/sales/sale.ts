/** A guest sale as the checkout saga keeps it: where it stands and what was agreed at each step. */
import type { SaleState } from '#lib/shared/sale-states.ts';
import type { SaleQuote } from './quote.ts';

export type { SaleState } from '#lib/shared/sale-states.ts';

/**
 * Why a sale needs staff (state `needs-staff`), or why it ended without the guest being charged
 * (state `abandoned`). Each `needs-staff` problem has its instructions in staff-tasks.ts.
 */
export type SaleProblem =
	/** The terminal cannot tell whether the card was charged. */
	| 'card-outcome-unknown'
	/** The credits were refused after the card part was collected, and the card refund failed. */
	| 'card-refund-failed'
	/** Paid, but the platform refused to issue the containers' code. */
	| 'deposits-not-issued'
	/** Abandoned: nobody drove the open sale any more (browser closed, kiosk rebooted). */
	| 'abandoned-unattended'
	/** Abandoned: the card was never charged (the payment was cut off). */
	| 'card-not-charged'
	/** Abandoned: the platform refused to finalize the credits; any card part was refunded. */
	| 'credits-refused';

export interface CreditLineSummary {
	productId: string | null;
	name: string;
	grossMinor: number;
	discountMinor: number;
	creditsMinor: number;
	outstandingMinor: number;
	/** The item's VAT rate as the platform answered it (spec 3: "vat (enough for a receipt)"). */
	vatBp: number;
}

/** What the guest sees after a scan: per line and in total, gross − discount = credits + outstanding. */
export interface CreditSummary {
	transactionId: string;
	paymentType: 'CREDIT' | 'SPLIT_PAYMENT' | 'EXTERNAL_PAYMENT';
	/** The last four characters of the loyalty key, for the receipt; never the key. */
	keyHint: string;
	lines: CreditLineSummary[];
	grossMinor: number;
	discountMinor: number;
	creditsMinor: number;
	outstandingMinor: number;
}

export interface IssuedDeposit {
	code: string;
	sequenceNumber: string;
	categories: { categoryId: string; name: string; count: number; expiresAt: string }[];
}

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

/**
 * How one part of a staff refund (docs/back-office.md, Refunds) ended. Written `pending` before the
 * call goes out (refunds/sale-refunds.ts), so a crash at any point leaves a record to settle, never
 * a reason to send again blindly.
 */
export type SaleRefundOutcome =
	/** Written before the call was sent; its answer is not recorded yet (or the server died). */
	| 'pending'
	| 'refunded'
	/** The answer was lost: settled later by repeating once (refunds/lost-refund.ts) or a read-back. */
	| 'uncertain'
	/** Refused, or never sent: nothing was given back (`errorCode` says why). */
	| 'failed'
	/** Only a person can tell whether it was given back (refunds/refund-staff-task.ts: what to check). */
	| 'needs-staff';

/** One part of a staff refund of a paid sale: the credits (spec 3 refund) or an amount on the card. */
export interface SaleRefund {
	/** `<requestId>.credits` or `<requestId>.card`: one per part of one staff confirmation. */
	id: string;
	/** The confirmation form's id: a double submit or a retried POST finds its refund by it. */
	requestId: string;
	kind: 'credits' | 'card';
	/** Credits: all the sale's credits (spec 3's refund takes no amount); card: the amount asked. */
	amountMinor: number;
	comment: string | null;
	/** The staff member who confirmed it. */
	actor: string;
	/** When staff confirmed it (the kiosk server's clock). */
	at: string;
	outcome: SaleRefundOutcome;
	/** Why it failed or is uncertain: a reason code of refunds/refund-error.ts. */
	errorCode: string | null;
	/** The journal entry of the call. */
	journalId: number;
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
