/**
 * What staff must do about a sale only a person can settle (state `needs-staff`): the reason,
 * the amounts and the references they need at the counter and on the terminal. The diagnostics
 * page shows it in the staff member's language beside the flagged journal entry.
 */
import type { StaffTask } from '#lib/shared/staff-task.ts';
import type { Sale } from './sale.ts';

export function staffTaskOf(sale: Sale): StaffTask | null {
	if (sale.state !== 'needs-staff' || sale.problem === null) return null;
	const base = {
		saleId: sale.id,
		orderNumber: sale.orderNumber,
		currencyCode: sale.quote.currencyCode,
		terminalReference: sale.payment?.reference ?? null,
		containers: 0
	};
	switch (sale.problem) {
		case 'card-outcome-unknown':
		case 'card-refund-failed':
			return { ...base, kind: sale.problem, amountMinor: sale.payment?.amountMinor ?? 0 };
		case 'deposits-not-issued':
			return {
				...base,
				kind: 'deposits-not-issued',
				amountMinor: sale.quote.depositMinor,
				containers: sale.quote.depositLines.reduce((sum, line) => sum + line.quantity, 0)
			};
		default:
			return null;
	}
}
