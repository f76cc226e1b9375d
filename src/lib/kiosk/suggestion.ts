/**
 * The one product the kiosk offers before paying ("add a pretzel?"): the product staff chose in
 * setup, while it is on the menu, not sold out and not already in the basket. The offer is made once per
 * guest and never stands in the way: the ways to pay stay on the same screen beside it. A product
 * that asks for a choice (a size) is not offered: one tap adds the suggestion as it is.
 */
import { needsChoice } from '#lib/shared/product-options.ts';
import { quantityOf } from './basket.ts';
import type { BasketLine, MenuProduct } from './types.ts';

export function suggestionFor(
	basket: readonly BasketLine[],
	products: readonly MenuProduct[],
	suggestedProductId: string | null | undefined
): MenuProduct | null {
	if (!suggestedProductId || quantityOf(basket, suggestedProductId) > 0) return null;
	const product = products.find((candidate) => candidate.id === suggestedProductId);
	return product && !product.soldOut && !needsChoice(product.options) ? product : null;
}
