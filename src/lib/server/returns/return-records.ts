/**
 * The returns this venue's return stations completed in a period, from the return desk's own
 * journal entries (return-entries.ts): a validate that succeeded, or whose lost answer a fresh
 * preview settled as done (lost-validate.ts). For the back office's returns list — the cash count
 * of a staff-attended station — and the day report's deposits refunded at the stations.
 */
import type { ReturnedLine } from '#lib/shared/return-view.ts';
import type { Journal } from '../journal/journal.ts';
import { JournalOperation } from '../journal/journal-operation.ts';
import { entryResultSchema, validateEntrySchema } from './return-entries.ts';

export interface ReturnRecord {
	returnId: string;
	deviceId: string;
	/** The returned code's fingerprint (return-entries.ts); null for an entry that cannot be read. */
	codeFingerprint: string | null;
	/** When the station sent the return to the platform. */
	at: string;
	lines: ReturnedLine[];
	/** What the guest got back (the lines' refunds; one currency per venue). */
	refundMinor: number;
	/** Paid out by staff at the station (staff-attended); null for returns journaled before this was kept. */
	payOut: boolean | null;
}

/** What a station's returns came to: the cash count of a staff-attended one. */
export interface StationTotals {
	deviceId: string;
	returnsCount: number;
	/** The deposits refunded. */
	refundMinor: number;
	/** Of those, paid out in cash by staff. */
	cashPaidOutMinor: number;
}

/** The records' totals per station, in the order the stations first appear. */
export function stationTotals(records: readonly ReturnRecord[]): StationTotals[] {
	const byStation = new Map<string, StationTotals>();
	for (const record of records) {
		const totals = byStation.get(record.deviceId) ?? {
			deviceId: record.deviceId,
			returnsCount: 0,
			refundMinor: 0,
			cashPaidOutMinor: 0
		};
		totals.returnsCount += 1;
		totals.refundMinor += record.refundMinor;
		if (record.payOut) totals.cashPaidOutMinor += record.refundMinor;
		byStation.set(record.deviceId, totals);
	}
	return [...byStation.values()];
}

/** The returns in [from, to), oldest first, read `pageSize` entries a query (the journal's most). */
export async function returnsBetween(
	journal: Journal,
	range: { from: string; to: string },
	{ pageSize = 10_000 } = {}
): Promise<ReturnRecord[]> {
	const entries = [];
	for (let beforeId: number | undefined; ;) {
		const page = await journal.list({
			operation: JournalOperation.depositValidate,
			since: range.from,
			until: range.to,
			...(beforeId === undefined ? {} : { beforeId }),
			limit: pageSize
		});
		entries.push(...page);
		if (page.length < pageSize) break;
		beforeId = page.at(-1)!.id;
	}
	return entries
		.filter((entry) => entry.status === 'succeeded' || entry.status === 'resolved')
		.flatMap((entry): ReturnRecord[] => {
			const lines = entryResultSchema.safeParse(entry.result).data?.lines;
			if (!lines || lines.length === 0) return [];
			const request = validateEntrySchema.safeParse(entry.request).data;
			return [
				{
					returnId: entry.reference,
					deviceId: entry.deviceId,
					codeFingerprint: request?.codeFingerprint ?? null,
					at: entry.createdAt,
					lines,
					refundMinor: lines.reduce((sum, line) => sum + line.refundMinor, 0),
					payOut: request?.payOut ?? null
				}
			];
		})
		.reverse();
}
