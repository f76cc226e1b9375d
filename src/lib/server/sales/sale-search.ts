/**
 * What staff search sales by (docs/back-office.md, Sales: order number, time range, kiosk, payment
 * kind, status, amount, the deposit code's sequence number, the loyalty key's last digits), and the
 * page of sales a search returns. The store answers it (SaleRepository.search); the setup screen
 * reads it from the query string (setup/sale-search-query.ts).
 */
import type { PaymentKind } from './sale-amounts.ts';
import type { Sale } from './sale.ts';

/**
 * How a sale ended, as staff ask for it: paid (it has an order number: sale-states.ts isPaid,
 * whatever staff still have to settle), waiting for staff, given up, or not yet paid.
 */
export const SALE_STATUSES = ['paid', 'needs-staff', 'abandoned', 'unpaid'] as const;
type SaleStatus = (typeof SALE_STATUSES)[number];

export interface SaleSearch {
	/** Sales started at or after this instant (ISO 8601). */
	from?: string;
	/** Sales started before this instant (ISO 8601). */
	to?: string;
	deviceId?: string;
	/** An order number as a guest reads it out: `K-007`, `k7`, or just `7` (any prefix). */
	orderNumber?: OrderNumberMatch;
	status?: SaleStatus;
	paymentKind?: PaymentKind;
	/** What the guest paid (gross − discount), inclusive bounds. */
	minMinor?: number;
	maxMinor?: number;
	/** The deposit code's sequence number as printed on the receipt. */
	depositSequence?: string;
	/** The loyalty key's last four characters (upper case), as the receipt shows them. */
	keyTail?: string;
}

/** An order number with its prefix (`K-007`), or any prefix with that number (`%-007`). */
export type OrderNumberMatch = { exact: string } | { suffix: string };

/**
 * Reads an order number the way a guest or staff member says it. Order numbers are a prefix, a
 * dash and at least three digits (SaleRepository.nextOrderNumber): `K-001`.
 */
export function orderNumberMatch(input: string): OrderNumberMatch | undefined {
	const match = /^\s*([A-Za-z]{1,4})?\s*-?\s*0*(\d{1,6})\s*$/.exec(input);
	if (!match) return undefined;
	const digits = match[2]!.padStart(3, '0');
	return match[1] ? { exact: `${match[1].toUpperCase()}-${digits}` } : { suffix: `-${digits}` };
}

/** Where a page ends: the last sale shown (newest first, so the next page is older). */
export interface SaleCursor {
	createdAt: string;
	id: string;
}

export interface SalePage {
	sales: Sale[];
	/** Where the next (older) page starts; null on the last page. */
	next: SaleCursor | null;
}

/** The cursor as one query-string value, and back (undefined when it is not one of ours). */
export const cursorText = (cursor: SaleCursor) => `${cursor.createdAt}_${cursor.id}`;

export function cursorFrom(text: string): SaleCursor | undefined {
	const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)_([\w-]{1,64})$/.exec(text);
	return match ? { createdAt: match[1]!, id: match[2]! } : undefined;
}
