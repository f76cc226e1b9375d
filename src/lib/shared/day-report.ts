/**
 * The figures of the day report and its deposit ledger as the back office shows them
 * (docs/back-office.md, The day report): built by server/reports/day-report.ts and
 * deposit-ledger.ts, which say how each figure is reached. Integer minor units.
 */
import type { VatRow } from './receipt.ts';

/** What the paid sales of a period (or of one kiosk in it) came to. */
export interface SaleSums {
	salesCount: number;
	grossMinor: number;
	discountMinor: number;
	/** What the guests paid: gross − discount = credits + card. */
	paidMinor: number;
	creditsMinor: number;
	cardMinor: number;
	/** The service fee within gross. */
	feeMinor: number;
	/** Containers issued with the sales, and their deposits within gross. */
	depositContainers: number;
	depositMinor: number;
	/** The VAT contained in what was paid, per rate (ascending). */
	vat: VatRow[];
}

/** A period's sales, with its refunds and returns. */
export interface ReportFigures extends SaleSums {
	/** Staff refunds confirmed in the period and given back (of sales of any day). */
	refundedCreditsMinor: number;
	refundedCardMinor: number;
	/** Refunds of the period whose outcome is not settled yet or is for staff to check. */
	refundsOpen: number;
	/** paid − refunds given back. */
	netMinor: number;
	/** Returns at this venue's return stations (return-records.ts), and the deposits they refunded. */
	returnsCount: number;
	depositsRefundedMinor: number;
	/** Of those, paid out in cash by staff (a staff-attended station: its cash count). */
	cashPaidOutMinor: number;
}

/** Containers and the deposits they stand for (minor units). */
export interface DepositAmount {
	containers: number;
	minor: number;
}

export interface DepositLedger {
	outAtStart: DepositAmount;
	issued: DepositAmount;
	returned: DepositAmount;
	forfeited: DepositAmount;
	/** The deposit liability still outstanding at `until`. */
	outAtEnd: DepositAmount;
}
