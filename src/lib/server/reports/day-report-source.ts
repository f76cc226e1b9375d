/**
 * The day report of one venue day, read from the store: the sums of the sales paid that day,
 * added up in the store (day-report-sums.ts), the names of its top products, the sales with a
 * staff refund that day, the deposit ledger counted from the containers kept with the sales whose
 * deposits were out that day (read a page at a time, so memory holds a page, never the day), the
 * stations' returns, the kiosks' names; the day as the venue's clock has it (venue-time.ts).
 * Undefined for what is not a day.
 */
import { TZDate } from '@date-fns/tz';
import { sql, type RawBuilder } from 'kysely';
import type { DepositLedger } from '#lib/shared/day-report.ts';
import type { ServerContext } from '../context.ts';
import { returnsBetween, type ReturnRecord } from '../returns/return-records.ts';
import { saleFigures } from '../sales/sale-view.ts';
import type { Store } from '../store/store.ts';
import { venueDay } from '../venue-time.ts';
import { dayReport, topProducts, type DayReport, type TopProduct } from './day-report.ts';
import { daySums, letRequestsIn, type ProductSums } from './day-report-sums.ts';
import { addLedger, depositLedgers, emptyLedger, subtractLedger } from './deposit-ledger.ts';
import type { JournalCheck } from './journal-check.ts';
import { storedIssuedContainers } from './report-columns.ts';

type Context = Pick<
	ServerContext,
	'store' | 'sales' | 'journal' | 'devices' | 'catalog' | 'config'
>;

/** Sales whose containers are counted per page of the deposit ledger. */
const LEDGER_PAGE = 1000;
/** Deadlines summed an hour at a time over this many hours from the day's start, then the rest. */
const DEADLINE_HOURS_SLICED = 48;
const HOUR_MS = 3_600_000;
/** Returned codes per query: well under either engine's limit of bound values. */
const CODES_PER_QUERY = 500;

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
	const ledgers = await depositLedgersOf(
		context.store,
		{ ...range, until: depositsUntil },
		returns
	);
	const report = dayReport({
		day,
		...range,
		currencyCode,
		sums,
		topProducts: top,
		refunded,
		returns: returns.filter((record) => range.from <= record.at && record.at < range.to),
		ledgers,
		depositsUntil,
		deviceNames: new Map(devices.map((device) => [device.id, device.name]))
	});
	return { report, check: sums.check };
}

interface LedgerPeriod {
	/** The day's instants: the sales counted are those whose containers were out in it. */
	from: string;
	to: string;
	/** Where the ledger ends: `to`, or now while the day runs. */
	until: string;
}

/**
 * The deposit ledgers of the day by issuing kiosk (deposit-ledger.ts), of the paid sales whose
 * deposits were out at some time in [from, to): paid before `to`, their last containers expiring
 * after `from`. Most sales' containers expire at once and were never returned: for those the
 * ledger's rules come down to comparing two instants with the period's, which the store sums
 * (deposit-ledger.ts: out at t when issued before t and expiring after; issued in the period;
 * forfeited when the deadline falls in it). The sales of a returned code are counted by the rules
 * themselves, their sums without returns taken back; so are the few whose categories expire at
 * different times.
 */
async function depositLedgersOf(
	store: Store,
	period: LedgerPeriod,
	returns: readonly ReturnRecord[]
): Promise<Map<string, DepositLedger>> {
	const { from, until } = period;
	const book = depositLedgers({ from, until, returns });
	const withoutReturns = depositLedgers({ from, until, returns: [] });
	const summed = await sumContainersOut(store, period);

	const returned = new Set(returns.flatMap((record) => record.codeFingerprint ?? []));
	const codes = [...returned];
	for (let start = 0; start < codes.length; start += CODES_PER_QUERY) {
		await letRequestsIn();
		const rows = await containersOut(store, period)
			.where('report_fingerprint', 'in', codes.slice(start, start + CODES_PER_QUERY))
			.execute();
		for (const row of rows) {
			const issued = issuedOf(row);
			book.count(issued);
			if (row.report_issued_containers !== null) withoutReturns.count(issued);
		}
	}
	// Keyset pages over the index, after the last row read as one row value: both engines seek the
	// index to it (with `from` as a second lower bound SQLite would scan from there every page).
	for (let after: { expiresAt: string; id: string } | null = null; ;) {
		await letRequestsIn();
		const rows: ContainerRow[] = await containersOut(store, period, after)
			.where('report_issued_containers', 'is', null)
			.orderBy('deposit_expires_at')
			.orderBy('id')
			.limit(LEDGER_PAGE)
			.execute();
		for (const row of rows) if (!returned.has(row.report_fingerprint!)) book.count(issuedOf(row));
		if (rows.length < LEDGER_PAGE) break;
		const last = rows.at(-1)!;
		after = { expiresAt: last.deposit_expires_at!, id: last.id };
	}

	for (const [deviceId, ledger] of book.ledgers) {
		const into = summed.get(deviceId) ?? emptyLedger();
		addLedger(into, ledger);
		const counted = withoutReturns.ledgers.get(deviceId);
		if (counted) subtractLedger(into, counted);
		summed.set(deviceId, into);
	}
	return summed;
}

