/**
 * The day report's sums, added up in the store (GROUP BY on either engine) from what each paid
 * sale keeps in its row (report-columns.ts): per kiosk the receipts' figures and VAT per rate,
 * per hour the sales and what they came to, per product the quantity and what it brought in, and
 * the journal check (journal-check.ts). No sale is read into memory: the server holds a row per
 * kiosk, rate and product.
 *
 * The period is summed an hour at a time — each slice a few short queries, other requests let in
 * between — so that on SQLite, whose queries run on the server's one thread, no kiosk request
 * waits behind a whole day's sums. A slice's sales are read once, from an index keyed by the UTC
 * hour of payment and ordered as the query groups (store migrations: `sales_report_hours`), so
 * SQLite adds them up as it reads them instead of sorting them first.
 * A slice starts at `from` plus whole hours: the venue's hours wherever the clock is off UTC by
 * whole hours at its changes (every time zone but Lord Howe's half-hour summer time).
 */
import { sql } from 'kysely';
import type { SaleSums } from '#lib/shared/day-report.ts';
import { JournalOperation } from '../journal/journal-operation.ts';
import type { Store } from '../store/store.ts';
import { addVat, emptySums } from './day-report.ts';
import { askedAmount, SETTLED_WELL, type JournalCheck } from './journal-check.ts';
import type { StoredProduct, StoredVat } from './report-columns.ts';

export interface ProductSums {
	productId: string;
	quantity: number;
	paidMinor: number;
	/** When the first sale of it in the period was paid. */
	firstPaidAt: string;
}

export interface DaySums {
	byKiosk: Map<string, SaleSums>;
	/** Hours with sales, in order. */
	hours: { hour: number; salesCount: number; paidMinor: number }[];
	products: ProductSums[];
	check: JournalCheck;
}

const HOUR_MS = 3_600_000;

/**
 * The UTC hour a sale was paid in, as the report's index keeps it (`paid_at` is an ISO instant
 * in UTC: its first 13 characters are the hour). Written as the index's expression is.
 */
const PAID_HOUR = sql`substr(s.paid_at, 1, 13)`;

/** The UTC hours (as PAID_HOUR gives them) that [from, to) reaches into. */
function utcHoursOf(from: string, to: string): string[] {
	const hours: string[] = [];
	const end = Date.parse(to);
	for (let hour = Math.floor(Date.parse(from) / HOUR_MS) * HOUR_MS; hour < end; hour += HOUR_MS)
		hours.push(new Date(hour).toISOString().slice(0, 13));
	return hours;
}

/** Adds a group's product lines, `count` sales of them, to the products' sums. */
function addProducts(
	products: Map<string, ProductSums>,
	row: Record<string, unknown>,
	count: number
): void {
	const first = String(row.first);
	for (const [productId, quantity, paid] of JSON.parse(
		String(row.report_products)
	) as StoredProduct[]) {
		const product = products.get(productId);
		if (product) {
			product.quantity += quantity * count;
			product.paidMinor += paid * count;
			if (first < product.firstPaidAt) product.firstPaidAt = first;
		} else
			products.set(productId, {
				productId,
				quantity: quantity * count,
				paidMinor: paid * count,
				firstPaidAt: first
			});
	}
}

/**
 * Lets the requests waiting meanwhile run: a query of node:sqlite resolves at once (its promise
 * settles in the same turn), so without this a report would hold the event loop to its end.
 */
export const letRequestsIn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** PostgreSQL answers sums and counts as bigint, which its driver gives as text. */
const whole = (value: unknown) => Number(value ?? 0);

