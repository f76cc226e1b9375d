/** A guest sale as the checkout saga keeps it: where it stands and what was agreed at each step. */
import type { SaleQuote } from './quote.ts';

export type SaleState =
	/** Priced; nothing sent to the platform yet. */
	| 'quoted'
	/** A credit transaction is previewed (credits held, nothing deducted). */
	| 'credits-previewed'
	/** Paid: card approved (or nothing left to pay) and credits finalized. */
	| 'paid'
	/** Done: paid, deposits issued (if any). */
	| 'completed'
	/** Given up before payment; any previewed credit transaction cancelled. */
	| 'abandoned'
	/** Something a person must look at (an uncertain card payment, deposits that could not be issued). */
	| 'needs-staff';

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

export interface Sale {
	id: string;
	deviceId: string;
	state: SaleState;
	quote: SaleQuote;
	credits: CreditSummary | null;
	/** Credit attempt of this sale; a cancelled credit transaction starts the next one. */
	creditAttempt: number;
	/** A hash of the scanned loyalty key: a second scan of the same key is recognised; never the key. */
	keyFingerprint: string | null;
	/** Amount collected on the card terminal, once approved. */
	cardPaidMinor: number;
	deposit: IssuedDeposit | null;
	orderNumber: string | null;
	/** Why the sale needs staff, for the diagnostics page. */
	problem: string | null;
	createdAt: string;
	updatedAt: string;
}
