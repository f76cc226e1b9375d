/**
 * The day report's sums, added up in the store (GROUP BY on either engine) from what each paid
 * sale keeps in its row (report-columns.ts): per kiosk the receipts' figures and VAT per rate,
 * per hour the sales and what they came to, per product the quantity and what it brought in, and
 * the journal check (journal-check.ts). No sale is read into memory: the server holds a row per
 * kiosk, rate and product.
 *
 * The period is summed an hour at a time — each slice a few short queries — so that on SQLite,
 * whose queries run on the server's one thread, no kiosk request waits behind a whole day's sums.
 * A slice starts at `from` plus whole hours: the venue's hours wherever the clock is off UTC by
 * whole hours at its changes (every time zone but Lord Howe's half-hour summer time).
 */
import { sql, type RawBuilder } from 'kysely';
import type { VatRow } from '#lib/shared/receipt.ts';
import { JournalOperation } from '../journal/journal-operation.ts';
import type { Store } from '../store/store.ts';
import { addVat } from './day-report.ts';
import type { JournalCheck } from './journal-check.ts';

/** What the paid sales of one kiosk came to. */
export interface SaleSums {
	salesCount: number;
	grossMinor: number;
	discountMinor: number;
	paidMinor: number;
	creditsMinor: number;
	cardMinor: number;
	feeMinor: number;
	depositContainers: number;
	depositMinor: number;
	vat: VatRow[];
}

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

/** PostgreSQL answers sums and counts as bigint, which its driver gives as text. */
const whole = (value: unknown) => Number(value ?? 0);

/**
 * The elements of a JSON array column of `sales AS s` as a table `item`, and the n-th entry of
 * an element (the arrays report-columns.ts writes).
 */
function jsonArrays(store: Store) {
	if (store.engine === 'sqlite')
		return {
			each: (column: string) => sql.raw(`json_each(s.${column}) AS item`),
			at: (index: number) => sql.raw(`json_extract(item.value, '$[${index}]')`),
			number: (index: number) => sql.raw(`json_extract(item.value, '$[${index}]')`)
		};
	return {
		each: (column: string) =>
			sql.raw(`LATERAL jsonb_array_elements(s.${column}::jsonb) AS item(value)`),
		at: (index: number) => sql.raw(`(item.value ->> ${index})`),
		number: (index: number) => sql.raw(`(item.value ->> ${index})::bigint`)
	};
}

/** An approved card payment's amount as its journal entry asked it: a number, otherwise 0. */
function journaledAmount(store: Store): RawBuilder<unknown> {
	return store.engine === 'sqlite'
		? sql`CASE WHEN json_type(j.request, '$.amountMinor') IN ('integer', 'real')
			THEN json_extract(j.request, '$.amountMinor') ELSE 0 END`
		: sql`CASE WHEN jsonb_typeof(j.request::jsonb -> 'amountMinor') = 'number'
			THEN (j.request::jsonb ->> 'amountMinor')::numeric ELSE 0 END`;
}

