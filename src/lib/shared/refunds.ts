/**
 * Staff refunds of a paid sale as the back office shows them (docs/back-office.md, Refunds): what
 * may be refunded now, how each part ended, why one could not go on (codes the page translates),
 * and what staff must check by hand. The server decides all of it (server/refunds/); these are
 * the shapes it hands the sale's page.
 */

/**
 * How one part of a staff refund (docs/back-office.md, Refunds) ended. Written `pending` before
 * the call goes out (server/refunds/sale-refunds.ts), so a crash at any point leaves a record to
 * settle, never a reason to send again blindly.
 */
export type SaleRefundOutcome =
	/** Written before the call was sent; its answer is not recorded yet (or the server died). */
	| 'pending'
	| 'refunded'
	/** The answer was lost: settled later by repeating once or a read-back (lost-refund.ts). */
	| 'uncertain'
	/** Refused, or never sent: nothing was given back (`errorCode` says why). */
	| 'failed'
	/** Only a person can tell whether it was given back (RefundStaffTask: what to check). */
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
	/** Why it failed or is uncertain: a RefundFailure. */
	errorCode: string | null;
	/** The journal entry of the call. */
	journalId: number;
}

export interface CreditRefundOffer {
	/** The credits the sale took from the guest's wallet. */
	amountMinor: number;
	refundable: boolean;
	/**
	 * Time left in spec 3's window ("only within 24 hours of finalization"), counted from the
	 * earliest the platform can have finalized: never more than the platform allows. 0 when closed.
	 */
	timeLeftMs: number;
	reason: CreditRefundBlock | null;
}

export interface CardRefundOffer {
	/** Collected on the card. */
	paidMinor: number;
	/** Given back already, or possibly (a refund still open, or one staff must check). */
	refundedMinor: number;
	/** What may still be given back: 1 to this, in one refund or several (see `wholeOnly`). */
	remainingMinor: number;
	/** The payment's terminal gives back only all that is left, never a part (ZVT reversal). */
	wholeOnly: boolean;
	refundable: boolean;
	reason: CardRefundBlock | null;
}

export interface RefundOffer {
	saleId: string;
	currencyCode: string;
	credits: CreditRefundOffer;
	card: CardRefundOffer;
}

/** Why the credits of a sale cannot be refunded now (server/refunds/refund-offer.ts). */
export type CreditRefundBlock =
	/** The sale was never paid: its credit transaction was not finalized (spec 3 refund: "Only for finalized transactions"). */
	| 'not-paid'
	/** Paid, and its containers are still being issued: the checkout is still saving it. */
	| 'in-payment'
	/** Paid without credits (card only, or EXTERNAL_PAYMENT: nothing was taken from the wallet). */
	| 'no-credits'
	| 'already-refunded'
	/** An earlier refund of this sale has not ended yet (sent, answer not settled). */
	| 'refund-open'
	/** An earlier credit refund's outcome is for a person to establish first. */
	| 'refund-needs-staff'
	/** spec 3: "only within 24 hours of finalization". */
	| 'window-passed';

/** Why no (more) card amount can be refunded. */
export type CardRefundBlock =
	'not-paid' | 'in-payment' | 'no-card-payment' | 'fully-refunded' | 'refund-open';

export type RefundFailure =
	| CreditRefundBlock
	| CardRefundBlock
	/** The request: malformed, nothing chosen, a comment over spec 3's 2000 characters, an amount. */
	| 'bad-request'
	| 'nothing-chosen'
	| 'comment-too-long'
	| 'card-amount-invalid'
	| 'card-amount-too-high'
	/** The payment's terminal gives back only all that is left of it (a ZVT reversal). */
	| 'card-whole-only'
	| 'sale-not-found'
	/** The platform does not know the transaction (404; spec 3 names no code). */
	| 'unknown-transaction'
	/** AUTHORIZATION or EXTERNAL_DEVICE_HAS_NO_RIGHT_AUTHORITY: the key cannot refund (CREDIT authority). */
	| 'not-authorized'
	/** No answer that says anything: a 503, a 429, a connection refused before sending. */
	| 'platform-unreachable'
	/**
	 * spec 3's CREDIT_TRANSACTION_CAN_NO_LONGER_BE_REFUNDED_BY_EXTERNAL_DEVICE: no refund of these
	 * credits is recorded here, but the platform refuses — its window has passed (by its clock),
	 * or they were refunded elsewhere. Staff compensate the guest by hand.
	 */
	| 'no-longer-refundable'
	/** Any other refusal. */
	| 'platform-refused'
	/** The answer was lost: settled later, never guessed (server/refunds/lost-refund.ts). */
	| 'outcome-unknown'
	/** The terminal did not give the card part back. */
	| 'card-refund-failed'
	/** The terminal could not tell, and keeps no record to read: a person checks it. */
	| 'card-outcome-unknown'
	/** This part was not sent: the card part of the same confirmation did not go through first. */
	| 'not-sent';

export interface RefundStaffTask {
	/**
	 * `check-credit-refund`: look up `transactionId` in the platform's console — is it refunded,
	 * did `amountMinor` come back to the guest's wallet (key ending `keyHint`)? If not, and the
	 * window is still open there, refund it there; otherwise pay the guest back another way.
	 * `check-card-refund`: find `terminalReference` in the terminal's journal — was `amountMinor`
	 * given back? If not, refund it on the terminal or in cash.
	 */
	kind: 'check-credit-refund' | 'check-card-refund';
	saleId: string;
	refundId: string;
	orderNumber: string | null;
	currencyCode: string;
	amountMinor: number;
	transactionId: string | null;
	keyHint: string | null;
	terminalReference: string | null;
	/** Why it could not be settled (a RefundFailure). */
	errorCode: string | null;
	/** Credits: the latest the platform can still accept a refund, by the earliest finalize. */
	windowEndsBy: string | null;
}

/** The fields as typed, to fill the form in again. */
export interface RefundFormValues {
	requestId: string;
	credits: boolean;
	card: string;
	comment: string;
}

export type RefundReview =
	| { ok: true; creditsMinor: number; cardMinor: number; totalMinor: number }
	| { ok: false; failure: RefundFailure };
