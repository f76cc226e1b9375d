/**
 * What staff must do about a sale only a person can settle (state `needs-staff`): the reason,
 * the amounts and the references they need at the counter and on the terminal
 * (server/sales/staff-tasks.ts finds them; the diagnostics page shows them).
 */
export interface StaffTask {
	kind: 'card-outcome-unknown' | 'card-refund-failed' | 'deposits-not-issued';
	saleId: string;
	orderNumber: string | null;
	currencyCode: string;
	/** The card amount asked or collected (card tasks); the deposit paid (deposit task). */
	amountMinor: number;
	/** The terminal's payment reference, to find it in the terminal's own journal. */
	terminalReference: string | null;
	/** Containers paid for and not issued (deposit task). */
	containers: number;
}