const emptySums = (): SaleSums => ({
	salesCount: 0,
	grossMinor: 0,
	discountMinor: 0,
	paidMinor: 0,
	creditsMinor: 0,
	cardMinor: 0,
	feeMinor: 0,
	depositContainers: 0,
	depositMinor: 0,
	vat: []
});

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
	const json = jsonArrays(store);
	const end = Date.parse(range.to);
	for (let start = Date.parse(range.from); start < end; start += HOUR_MS) {
		const from = new Date(start).toISOString();
		const to = new Date(Math.min(start + HOUR_MS, end)).toISOString();
		const paidIn = sql`s.report_vat IS NOT NULL AND s.paid_at >= ${from} AND s.paid_at < ${to}`;

		const kiosks = await sql<Record<string, unknown>>`
			SELECT s.device_id, count(*) AS sales, sum(s.report_gross_minor) AS gross,
				sum(s.report_discount_minor) AS discount, sum(s.report_credits_minor) AS credits,
				sum(s.report_card_minor) AS card, sum(s.report_fee_minor) AS fee,
				sum(s.report_deposit_containers) AS containers, sum(s.report_deposit_minor) AS deposits
			FROM sales AS s WHERE ${paidIn} GROUP BY s.device_id`.execute(store.db);
		for (const row of kiosks.rows) {
			const sums = kiosk(String(row.device_id));
			const gross = whole(row.gross);
			const discount = whole(row.discount);
			sums.salesCount += whole(row.sales);
			sums.grossMinor += gross;
			sums.discountMinor += discount;
			sums.paidMinor += gross - discount;
			sums.creditsMinor += whole(row.credits);
			sums.cardMinor += whole(row.card);
			sums.feeMinor += whole(row.fee);
			sums.depositContainers += whole(row.containers);
			sums.depositMinor += whole(row.deposits);
			const hour = hourOf(from);
			const inHour = hours.get(hour) ?? { salesCount: 0, paidMinor: 0 };
			hours.set(hour, {
				salesCount: inHour.salesCount + whole(row.sales),
				paidMinor: inHour.paidMinor + gross - discount
			});
		}
		// The journal check takes every sale paid in the period, as paid_at has it.
		const paidAt = sql`s.paid_at >= ${from} AND s.paid_at < ${to}`;
		const settled = sql`j.status IN ('succeeded', 'resolved')`;
		const journal = await sql<Record<string, unknown>>`
			SELECT
				(SELECT sum(${journaledAmount(store)}) FROM sales AS s
					JOIN journal AS j ON j.reference = s.id
					WHERE ${paidAt} AND j.operation = ${JournalOperation.cardPayment} AND ${settled})
					AS card,
				(SELECT count(*) FROM sales AS s WHERE ${paidAt} AND s.credits_minor > 0)
					AS credit_sales,
				(SELECT count(*) FROM sales AS s WHERE ${paidAt} AND s.credits_minor > 0
					AND EXISTS (SELECT 1 FROM journal AS j WHERE j.reference = s.id
						AND j.operation = ${JournalOperation.creditFinalize} AND ${settled}))
					AS finalized`.execute(store.db);
		const totals = journal.rows[0]!;
		check.cardCollectedMinor += whole(totals.card);
		check.creditSales += whole(totals.credit_sales);
		check.creditSalesFinalized += whole(totals.finalized);

		// Rates and products only where the hour had sales.
		if (kiosks.rows.length === 0) continue;

		const rates = await sql<Record<string, unknown>>`
			SELECT s.device_id, ${json.number(0)} AS rate, sum(${json.number(1)}) AS gross,
				sum(${json.number(2)}) AS vat
			FROM sales AS s, ${json.each('report_vat')} WHERE ${paidIn}
			GROUP BY s.device_id, ${json.number(0)}`.execute(store.db);
		for (const row of rates.rows) {
			const sums = kiosk(String(row.device_id));
			const gross = whole(row.gross);
			const vat = whole(row.vat);
			sums.vat = addVat(sums.vat, [
				{ vatBp: whole(row.rate), grossMinor: gross, vatMinor: vat, netMinor: gross - vat }
			]);
		}

		const sold = await sql<Record<string, unknown>>`
			SELECT ${json.at(0)} AS product, sum(${json.number(1)}) AS quantity,
				sum(${json.number(2)}) AS paid, min(s.paid_at) AS first
			FROM sales AS s, ${json.each('report_products')} WHERE ${paidIn}
			GROUP BY ${json.at(0)}`.execute(store.db);
		for (const row of sold.rows) {
			const productId = String(row.product);
			const product = products.get(productId) ?? {
				productId,
				quantity: 0,
				paidMinor: 0,
				firstPaidAt: String(row.first)
			};
			product.quantity += whole(row.quantity);
			product.paidMinor += whole(row.paid);
			products.set(productId, product);
		}
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
