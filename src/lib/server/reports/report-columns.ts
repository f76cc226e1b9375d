/**
 * What the day report sums of a sale, kept in the sale's row (sale-repository.ts writes these on
 * every save), so the report is added up in the store (day-report-sums.ts) and never reads a
 * sale's body: the receipt's figures (sale-view.ts saleFigures — the report adds up to the
 * receipts the guests hold), its VAT per rate, its product lines, and the containers it issued as
 * the deposit ledger counts them (deposit-ledger.ts). All null for a sale that is not paid
 * (isPaid), so `report_vat IS NOT NULL` picks the sales a report counts; `report_deposits` is null
 * for a sale that issued no containers.
 *
 * The lists are JSON arrays of arrays, small enough for an index: `report_vat` is
 * `[[vatBp, grossMinor, vatMinor], …]` (ascending rates, as on the receipt), `report_products`
 * `[[productId, quantity, paidMinor], …]` (the product lines, in receipt order; their names are
 * read from the sale itself for the few products a report names), `report_deposits`
 * `[[categoryId, count, unitMinor, expiresAt], …]`; `report_issued_containers` and
 * `report_issued_minor` are their totals when all expire at once (`deposit_expires_at`), null
 * otherwise.
 */
import { isPaid } from '#lib/shared/sale-states.ts';
import type { Sale } from '../sales/sale.ts';
import { saleFigures } from '../sales/sale-view.ts';
import { issuedContainersOf, type IssuedContainers } from './deposit-ledger.ts';

export interface ReportColumns {
	report_gross_minor: number | null;
	report_discount_minor: number | null;
	report_credits_minor: number | null;
	report_card_minor: number | null;
	report_fee_minor: number | null;
	report_deposit_containers: number | null;
	report_deposit_minor: number | null;
	report_vat: string | null;
	report_products: string | null;
	report_deposits: string | null;
	report_fingerprint: string | null;
	report_issued_containers: number | null;
	report_issued_minor: number | null;
}

export type StoredVat = [vatBp: number, grossMinor: number, vatMinor: number];
export type StoredProduct = [productId: string, quantity: number, paidMinor: number];
type StoredCategory = [categoryId: string, count: number, unitMinor: number, expiresAt: string];

const NOT_PAID: ReportColumns = {
	report_gross_minor: null,
	report_discount_minor: null,
	report_credits_minor: null,
	report_card_minor: null,
	report_fee_minor: null,
	report_deposit_containers: null,
	report_deposit_minor: null,
	report_vat: null,
	report_products: null,
	report_deposits: null,
	report_fingerprint: null,
	report_issued_containers: null,
	report_issued_minor: null
};

export function reportColumnsOf(sale: Sale): ReportColumns {
	if (!isPaid(sale) || sale.paidAt === null) return NOT_PAID;
	const figures = saleFigures(sale);
	const sumOf = (kind: string, pick: (line: (typeof figures.lines)[number]) => number) =>
		figures.lines.filter((line) => line.kind === kind).reduce((sum, line) => sum + pick(line), 0);
	const paidOf = (line: (typeof figures.lines)[number]) => line.grossMinor - line.discountMinor;
	const issued = issuedContainersOf(sale);
	return {
		report_gross_minor: figures.grossMinor,
		report_discount_minor: figures.discountMinor,
		report_credits_minor: figures.creditsMinor,
		report_card_minor: figures.cardMinor,
		report_fee_minor: sumOf('fee', paidOf),
		report_deposit_containers: sumOf('deposit', (line) => line.quantity),
		report_deposit_minor: sumOf('deposit', paidOf),
		report_vat: JSON.stringify(
			figures.vat.map((row): StoredVat => [row.vatBp, row.grossMinor, row.vatMinor])
		),
		report_products: JSON.stringify(
			figures.lines.flatMap((line): StoredProduct[] =>
				line.kind === 'product' ? [[line.productId, line.quantity, paidOf(line)]] : []
			)
		),
		report_deposits:
			issued &&
			JSON.stringify(
				issued.categories.map((category): StoredCategory => [
					category.categoryId,
					category.count,
					category.unitMinor,
					category.expiresAt
				])
			),
		report_fingerprint: issued?.codeFingerprint ?? null,
		...issuedTotals(issued)
	};
}

/**
 * The containers a sale issued and their deposits, when all of them expire at once (at
 * `deposit_expires_at`): then the ledger counts them in the store, unless they were returned.
 */
function issuedTotals(issued: IssuedContainers | null) {
	const deadlines = new Set(issued?.categories.map((category) => Date.parse(category.expiresAt)));
	if (!issued || deadlines.size !== 1)
		return { report_issued_containers: null, report_issued_minor: null };
	return {
		report_issued_containers: issued.categories.reduce((sum, category) => sum + category.count, 0),
		report_issued_minor: issued.categories.reduce(
			(sum, category) => sum + category.count * category.unitMinor,
			0
		)
	};
}

/** The containers of a sale as its row keeps them (`report_deposits`). */
export function storedIssuedContainers(row: {
	device_id: string;
	paid_at: string;
	report_fingerprint: string;
	report_deposits: string;
}): IssuedContainers {
	return {
		deviceId: row.device_id,
		issuedAt: row.paid_at,
		codeFingerprint: row.report_fingerprint,
		categories: (JSON.parse(row.report_deposits) as StoredCategory[]).map(
			([categoryId, count, unitMinor, expiresAt]) => ({ categoryId, count, unitMinor, expiresAt })
		)
	};
}
