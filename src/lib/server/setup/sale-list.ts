/** A sale as a row of the back office's sales list: enough to recognise it, nothing more. */
import { amountsOf } from '../sales/sale-amounts.ts';
import type { Sale } from '../sales/sale.ts';

export function saleListRow(sale: Sale, deviceNames: ReadonlyMap<string, string>) {
	const { totalMinor, paymentKind } = amountsOf(sale);
	return {
		id: sale.id,
		createdAt: sale.createdAt,
		device: deviceNames.get(sale.deviceId) ?? sale.deviceId,
		orderNumber: sale.orderNumber,
		state: sale.state,
		paymentKind,
		totalMinor,
		currencyCode: sale.quote.currencyCode,
		depositSequence: sale.deposit?.sequenceNumber ?? null
	};
}
