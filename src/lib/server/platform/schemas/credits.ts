/**
 * IntegrationCreditTransactionResponse (spec 3, "Transaction (response)") in minor units of the
 * transaction's currency. VAT stays the spec's rate number (19, 5.5); quantity stays a number.
 */
import { z } from 'zod';
import { amountSchema, currencyCodeSchema, withMinorUnits } from './common.ts';

/** Per item: enough for a receipt. */
interface CreditTransactionItem {
	/** null for lines without a product (deposits, fees). */
	productId: string | null;
	name: string;
	unitPriceMinor: number;
	quantity: number;
	/** Credits taken for this line. */
	creditsMinor: number;
	discountMinor: number;
	/** What is left to pay externally for this line. */
	outstandingBalanceMinor: number;
	/** VAT rate in percent, as the spec sends it (19, 5.5). */
	vat: number;
}

/** A credit transaction after preview or update: gross − discount = credits + outstanding. */
export interface CreditTransaction {
	/** Used by update, finalize, cancel, refund. */
	transactionId: string;
	/** Credits taken from the wallet (at finalize). */
	totalCreditsMinor: number;
	totalDiscountMinor: number;
	/** To collect externally (card, cash) before finalize. */
	outstandingBalanceMinor: number;
	currencyCode: string;
	items: CreditTransactionItem[];
}

const rawItemSchema = z.object({
	productId: z
		.string()
		.nullish()
		.transform((value) => value ?? null),
	name: z.string(),
	unitPrice: amountSchema,
	quantity: z.number(),
	credits: amountSchema,
	discount: amountSchema,
	outstandingBalance: amountSchema,
	vat: z.number()
});

export const creditTransactionSchema = z
	.object({
		transactionId: z.string().min(1),
		totalCredits: amountSchema,
		totalDiscount: amountSchema,
		outstandingBalance: amountSchema,
		currencyCode: currencyCodeSchema,
		items: z.array(rawItemSchema)
	})
	.transform((raw, ctx): CreditTransaction =>
		withMinorUnits(ctx, raw.currencyCode, (minor) => ({
			transactionId: raw.transactionId,
			totalCreditsMinor: minor(raw.totalCredits, ['totalCredits']),
			totalDiscountMinor: minor(raw.totalDiscount, ['totalDiscount']),
			outstandingBalanceMinor: minor(raw.outstandingBalance, ['outstandingBalance']),
			currencyCode: raw.currencyCode,
			items: raw.items.map((item, index) => ({
				productId: item.productId,
				name: item.name,
				unitPriceMinor: minor(item.unitPrice, ['items', index, 'unitPrice']),
				quantity: item.quantity,
				creditsMinor: minor(item.credits, ['items', index, 'credits']),
				discountMinor: minor(item.discount, ['items', index, 'discount']),
				outstandingBalanceMinor: minor(item.outstandingBalance, [
					'items',
					index,
					'outstandingBalance'
				]),
				vat: item.vat
			}))
		}))
	);

/**
 * finalize, cancel and refund: "Body of the … response: not shown". Any body is accepted (JSON
 * of any shape, empty, or not JSON at all); when it is a Transaction response it is returned
 * converted, otherwise null. The success status is what counts.
 */
export const notShownBodySchema = z.unknown().transform((body): CreditTransaction | null => {
	const parsed = creditTransactionSchema.safeParse(body);
	return parsed.success ? parsed.data : null;
});
