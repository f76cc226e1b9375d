/**
 * Where a guest sale stands, and what each state means for the screen and the server alike
 * (the checkout saga moves a sale through them: src/lib/server/sales/checkout.ts).
 */
export type SaleState =
	/** Priced; nothing sent to the platform yet. */
	| 'quoted'
	/** A credit transaction is previewed (credits held, nothing deducted). */
	| 'credits-previewed'
	/**
	 * Claimed for payment: `payment` names the card payment the terminal is (or was) asked for.
	 * Written before the terminal is asked, so a crash leaves a reference to look up, never a
	 * reason to ask again.
	 */
	| 'card-pending'
	/** The card part is collected (or nothing was due on the card); credits not yet finalized. */
	| 'card-paid'
	/** Paid: card and credits collected; it has its order number; containers may still be due. */
	| 'paid'
	/** Done: paid, deposits issued (if any). */
	| 'completed'
	/** Given up: nothing collected, or what was collected given back; credits released. */
	| 'abandoned'
	/** Something only a person can settle; `problem` says what (staff-tasks.ts says what to do). */
	| 'needs-staff';

/** The guest can still change the sale: scan, cancel, pay. */
export const OPEN_STATES: readonly SaleState[] = ['quoted', 'credits-previewed'];
/** Payment has begun and the sale has not reached its end: the saga (or recovery) finishes it. */
export const IN_PAYMENT_STATES: readonly SaleState[] = ['card-pending', 'card-paid', 'paid'];

export const isOpen = (sale: { state: string }) =>
	(OPEN_STATES as readonly string[]).includes(sale.state);
export const isInPayment = (sale: { state: string }) =>
	(IN_PAYMENT_STATES as readonly string[]).includes(sale.state);

/**
 * The guest has paid: completed, or paid with something left for staff (the deposit code could
 * not be issued). Only a paid sale has an order number.
 */
export const isPaid = (sale: { state: string; orderNumber: string | null }) =>
	sale.state === 'completed' || (sale.state === 'needs-staff' && sale.orderNumber !== null);
