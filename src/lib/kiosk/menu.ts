/**
 * The menu as the guest screen shows it (server side, in the kiosk page's load): the available
 * products in menu order, each with the deposit its container carries when the cached deposit
 * configuration maps it — the same rule the server's quote applies (same currency as the
 * product, configuration active), so what the menu promises is what the sale charges.
 */
import type { Product } from '#lib/server/catalog/product.ts';
import type { DepositConfiguration } from '#lib/server/platform/deposits.ts';
import type { MenuProduct } from './types.ts';

export function menuOf(
	products: readonly Product[],
	depositConfiguration: DepositConfiguration | null
): MenuProduct[] {
	return products
		.filter((product) => product.available)
		.map((product) => {
			const mapping = depositConfiguration?.hybridRevoTokenProducts.find(
				(candidate) => candidate.productId === product.id
			);
			const category = mapping?.hybridCategory;
			return {
				id: product.id,
				category: product.category,
				name: product.name,
				description: product.description,
				grossMinor: product.grossMinor,
				currencyCode: product.currencyCode,
				image: product.image,
				deposit:
					category && category.currencyCode === product.currencyCode
						? {
								categoryId: category.id,
								name: category.revoTokenCategory?.name ?? category.id,
								unitMinor: category.depositGrossMinor,
								expirationHours: category.expirationHours
							}
						: null
			};
		});
}

/** The categories in menu order (the order their first product appears in). */
export function categoriesOf(products: readonly MenuProduct[]): string[] {
	return [...new Set(products.map((product) => product.category))];
}
