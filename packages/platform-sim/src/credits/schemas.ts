/**
 * Request bodies of spec 3 ("Resources and their fields", "Endpoints"), as zod schemas: strict
 * about types (no coercion), tolerant of extra fields (they are dropped). Currency-dependent
 * decimals and the VAT enum are checked afterwards in `items.ts`.
 */
import { z } from 'zod';
import { PAYMENT_TYPES } from '@venue-kiosk/vocabulary/platform-vocabulary.ts';
import { decimalToScaledInteger } from '@venue-kiosk/vocabulary/money.ts';

/** Quantities are kept in thousandths (CreditItem.quantityMilli). */
export const QUANTITY_SCALE = 3;

function fitsScale(scale: number) {
	return (value: number) => {
		try {
			decimalToScaledInteger(value, scale);
			return true;
		} catch {
			return false;
		}
	};
}

/** spec 3 preview body: "currencyCode | string | ISO 4217, pattern ^[A-Z]{3}$". */
const currencyCode = z.string().regex(/^[A-Z]{3}$/, 'must match ^[A-Z]{3}$ (ISO 4217)');

/** IntegrationCreditTransactionItemGroupRequest (spec 3 "Transaction item (request)"). */
export const itemSchema = z.object({
	// "productId | string | no (may be null) | 1 to 255 characters"
	productId: z
		.string()
		.min(1)
		.max(255)
		.nullish()
		.transform((value) => value ?? null),
	// "quantity | number | yes | minimum 1"; at most 3 decimals (our choice, stored in thousandths)
	quantity: z
		.number()
		.min(1)
		.refine(fitsScale(QUANTITY_SCALE), `must have at most ${QUANTITY_SCALE} decimal places`),
	// "unitPrice | number | yes"; not negative, decimals checked against the currency later
	unitPrice: z.number().min(0),
	// "vat | number | yes | minimum 0; one of the supported rates" (the set: items.ts)
	vat: z.number().min(0),
	// "name | string | yes | 1 to 1000 characters"
	name: z.string().min(1).max(1000)
});
export type ItemRequest = z.output<typeof itemSchema>;

/** IntegrationCreateCreditTransactionPreviewRequest (spec 3, POST …/preview). */
export const previewBodySchema = z.object({
	paymentType: z.enum(PAYMENT_TYPES),
	currencyCode,
	// "items | array of transaction items | yes | at least 1"
	items: z.array(itemSchema).min(1)
});
export type PreviewBody = z.output<typeof previewBodySchema>;

/** IntegrationUpdateCreditTransactionRequest (spec 3, POST …/update). */
export const updateBodySchema = z.object({
	currencyCode,
	// "newItems (array of transaction items, required, at least 1)"
	newItems: z.array(itemSchema).min(1)
});

/** IntegrationRefundCreditTransactionRequest: "comment (string, optional, 1 to 2000 characters)". */
export const refundBodySchema = z.object({
	comment: z.string().min(1).max(2000).optional()
});

/** Control API: POST /_sim/transaction-keys. */
export const issueKeySchema = z.strictObject({
	walletId: z.string().min(1).max(255),
	leadingZeros: z.int().min(0).max(31).default(0)
});
