/**
 * The day report of one venue day, read from the store: the sums of the sales paid that day,
 * added up in the store (day-report-sums.ts), the names of its top products, the sales with a
 * staff refund that day, the deposit ledger counted from the containers kept with the sales whose
 * deposits were out that day (read a page at a time, so memory holds a page, never the day), the
 * stations' returns, the kiosks' names; the day as the venue's clock has it (venue-time.ts).
 * Undefined for what is not a day.
 */
import { TZDate } from '@date-fns/tz';
import type { ServerContext } from '../context.ts';
import { returnsBetween } from '../returns/return-records.ts';
import { saleFigures } from '../sales/sale-view.ts';
import type { Store } from '../store/store.ts';
import { venueDay } from '../venue-time.ts';
import { dayReport, topProducts, type DayReport, type TopProduct } from './day-report.ts';
import { daySums, letRequestsIn, type ProductSums } from './day-report-sums.ts';
import { depositLedgers, type DepositLedgerBook } from './deposit-ledger.ts';
import type { JournalCheck } from './journal-check.ts';
import { storedIssuedContainers } from './report-columns.ts';

type Context = Pick<
	ServerContext,
	'store' | 'sales' | 'journal' | 'devices' | 'catalog' | 'config'
>;

/** Sales whose containers are counted per page of the deposit ledger. */
const LEDGER_PAGE = 1000;

export async function readDayReport(
	context: Context,
	day: string,
	now = new Date()
): Promise<{ report: DayReport; check: JournalCheck } | undefined> {
	const timeZone = context.config.venueTimeZone;
	const range = venueDay(day, timeZone);
	if (!range) return undefined;
	const hourOf = (instant: string) => new TZDate(new Date(instant), timeZone).getHours();
	const sums = await daySums(context.store, range, hourOf);
	const [refunded, devices, currencyCode, firstIssued, top] = await Promise.all([
		context.sales.refundedSince(range.from),
		context.devices.list(),
		context.catalog.currencyCode(),
		context.sales.firstPaidWithDepositsOutAfter(range.from),
		named(context, topProducts(sums.products))
	]);
	// The stations' returns of the day, and before it those of the containers still out that day.
	const returns = await returnsBetween(context.journal, {
		from: firstIssued && firstIssued < range.from ? firstIssued : range.from,
		to: range.to
	});
	const nowText = now.toISOString();
	const depositsUntil = nowText < range.to ? nowText : range.to;
	const ledger = depositLedgers({ from: range.from, until: depositsUntil, returns });
	await countContainersOut(context.store, range, ledger);
	const report = dayReport({
		day,
		...range,
		currencyCode,
		sums,
		topProducts: top,
		refunded,
		returns: returns.filter((record) => range.from <= record.at && record.at < range.to),
		ledgers: ledger.ledgers,
		depositsUntil,
		deviceNames: new Map(devices.map((device) => [device.id, device.name]))
	});
	return { report, check: sums.check };
}

/**
 * Counts in `ledger` the containers of the paid sales whose deposits were out at some time in
 * [from, to): paid before `to`, their last containers expiring after `from`.
 */
async function countContainersOut(
	store: Store,
	range: { from: string; to: string },
	ledger: DepositLedgerBook
): Promise<void> {
	// Keyset pages over the index, after the last row read as one row value: both engines seek the
	// index to it (with `from` as a second lower bound SQLite would scan from there every page).
	for (let after: { expiresAt: string; id: string } | null = null; ;) {
		await letRequestsIn();
		const rows = await store.db
			.selectFrom('sales')
			.select([
				'id',
				'device_id',
				'paid_at',
				'deposit_expires_at',
				'report_fingerprint',
				'report_deposits'
			])
			.where('report_deposits', 'is not', null)
			.where('paid_at', '<', range.to)
			.where((eb) =>
				after
					? eb(eb.refTuple('deposit_expires_at', 'id'), '>', eb.tuple(after.expiresAt, after.id))
					: eb('deposit_expires_at', '>', range.from)
			)
			.orderBy('deposit_expires_at')
			.orderBy('id')
			.limit(LEDGER_PAGE)
			.execute();
		for (const row of rows)
			ledger.count(
				storedIssuedContainers({
					device_id: row.device_id,
					paid_at: row.paid_at!,
					report_fingerprint: row.report_fingerprint!,
					report_deposits: row.report_deposits!
				})
			);
		if (rows.length < LEDGER_PAGE) return;
		const last = rows.at(-1)!;
		after = { expiresAt: last.deposit_expires_at!, id: last.id };
	}
}

/**
 * The top products with their names: each as the line of the first sale of it in the period
 * names it (the name it was sold under, not the menu's of today).
 */
async function named(context: Context, products: readonly ProductSums[]): Promise<TopProduct[]> {
	return Promise.all(
		products.map(async ({ productId, quantity, paidMinor, firstPaidAt }) => {
			const sale = await context.sales.firstPaidWithProduct(productId, firstPaidAt);
			const line = sale
				? saleFigures(sale).lines.find(
						(candidate) => candidate.kind === 'product' && candidate.productId === productId
					)
				: undefined;
			const name = line?.kind === 'product' ? line.name : { en: productId };
			return { productId, name, quantity, paidMinor };
		})
	);
}
