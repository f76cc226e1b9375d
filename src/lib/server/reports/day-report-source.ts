/**
 * The day report of one venue day, read from the store: the sales paid that day, those with a
 * staff refund that day and those with deposits out that day (sale-repository.ts), their journal
 * entries, the stations' returns, the kiosks' names; the day as the venue's clock has it
 * (venue-time.ts). Undefined for what is not a day.
 */
import { TZDate } from '@date-fns/tz';
import type { ServerContext } from '../context.ts';
import { returnsBetween } from '../returns/return-records.ts';
import { venueDay } from '../venue-time.ts';
import { dayReport, type DayReport } from './day-report.ts';
import { journalCheck, type JournalCheck } from './journal-check.ts';

type Context = Pick<ServerContext, 'sales' | 'journal' | 'devices' | 'catalog' | 'config'>;

/** Sales per journal query: well under either engine's limit of bound values. */
const REFERENCES_PER_QUERY = 500;

export async function readDayReport(
	context: Context,
	day: string,
	now = new Date()
): Promise<{ report: DayReport; check: JournalCheck } | undefined> {
	const timeZone = context.config.venueTimeZone;
	const range = venueDay(day, timeZone);
	if (!range) return undefined;
	const [paid, refunded, depositSales, devices, currencyCode] = await Promise.all([
		context.sales.paidBetween(range.from, range.to),
		context.sales.refundedSince(range.from),
		context.sales.depositsOutBetween(range.from, range.to),
		context.devices.list(),
		context.catalog.currencyCode()
	]);
	const entries = [];
	for (let start = 0; start < paid.length; start += REFERENCES_PER_QUERY) {
		const references = paid.slice(start, start + REFERENCES_PER_QUERY).map((sale) => sale.id);
		entries.push(...(await context.journal.list({ references, limit: 10_000 })));
	}
	// The stations' returns of the day, and before it those of the containers still out that day.
	const firstIssued = depositSales[0]?.paidAt;
	const returns = await returnsBetween(context.journal, {
		from: firstIssued && firstIssued < range.from ? firstIssued : range.from,
		to: range.to
	});
	const report = dayReport({
		day,
		...range,
		currencyCode,
		paid,
		refunded,
		depositSales,
		returns,
		now: now.toISOString(),
		deviceNames: new Map(devices.map((device) => [device.id, device.name])),
		hourOf: (instant) => new TZDate(new Date(instant), timeZone).getHours()
	});
	return { report, check: journalCheck(paid, entries) };
}