/** The containers out in the period, of the sales whose containers expire at once, summed. */
async function sumContainersOut(
	store: Store,
	{ from, to, until }: LedgerPeriod
): Promise<Map<string, DepositLedger>> {
	await letRequestsIn();
	const counted = (when: RawBuilder<unknown>) =>
		sql`sum(CASE WHEN ${when} THEN s.report_issued_containers ELSE 0 END)`;
	const money = (when: RawBuilder<unknown>) =>
		sql`sum(CASE WHEN ${when} THEN s.report_issued_minor ELSE 0 END)`;
	const outAt = (t: string) => sql`s.paid_at < ${t} AND s.deposit_expires_at > ${t}`;
	const when = {
		outAtStart: outAt(from),
		issued: sql`s.paid_at >= ${from} AND s.paid_at < ${until}`,
		forfeited: sql`s.deposit_expires_at > ${from} AND s.deposit_expires_at <= ${until}`,
		outAtEnd: outAt(until)
	};
	const amount = (containers: unknown, minor: unknown) => ({
		containers: Number(containers ?? 0),
		minor: Number(minor ?? 0)
	});
	const sums = new Map<string, DepositLedger>();
	// By the hour of the deadline (the last slice open-ended): short queries, requests let in.
	const start = Date.parse(from);
	for (let hour = 0; hour <= DEADLINE_HOURS_SLICED; hour += 1) {
		await letRequestsIn();
		const after = new Date(start + hour * HOUR_MS).toISOString();
		const until_ = new Date(start + (hour + 1) * HOUR_MS).toISOString();
		const inSlice =
			hour < DEADLINE_HOURS_SLICED
				? sql`s.deposit_expires_at > ${after} AND s.deposit_expires_at <= ${until_}`
				: sql`s.deposit_expires_at > ${after}`;
		const result = await sql<Record<string, unknown>>`
			SELECT s.device_id,
				${counted(when.outAtStart)} AS start_containers, ${money(when.outAtStart)} AS start_minor,
				${counted(when.issued)} AS issued_containers, ${money(when.issued)} AS issued_minor,
				${counted(when.forfeited)} AS forfeited_containers,
				${money(when.forfeited)} AS forfeited_minor,
				${counted(when.outAtEnd)} AS end_containers, ${money(when.outAtEnd)} AS end_minor
			FROM sales AS s
			WHERE s.report_deposits IS NOT NULL AND s.report_issued_containers IS NOT NULL
				AND ${inSlice} AND s.paid_at < ${to}
			GROUP BY s.device_id`.execute(store.db);
		for (const row of result.rows) {
			const ledger: DepositLedger = {
				outAtStart: amount(row.start_containers, row.start_minor),
				issued: amount(row.issued_containers, row.issued_minor),
				returned: { containers: 0, minor: 0 },
				forfeited: amount(row.forfeited_containers, row.forfeited_minor),
				outAtEnd: amount(row.end_containers, row.end_minor)
			};
			const deviceId = String(row.device_id);
			const into = sums.get(deviceId);
			if (into) addLedger(into, ledger);
			else sums.set(deviceId, ledger);
		}
	}
	return sums;
}

/** The paid sales whose containers were out at some time in the period, after `after`. */
function containersOut(
	store: Store,
	{ from, to }: LedgerPeriod,
	after: { expiresAt: string; id: string } | null = null
) {
	return store.db
		.selectFrom('sales')
		.select([
			'id',
			'device_id',
			'paid_at',
			'deposit_expires_at',
			'report_issued_containers',
			'report_fingerprint',
			'report_deposits'
		])
		.where('report_deposits', 'is not', null)
		.where('paid_at', '<', to)
		.where((eb) =>
			after
				? eb(eb.refTuple('deposit_expires_at', 'id'), '>', eb.tuple(after.expiresAt, after.id))
				: eb('deposit_expires_at', '>', from)
		);
}

interface ContainerRow {
	id: string;
	device_id: string;
	paid_at: string | null;
	deposit_expires_at: string | null;
	report_issued_containers: number | null;
	report_fingerprint: string | null;
	report_deposits: string | null;
}

const issuedOf = (row: ContainerRow) =>
	storedIssuedContainers({
		device_id: row.device_id,
		paid_at: row.paid_at!,
		report_fingerprint: row.report_fingerprint!,
		report_deposits: row.report_deposits!
	});

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