export async function daySums(
	store: Store,
	range: { from: string; to: string },
	hourOf: (instant: string) => number
): Promise<DaySums> {
	const byKiosk = new Map<string, SaleSums>();
	const kiosk = (deviceId: string) => {
		let sums = byKiosk.get(deviceId);
		if (!sums) byKiosk.set(deviceId, (sums = emptySums()));
		return sums;
	};
	const hours = new Map<number, { salesCount: number; paidMinor: number }>();
	const products = new Map<string, ProductSums>();
	const check: JournalCheck = { cardCollectedMinor: 0, creditSales: 0, creditSalesFinalized: 0 };
	const end = Date.parse(range.to);
	for (let start = Date.parse(range.from); start < end; start += HOUR_MS) {
		await letRequestsIn();
		const from = new Date(start).toISOString();
		const to = new Date(Math.min(start + HOUR_MS, end)).toISOString();
		const hour = hourOf(from);
		// The slice's UTC hours (one, but two where the venue's hours are not UTC's) pick the
		// index's rows, already in the GROUP BY's order; the instants then trim them to the slice.
		const paidIn = sql`s.report_vat IS NOT NULL
			AND ${PAID_HOUR} IN (${sql.join(utcHoursOf(from, to))})
			AND s.paid_at >= ${from} AND s.paid_at < ${to}`;

		// Sales of one kiosk with the same VAT rows and product lines come as one row, their
		// count beside them.
		const groups = await sql<Record<string, unknown>>`
			SELECT s.device_id, s.report_vat, s.report_products, count(*) AS sales,
				sum(s.report_gross_minor) AS gross, sum(s.report_discount_minor) AS discount,
				sum(s.report_credits_minor) AS credits, sum(s.report_card_minor) AS card,
				sum(s.report_fee_minor) AS fee, sum(s.report_deposit_containers) AS containers,
				sum(s.report_deposit_minor) AS deposits, min(s.paid_at) AS first
			FROM sales AS s WHERE ${paidIn}
			GROUP BY s.device_id, s.report_vat, s.report_products`.execute(store.db);
		for (const row of groups.rows) {
			const sums = kiosk(String(row.device_id));
			const count = whole(row.sales);
			const gross = whole(row.gross);
			const discount = whole(row.discount);
			sums.salesCount += count;
			sums.grossMinor += gross;
			sums.discountMinor += discount;
			sums.paidMinor += gross - discount;
			sums.creditsMinor += whole(row.credits);
			sums.cardMinor += whole(row.card);
			sums.feeMinor += whole(row.fee);
			sums.depositContainers += whole(row.containers);
			sums.depositMinor += whole(row.deposits);
			sums.vat = addVat(
				sums.vat,
				(JSON.parse(String(row.report_vat)) as StoredVat[]).map(([vatBp, rateGross, vat]) => ({
					vatBp,
					grossMinor: rateGross * count,
					vatMinor: vat * count,
					netMinor: (rateGross - vat) * count
				}))
			);
			const inHour = hours.get(hour) ?? { salesCount: 0, paidMinor: 0 };
			hours.set(hour, {
				salesCount: inHour.salesCount + count,
				paidMinor: inHour.paidMinor + gross - discount
			});
			addProducts(products, row, count);
		}

		// The journal check takes every sale paid in the period, as paid_at has it (the operations
		// written out, for the partial indexes of the journal to serve).
		const paidAt = sql`s.paid_at >= ${from} AND s.paid_at < ${to}`;
		// `|| ''`: the status is checked on the entry found, not sought in the index a second time
		// per status (each sale's entries are found by its reference alone, at half the cost).
		const settled = sql`(j.status || '') IN (${sql.join(SETTLED_WELL.map((status) => sql.lit(status)))})`;
		await letRequestsIn();
		const credits = await sql<Record<string, unknown>>`
			SELECT count(CASE WHEN s.credits_minor > 0 THEN 1 END) AS credit_sales,
				count(CASE WHEN s.credits_minor > 0 AND EXISTS (SELECT 1 FROM journal AS j
					WHERE j.reference = s.id AND j.operation = ${sql.lit(JournalOperation.creditFinalize)}
					AND ${settled}) THEN 1 END) AS finalized
			FROM sales AS s WHERE ${paidAt}`.execute(store.db);
		check.creditSales += whole(credits.rows[0]!.credit_sales);
		check.creditSalesFinalized += whole(credits.rows[0]!.finalized);
		// Card payments asking the same are one row; CROSS JOIN: from the sales to their entries.
		await letRequestsIn();
		const payments = await sql<Record<string, unknown>>`
			SELECT j.request, count(*) AS entries FROM sales AS s CROSS JOIN journal AS j
			WHERE ${paidAt} AND j.reference = s.id
				AND j.operation = ${sql.lit(JournalOperation.cardPayment)} AND ${settled}
			GROUP BY j.request`.execute(store.db);
		for (const row of payments.rows)
			check.cardCollectedMinor += askedAmount(String(row.request)) * whole(row.entries);
	}
	return {
		byKiosk,
		hours: [...hours.entries()]
			.sort(([a], [b]) => a - b)
			.map(([hour, figures]) => ({ hour, ...figures })),
		products: [...products.values()],
		check
	};
}
