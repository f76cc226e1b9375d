/**
 * The card terminal behind split/external payment: an amount in minor units in, an outcome out.
 * `uncertain` means the terminal could not tell (lost connection mid-payment). Like a real
 * terminal (ZVT "status enquiry", OPI "repeat last message"), it keeps its own record of each
 * payment by reference, so the outcome of a payment whose answer was lost — or whose kiosk
 * server crashed while it waited — is looked up, never asked for again.
 *
 * The contract an adapter of a real terminal (zvt-terminal.ts, docs/zvt.md) must keep:
 * - `collect` asks the card once per reference; a repeat of a reference is never a second charge;
 * - `lookup` answers from the terminal's own record, also after the kiosk server restarted;
 * - `refund(reference, amountMinor)` gives part or all of an approved payment back — part only
 *   where `partialRefundsOf` (a ZVT reversal gives back the whole payment; a part is `failed`);
 *   the refunds of one payment never add up to more than it (the terminal refuses: `failed`). Refunds carry
 *   no reference of their own (ZVT and OPI refunds do not), so a refund is not safe to repeat:
 *   an answer the terminal could not give is `uncertain`, and the caller settles it by
 *   `refundedMinor`, never by asking again;
 * - `refundedMinor` is the terminal's record of how much of the payment was given back; null
 *   when the terminal keeps none (then a person settles an uncertain refund).
 */
export type TerminalOutcome = 'approved' | 'declined' | 'cancelled' | 'uncertain';

/** What the terminal's record says of an earlier payment. */
export type TerminalRecord =
	| 'approved'
	| 'declined'
	| 'cancelled'
	/** No payment under this reference ever completed: the card was not charged. */
	| 'not-found'
	/** The terminal cannot tell either: a person must check. */
	| 'unknown';

/**
 * `failed`: nothing was given back (refused: not approved, more than is left, the terminal
 * offline); `uncertain`: the terminal could not tell — read `refundedMinor`, never ask again.
 */
export type RefundOutcome = 'refunded' | 'failed' | 'uncertain';

export interface TerminalRequest {
	/** The kiosk the guest pays at: which terminal takes the card (terminal/kiosk-terminals.ts). */
	deviceId: string;
	/** One payment attempt; a retry of the same attempt reuses it. */
	reference: string;
	amountMinor: number;
	currencyCode: string;
}

export interface PaymentTerminal {
	/**
	 * Whether `refund` can give back part of the payment under `reference`; false: only the whole
	 * of it (a ZVT reversal, 06 30).
	 */
	partialRefundsOf(reference: string): Promise<boolean>;
	collect(request: TerminalRequest): Promise<TerminalOutcome>;
	/** The terminal's record of the payment under `reference`. */
	lookup(reference: string): Promise<TerminalRecord>;
	/** Gives `amountMinor` (> 0) of the approved payment under `reference` back: all or part. */
	refund(reference: string, amountMinor: number): Promise<RefundOutcome>;
	/** How much of the payment under `reference` was given back so far; null: not known. */
	refundedMinor(reference: string): Promise<number | null>;
}
