/**
 * The day report as CSV for the accountant: a row per kiosk and one for the total, amounts in
 * major units as decimal text (money.ts: never through a float) so a spreadsheet sums them
 * exactly, the VAT per rate as columns (net, VAT, gross for each rate the day had), and the ledger
 * of the deposits each kiosk issued (deposit-ledger.ts) in containers and money. Streamed: a row
 * is written as the response takes it.
 */
import { minorToDecimalText, scaledIntegerToDecimal } from '@venue-kiosk/vocabulary/money.ts';
import type { DepositLedger, ReportFigures } from '#lib/shared/day-report.ts';
import { csvStream } from '../http/csv.ts';
import type { DayReport } from './day-report.ts';

const AMOUNTS = [
	['gross', 'grossMinor'],
	['discount', 'discountMinor'],
	['paid', 'paidMinor'],
	['credits', 'creditsMinor'],
	['card', 'cardMinor'],
	['service_fee', 'feeMinor'],
	['deposits', 'depositMinor'],
	['refunded_credits', 'refundedCreditsMinor'],
	['refunded_card', 'refundedCardMinor'],
	['net', 'netMinor'],
	['deposits_refunded_at_returns', 'depositsRefundedMinor'],
	['cash_paid_out_at_returns', 'cashPaidOutMinor']
] as const satisfies readonly (readonly [string, keyof ReportFigures])[];

const LEDGER = [
	['out_at_start', 'outAtStart'],
	['issued', 'issued'],
	['returned', 'returned'],
	['forfeited', 'forfeited'],
	['out_at_end', 'outAtEnd']
] as const satisfies readonly (readonly [string, keyof DepositLedger])[];

/** A VAT rate in basis points as the column names carry it: 1900 → `19`, 770 → `7.7`. */
const rateName = (bp: number) => String(scaledIntegerToDecimal(bp, 2));

export function dayReportToCsv(report: DayReport, totalLabel: string): ReadableStream<Uint8Array> {
	const rates = report.total.vat.map((row) => row.vatBp);
	const money = (minor: number) => minorToDecimalText(minor, report.currencyCode);
	const columns = [
		'day',
		'kiosk',
		'currency',
		'sales',
		...AMOUNTS.map(([name]) => name),
		'deposit_containers',
		'refunds_open',
		'returns',
		...rates.flatMap((bp) => [
			`net_${rateName(bp)}`,
			`vat_${rateName(bp)}`,
			`gross_${rateName(bp)}`
		]),
		...LEDGER.flatMap(([name]) => [`ledger_containers_${name}`, `ledger_deposits_${name}`])
	];
	const row = (name: string, figures: ReportFigures, deposits: DepositLedger) => [
		report.day,
		name,
		report.currencyCode,
		figures.salesCount,
		...AMOUNTS.map(([, key]) => money(figures[key])),
		figures.depositContainers,
		figures.refundsOpen,
		figures.returnsCount,
		...rates.flatMap((bp) => {
			const vat = figures.vat.find((candidate) => candidate.vatBp === bp);
			return [vat?.netMinor ?? 0, vat?.vatMinor ?? 0, vat?.grossMinor ?? 0].map(money);
		}),
		...LEDGER.flatMap(([, key]) => [deposits[key].containers, money(deposits[key].minor)])
	];
	function* rows() {
		for (const kiosk of report.kiosks) yield row(kiosk.name, kiosk.figures, kiosk.deposits);
		yield row(totalLabel, report.total, report.deposits);
	}
	return csvStream(columns, rows());
}
