/**
 * IntegrationCreditTransactionResponse (spec 3 "Transaction (response)"): amounts as JSON numbers
 * in major units, converted here and only here; quantity and VAT back to the numbers sent.
 */
import { fromMinor, scaledIntegerToDecimal } from '@venue-kiosk/vocabulary/money.ts';
import type { CreditTransaction } from '../state.ts';
import { totalsOf } from './pricing.ts';
import { QUANTITY_SCALE } from './schemas.ts';

export function serializeTransaction(transaction: CreditTransaction) {
	const money = (minor: number) => fromMinor(minor, transaction.currencyCode);
	const totals = totalsOf(transaction.items);
	return {
		transactionId: transaction.id,
		totalCredits: money(totals.creditsMinor),
		totalDiscount: money(totals.discountMinor),
		outstandingBalance: money(totals.outstandingMinor),
		currencyCode: transaction.currencyCode,
		items: transaction.items.map((item) => ({
			productId: item.productId,
			name: item.name,
			unitPrice: money(item.unitPriceMinor),
			quantity: scaledIntegerToDecimal(item.quantityMilli, QUANTITY_SCALE),
			credits: money(item.creditsMinor),
			discount: money(item.discountMinor),
			outstandingBalance: money(item.outstandingMinor),
			vat: scaledIntegerToDecimal(item.vatBp, 2)
		}))
	};
}
