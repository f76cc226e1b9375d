/**
 * A sale as the guest screen receives it (#lib/shared/sale-view.ts says what it holds): the sale
 * without what stays on the server; the screen draws the deposit code's QR code itself
 * (components/kiosk/deposit-qr.ts). The containers carry the names staff gave them
 * (catalog/menu-names.ts) beside the platform's, as they are now: the screens and the receipt
 * name them by the one rule (#lib/shared/format.ts containerName).
 */
import { figuresOf, type ReceiptFigures } from '#lib/shared/receipt.ts';
import type { IssuedDeposit, SaleView } from '#lib/shared/sale-view.ts';
import type { VenueNames } from '#lib/shared/translated.ts';
import type { Sale } from './sale.ts';

type ContainerNames = VenueNames['containers'];

export function saleView(sale: Sale, containers: ContainerNames = {}): SaleView {
	return {
		...viewWithoutCode(sale, containers),
		deposit: sale.deposit && namedDeposit(sale.deposit, containers)
	};
}

/** A sale's containers' code with the names staff gave its containers. */
export function namedDeposit(deposit: IssuedDeposit, containers: ContainerNames): IssuedDeposit {
	return {
		...deposit,
		categories: deposit.categories.map((category) => ({
			...category,
			names: containers[category.categoryId]
		}))
	};
}

/**
 * A sale's receipt figures — lines, totals, the VAT contained per rate — exactly as its receipt
 * shows them (#lib/shared/receipt.ts), without its deposit code: the day report sums these (no
 * `containers` names needed), the printed receipt names its lines with them.
 */
export function saleFigures(sale: Sale, containers: ContainerNames = {}): ReceiptFigures {
	return figuresOf({ ...viewWithoutCode(sale, containers), deposit: null });
}

function viewWithoutCode(sale: Sale, containers: ContainerNames): Omit<SaleView, 'deposit'> {
	const { quote } = sale;
	const feeMinor = sale.credits ? 0 : quote.serviceFeeMinor;
	return {
		id: sale.id,
		state: sale.state,
		currencyCode: quote.currencyCode,
		lines: quote.lines.map(
			({
				productId,
				name,
				options,
				quantity,
				unitMinor,
				lineMinor,
				vatBp,
				allergens,
				additives
			}) => ({
				productId,
				name,
				options,
				quantity,
				unitMinor,
				lineMinor,
				vatBp,
				...(allergens?.length ? { allergens } : {}),
				...(additives?.length ? { additives } : {})
			})
		),
		depositLines: quote.depositLines.map(
			({ categoryId, name, quantity, unitMinor, lineMinor, vatBp, expirationHours }) => ({
				categoryId,
				name,
				names: containers[categoryId],
				quantity,
				unitMinor,
				lineMinor,
				vatBp,
				expirationHours
			})
		),
		goodsMinor: quote.goodsMinor,
		depositMinor: quote.depositMinor,
		/** Card-only sales pay the fee on top; with credits it is a line of the credit summary. */
		serviceFeeMinor: feeMinor,
		serviceFeeVatBp: quote.serviceFeeVatBp,
		totalMinor: quote.totalMinor + feeMinor,
		credits: sale.credits,
		cardPaidMinor: sale.cardPaidMinor,
		orderNumber: sale.orderNumber,
		problem: sale.problem
	};
}
