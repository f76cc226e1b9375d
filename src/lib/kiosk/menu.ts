/**
 * The menu as the guest screen works with it: the products in menu order (sold-out ones marked), each with the
 * deposit its container carries when the deposit terms map it — the same rule the server's quote
 * applies (same currency as the product, configuration active), so what the menu promises is
 * what the sale charges. Pure: the server's load and the screen's kept snapshot both use it.
 */
import { NO_FACTS } from '#lib/shared/food-facts.ts';
import type { DepositTerms, MenuItem } from '#lib/shared/screen-snapshot.ts';
import type { MenuProduct } from './types.ts';

export function menuOf(items: readonly MenuItem[], terms: DepositTerms | null): MenuProduct[] {
	return items.map((item) => {
		const categoryId = terms?.products.find((mapping) => mapping.productId === item.id)?.categoryId;
		const category = terms?.categories.find((candidate) => candidate.id === categoryId);
		return {
			...item,
			options: item.options ?? [],
			facts: item.facts ?? NO_FACTS,
			additiveNames: item.additiveNames ?? {},
			deposit:
				category && category.currencyCode === item.currencyCode
					? {
							categoryId: category.id,
							name: category.name,
							names: category.names,
							unitMinor: category.unitMinor,
							expirationHours: category.expirationHours
						}
					: null
		};
	});
}

/**
 * What the menu offers: the products not sold out. A sold-out product is not shown at all (the
 * same flag also keeps off the menu what a venue does not sell here); the basket still names it
 * when it holds one (basket.ts), so the guest learns which line is gone.
 */
export function offeredProducts(products: readonly MenuProduct[]): MenuProduct[] {
	return products.filter((product) => !product.soldOut);
}

/** The categories in menu order (the order their first product appears in). */
export function categoriesOf(products: readonly MenuProduct[]): string[] {
	return [...new Set(products.map((product) => product.category))];
}

/** The menu's pictures, in menu order: the ones the kiosk keeps ready (kept-pictures.svelte.ts). */
export function picturesOf(products: readonly MenuProduct[]): string[] {
	return products.flatMap((product) => (product.image ? [product.image] : []));
}

/**
 * What the attract screen shows to invite guests in: up to `count` products with a picture and
 * not sold out, the first of each category in menu order before any second one, so the screen
 * shows the range.
 */
export function featuredProducts(products: readonly MenuProduct[], count: number): MenuProduct[] {
	const pictured = products.filter((product) => product.image && !product.soldOut);
	const firsts = categoriesOf(pictured).flatMap(
		(category) => pictured.find((product) => product.category === category) ?? []
	);
	const rest = pictured.filter((product) => !firsts.includes(product));
	return [...firsts, ...rest].slice(0, count);
}
