/**
 * The day report (end of day or shift; docs/back-office.md, The day report): per device and in
 * total, the sales paid in the period and what they came to — gross, discounts, credits, card, the
 * service fee, the VAT contained per rate, the containers' deposits issued — the staff refunds
 * confirmed in it, and the deposits the return stations refunded (in cash, where staff paid them
 * out), and the ledger of the deposits the kiosks issued: out, returned, forfeited
 * (deposit-ledger.ts). Pure: built from the sums of the day's sales, added up in the store
 * (day-report-sums.ts), the sales refunded in it (sale-repository.ts refundedSince), the stations'
 * returns and the ledgers; checked against the journal (journal-check.ts).
 *
 * Every figure of a sale is its receipt's (server/sales/sale-view.ts saleFigures, kept with the
 * sale: report-columns.ts), so the report
 * adds up to the receipts the guests hold: a rate's VAT is the sum of the receipts' VAT at that
 * rate, never recomputed on the day's sum (which could differ by a cent per receipt). Invariants,
 * per kiosk and in total (a spec proves them on a seeded day): gross − discount = paid =
 * credits + card; the VAT rows' gross = paid, each row's net + VAT = gross; the total is the sum
 * of the kiosks. Integer minor units throughout.
 */
import type { DepositLedger, ReportFigures, SaleSums } from '#lib/shared/day-report.ts';
import type { VatRow } from '#lib/shared/receipt.ts';
import type { Translated } from '#lib/shared/translated.ts';
import { stationTotals, type ReturnRecord } from '../returns/return-records.ts';
import type { Sale } from '../sales/sale.ts';
import type { DaySums, ProductSums } from './day-report-sums.ts';
import { addLedger, emptyLedger } from './deposit-ledger.ts';

interface KioskFigures {
	deviceId: string;
	name: string;
	figures: ReportFigures;
	/** The containers this kiosk issued (on this day or before) and where they stand. */
	deposits: DepositLedger;
}

export interface DayReport {
	/** The venue's calendar day (`2026-11-22`) and the instants it runs between. */
	day: string;
	from: string;
	to: string;
	currencyCode: string;
	/** The kiosks and return stations with anything in the period, by name. */
	kiosks: KioskFigures[];
	total: ReportFigures;
	deposits: DepositLedger;
	/** Where the deposit ledger ends: `to`, or now while the day runs. */
	depositsUntil: string;
	/** Sales per hour of the venue's clock (0–23, 23 or 25 hours on a day the clocks change). */
	hours: { hour: number; salesCount: number; paidMinor: number }[];
	/** The products sold most (by quantity), with what they brought in. */
	topProducts: { productId: string; name: Translated; quantity: number; paidMinor: number }[];
}

export type TopProduct = DayReport['topProducts'][number];

export interface DayReportInput {
	day: string;
	from: string;
	to: string;
	currencyCode: string;
	/** The sums of the sales paid in [from, to), by kiosk and hour. */
	sums: Pick<DaySums, 'byKiosk' | 'hours'>;
	/** The products sold most, with their names (topProducts). */
	topProducts: TopProduct[];
	/** Sales with a staff refund at or after `from` (any paid day). */
	refunded: readonly Sale[];
	/** The return stations' returns in [from, to). */
	returns: readonly ReturnRecord[];
	/** The deposit ledgers of the day by issuing kiosk (deposit-ledger.ts), to `depositsUntil`. */
	ledgers: ReadonlyMap<string, DepositLedger>;
	depositsUntil: string;
	deviceNames: ReadonlyMap<string, string>;
}

/**
 * The `count` products sold most (by quantity, then by what they brought in, then the first
 * sold), without their names.
 */
export function topProducts(products: readonly ProductSums[], count = 10): ProductSums[] {
	return [...products]
		.sort(
			(a, b) =>
				b.quantity - a.quantity ||
				b.paidMinor - a.paidMinor ||
				(a.firstPaidAt < b.firstPaidAt ? -1 : a.firstPaidAt > b.firstPaidAt ? 1 : 0)
		)
		.slice(0, count);
}

/** No sales: every sum zero. */
export const emptySums = (): SaleSums => ({
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

const empty = (): ReportFigures => ({
	...emptySums(),
	refundedCreditsMinor: 0,
	refundedCardMinor: 0,
	refundsOpen: 0,
	netMinor: 0,
	returnsCount: 0,
	depositsRefundedMinor: 0,
	cashPaidOutMinor: 0
});

/** VAT rows added up per rate, ascending. */
export function addVat(rows: readonly VatRow[], more: readonly VatRow[]): VatRow[] {
	const byRate = new Map(rows.map((row) => [row.vatBp, { ...row }]));
	for (const row of more) {
		const into = byRate.get(row.vatBp);
		if (into) {
			into.grossMinor += row.grossMinor;
			into.vatMinor += row.vatMinor;
			into.netMinor += row.netMinor;
		} else byRate.set(row.vatBp, { ...row });
	}
	return [...byRate.values()].sort((a, b) => a.vatBp - b.vatBp);
}

function addFigures(into: ReportFigures, more: Partial<ReportFigures>): void {
	const { vat, ...amounts } = more;
	for (const [key, value] of Object.entries(amounts) as [
		Exclude<keyof ReportFigures, 'vat'>,
		number
	][])
		into[key] += value;
	into.vat = addVat(into.vat, vat ?? []);
}

export function dayReport(input: DayReportInput): DayReport {
	const byKiosk = new Map<string, ReportFigures>();
	const kiosk = (deviceId: string) => {
		let figures = byKiosk.get(deviceId);
		if (!figures) byKiosk.set(deviceId, (figures = empty()));
		return figures;
	};
	for (const [deviceId, sums] of input.sums.byKiosk) addFigures(kiosk(deviceId), sums);
	for (const sale of input.refunded) {
		for (const refund of sale.refunds) {
			if (refund.at < input.from || refund.at >= input.to) continue;
			const figures = kiosk(sale.deviceId);
			if (refund.outcome === 'refunded') {
				if (refund.kind === 'credits') figures.refundedCreditsMinor += refund.amountMinor;
				else figures.refundedCardMinor += refund.amountMinor;
			} else if (refund.outcome !== 'failed') figures.refundsOpen += 1;
		}
	}
	for (const station of stationTotals(input.returns)) {
		const figures = kiosk(station.deviceId);
		figures.returnsCount += station.returnsCount;
		figures.depositsRefundedMinor += station.refundMinor;
		figures.cashPaidOutMinor += station.cashPaidOutMinor;
	}
	for (const deviceId of input.ledgers.keys()) kiosk(deviceId);
	for (const figures of byKiosk.values())
		figures.netMinor = figures.paidMinor - figures.refundedCreditsMinor - figures.refundedCardMinor;

	const kiosks = [...byKiosk.entries()]
		.map(([deviceId, figures]) => ({
			deviceId,
			name: input.deviceNames.get(deviceId) ?? deviceId,
			figures,
			deposits: input.ledgers.get(deviceId) ?? emptyLedger()
		}))
		.sort((a, b) => a.name.localeCompare(b.name) || a.deviceId.localeCompare(b.deviceId));
	const total = empty();
	const deposits = emptyLedger();
	for (const kiosk of kiosks) {
		addFigures(total, kiosk.figures);
		addLedger(deposits, kiosk.deposits);
	}
	return {
		day: input.day,
		from: input.from,
		to: input.to,
		currencyCode: input.currencyCode,
		kiosks,
		total,
		deposits,
		depositsUntil: input.depositsUntil,
		hours: input.sums.hours,
		topProducts: input.topProducts
	};
}
