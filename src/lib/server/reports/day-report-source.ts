/**
 * The day report of one venue day, read from the store: the sales paid that day and those with a
 * staff refund that day (sale-repository.ts), their journal entries, the kiosks' names; the day
 * as the venue's clock has it (venue-time.ts). Undefined for what is not a day.
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
	day: string
): Promise<{ report: DayReport; check: JournalCheck } | undefined> {
	const timeZone = context.config.venueTimeZone;
	const range = venueDay(day, timeZone);
	if (!range) return undefined;
	const [paid, refunded, devices, currencyCode] = await Promise.all([
		context.sales.paidBetween(range.from, range.to),
		context.sales.refundedSince(range.from),
		context.devices.list(),
		context.catalog.currencyCode()
	]);
	const entries = [];
	for (let start = 0; start < paid.length; start += REFERENCES_PER_QUERY) {
		const references = paid.slice(start, start + REFERENCES_PER_QUERY).map((sale) => sale.id);
		entries.push(...(await context.journal.list({ references, limit: 10_000 })));
	}
	const returns = await returnsBetween(context.journal, range);
	const report = dayReport({
		day,
		...range,
		currencyCode,
		paid,
		refunded,
		returns,
		deviceNames: new Map(devices.map((device) => [device.id, device.name])),
		hourOf: (instant) => new TZDate(new Date(instant), timeZone).getHours()
	});
	return { report, check: journalCheck(paid, entries) };
}
