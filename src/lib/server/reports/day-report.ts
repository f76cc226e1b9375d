/**
 * The day report (end of day or shift; docs/back-office.md, The day report): per device and in
 * total, the sales paid in the period and what they came to — gross, discounts, credits, card, the
 * service fee, the VAT contained per rate, the containers' deposits issued — the staff refunds
 * confirmed in it, and the deposits the return stations refunded (in cash, where staff paid them
 * out), and the ledger of the deposits the kiosks issued: out, returned, forfeited
 * (deposit-ledger.ts). Pure: built from the sales (sale-repository.ts paidBetween, refundedSince)
 * and checked against the journal (journal-check.ts).
 *
 * Every figure of a sale is its receipt's (server/sales/sale-view.ts saleFigures), so the report
 * adds up to the receipts the guests hold: a rate's VAT is the sum of the receipts' VAT at that
 * rate, never recomputed on the day's sum (which could differ by a cent per receipt). Invariants,
 * per kiosk and in total (a spec proves them on a seeded day): gross − discount = paid =
 * credits + card; the VAT rows' gross = paid, each row's net + VAT = gross; the total is the sum
 * of the kiosks. Integer minor units throughout.
 */
import type { DepositLedger, ReportFigures } from '#lib/shared/day-report.ts';
import type { ReceiptFigures, VatRow } from '#lib/shared/receipt.ts';
import { isPaid } from '#lib/shared/sale-states.ts';
import type { Translated } from '#lib/shared/translated.ts';
import { stationTotals, type ReturnRecord } from '../returns/return-records.ts';
import type { Sale } from '../sales/sale.ts';
import { saleFigures } from '../sales/sale-view.ts';
import { addLedger, depositLedgers, emptyLedger } from './deposit-ledger.ts';

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

export interface DayReportInput {
	day: string;
	from: string;
	to: string;
	currencyCode: string;
	/** The sales paid in [from, to). */
	paid: readonly Sale[];
	/** Sales with a staff refund at or after `from` (any paid day). */
	refunded: readonly Sale[];
	/** Sales whose deposits were out at some time in the day (depositsOutBetween). */
	depositSales: readonly Sale[];
	/**
	 * The return stations' returns before `to`, from the first payment of `depositSales` on (or
	 * `from`, if that is earlier); the day's are those at or after `from`.
	 */
	returns: readonly ReturnRecord[];
	/** Now: while the day runs, its deposit ledger ends here. */
	now: string;
	deviceNames: ReadonlyMap<string, string>;
	/** The venue's hour (0–23) of an instant. */
	hourOf: (instant: string) => number;
	/** How many products the top list keeps. */
	topCount?: number;
}

const empty = (): ReportFigures => ({
	salesCount: 0,
	grossMinor: 0,
	discountMinor: 0,
	paidMinor: 0,
	creditsMinor: 0,
	cardMinor: 0,
	feeMinor: 0,
	depositContainers: 0,
	depositMinor: 0,
	vat: [],
	refundedCreditsMinor: 0,
	refundedCardMinor: 0,
	refundsOpen: 0,
	netMinor: 0,
	returnsCount: 0,
	depositsRefundedMinor: 0,
	cashPaidOutMinor: 0
});

const lineSum = (
	figures: ReceiptFigures,
	kind: string,
	pick: (paid: number, q: number) => number
) =>
	figures.lines
		.filter((line) => line.kind === kind)
		.reduce((sum, line) => sum + pick(line.grossMinor - line.discountMinor, line.quantity), 0);

function addVat(rows: VatRow[], more: readonly VatRow[]): VatRow[] {
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

function addSale(into: ReportFigures, figures: ReceiptFigures): void {
	into.salesCount += 1;
	into.grossMinor += figures.grossMinor;
	into.discountMinor += figures.discountMinor;
	into.paidMinor += figures.paidMinor;
	into.creditsMinor += figures.creditsMinor;
	into.cardMinor += figures.cardMinor;
	into.feeMinor += lineSum(figures, 'fee', (paid) => paid);
	into.depositContainers += lineSum(figures, 'deposit', (_, quantity) => quantity);
	into.depositMinor += lineSum(figures, 'deposit', (paid) => paid);
	into.vat = addVat(into.vat, figures.vat);
}

function addFigures(into: ReportFigures, more: ReportFigures): void {
	const { vat, ...amounts } = more;
	for (const [key, value] of Object.entries(amounts) as [
		Exclude<keyof ReportFigures, 'vat'>,
		number
	][])
		into[key] += value;
	into.vat = addVat(into.vat, vat);
}

export function dayReport(input: DayReportInput): DayReport {
	const byKiosk = new Map<string, ReportFigures>();
	const kiosk = (deviceId: string) => {
		let figures = byKiosk.get(deviceId);
		if (!figures) byKiosk.set(deviceId, (figures = empty()));
		return figures;
	};
	const hours = new Map<number, { salesCount: number; paidMinor: number }>();
	const products = new Map<string, DayReport['topProducts'][number]>();

	for (const sale of input.paid) {
		if (!isPaid(sale) || sale.paidAt === null) continue;
		const figures = saleFigures(sale);
		addSale(kiosk(sale.deviceId), figures);
		const hourOfDay = input.hourOf(sale.paidAt);
		const hour = hours.get(hourOfDay) ?? { salesCount: 0, paidMinor: 0 };
		hours.set(hourOfDay, {
			salesCount: hour.salesCount + 1,
			paidMinor: hour.paidMinor + figures.paidMinor
		});
		for (const line of figures.lines) {
			if (line.kind !== 'product') continue;
			const product = products.get(line.productId) ?? {
				productId: line.productId,
				name: line.name,
				quantity: 0,
				paidMinor: 0
			};
			product.quantity += line.quantity;
			product.paidMinor += line.grossMinor - line.discountMinor;
			products.set(line.productId, product);
		}
	}
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
	const returnsOfTheDay = input.returns.filter(
		(record) => input.from <= record.at && record.at < input.to
	);
	for (const station of stationTotals(returnsOfTheDay)) {
		const figures = kiosk(station.deviceId);
		figures.returnsCount += station.returnsCount;
		figures.depositsRefundedMinor += station.refundMinor;
		figures.cashPaidOutMinor += station.cashPaidOutMinor;
	}
	const depositsUntil = input.now < input.to ? input.now : input.to;
	const ledgers = depositLedgers({
		from: input.from,
		until: depositsUntil,
		sales: input.depositSales,
		returns: input.returns
	});
	for (const deviceId of ledgers.keys()) kiosk(deviceId);
	for (const figures of byKiosk.values())
		figures.netMinor = figures.paidMinor - figures.refundedCreditsMinor - figures.refundedCardMinor;

	const kiosks = [...byKiosk.entries()]
		.map(([deviceId, figures]) => ({
			deviceId,
			name: input.deviceNames.get(deviceId) ?? deviceId,
			figures,
			deposits: ledgers.get(deviceId) ?? emptyLedger()
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
		depositsUntil,
		hours: [...hours.entries()]
			.sort(([a], [b]) => a - b)
			.map(([hour, figures]) => ({ hour, ...figures })),
		topProducts: [...products.values()]
			.sort((a, b) => b.quantity - a.quantity || b.paidMinor - a.paidMinor)
			.slice(0, input.topCount ?? 10)
	};
}
