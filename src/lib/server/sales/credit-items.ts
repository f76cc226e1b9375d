/** The items of a sale's credit preview (spec 3 IntegrationCreditTransactionItemGroupRequest). */
import { scaledIntegerToDecimal } from '@venue-kiosk/vocabulary/money.ts';
import { isPriced, optionProductId } from '#lib/shared/product-options.ts';
import type { CreditItem } from '../platform/credits.ts';
import type { SaleQuote } from './quote.ts';

/**
 * Discount-eligible products, and deposit lines without a product id, so credits can pay them but
 * never discount them (a null productId gets no discount: docs/platform-assumptions.md). A product
 * line keeps its productId and own price; each priced option is a line of its own with the
 * productId `<productId>~<choiceId>` (#lib/shared/product-options.ts), so the platform can discount it as
 * the product it syncs from the product query endpoint (spec 3: "Discounts … per product"; "Only
 * discount-eligible items are sent on preview"). Free options only name the product line.
 * docs/platform-assumptions.md, "Product options".
 */
export function previewItems(quote: SaleQuote): CreditItem[] {
	return [
		...quote.lines.flatMap((line) => {
			const vat = scaledIntegerToDecimal(line.vatBp, 2);
			const free = line.options.filter((option) => !isPriced(option));
			const priced = line.options.filter(isPriced);
			return [
				{
					productId: line.productId,
					name: itemName(
						free.length > 0
							? `${line.name.en} (${free.map((option) => option.name.en).join(', ')})`
							: line.name.en
					),
					quantity: line.quantity,
					unitPriceMinor: line.baseMinor,
					vat
				},
				...priced.map((option) => ({
					productId: optionProductId(line.productId, option.id),
					name: itemName(`${line.name.en}: ${option.name.en}`),
					quantity: line.quantity,
					unitPriceMinor: option.priceMinor,
					vat
				}))
			];
		}),
		...quote.depositLines.map((line) => ({
			productId: null,
			name: `Deposit: ${line.name}`,
			quantity: line.quantity,
			unitPriceMinor: line.unitMinor,
			vat: scaledIntegerToDecimal(line.vatBp, 2)
		}))
	];
}

/** spec 3: an item's name has 1 to 1000 characters (a long name with its options is cut). */
const itemName = (name: string) => [...name].slice(0, 1000).join('');
